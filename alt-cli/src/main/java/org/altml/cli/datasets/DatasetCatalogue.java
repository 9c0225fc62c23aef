package org.altml.cli.datasets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.altml.core.learner.NameSuggestion;
import org.altml.sparse.io.DataFormatException;

/**
 * The datasets {@code alt datasets} knows, read from the catalogue committed with the code ({@code catalogue.txt} in
 * this package; its header describes the format) or from a file in the same format. A catalogue that cannot be read
 * is refused with its file, line and problem.
 */
public final class DatasetCatalogue {
  /** The resource of the built-in catalogue. */
  public static final String RESOURCE = "catalogue.txt";

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final Map<String, CatalogueDataset> datasets;

  private DatasetCatalogue(Map<String, CatalogueDataset> datasets) {
    this.datasets = datasets;
  }

  /** The catalogue committed with the code. */
  public static DatasetCatalogue builtIn() {
    try (InputStream in = DatasetCatalogue.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the dataset catalogue " + RESOURCE + " is missing from the class path");
      }
      return parse(new InputStreamReader(in, StandardCharsets.UTF_8), RESOURCE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The catalogue in {@code file}. */
  public static DatasetCatalogue read(Path file) throws IOException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(r, file.toString());
    }
  }

  /** The catalogue {@code in} holds; {@code source} names it in errors. */
  public static DatasetCatalogue parse(Reader in, String source) throws IOException {
    Map<String, CatalogueDataset> out = new LinkedHashMap<>();
    BufferedReader r = new BufferedReader(in);
    Builder current = null;
    String line;
    int number = 0;
    while ((line = r.readLine()) != null) {
      number++;
      String text = line.strip();
      if (text.isEmpty() || text.startsWith("#")) {
        continue;
      }
      String[] words = text.split("\\s+", 2);
      String rest = words.length > 1 ? words[1] : "";
      Problem p = new Problem(source, number);
      switch (words[0]) {
        case "dataset" -> {
          if (current != null) {
            put(out, current.build(p));
          }
          String[] w = rest.split("\\s+");
          if (w.length != 2 || !NAME.matcher(w[0]).matches()) {
            throw p.fail("expected 'dataset NAME BASE-URL' (BASE-URL '-' for a mirror-only dataset)");
          }
          if (out.containsKey(w[0])) {
            throw p.fail("dataset " + w[0] + " is listed twice");
          }
          current = new Builder(w[0], w[1].equals("-") ? null : url(w[1], p));
        }
        case "origin" -> need(current, p).origin = rest;
        case "licence" -> need(current, p).licence = rest;
        case "paper" -> need(current, p).paper = rest.equals("yes");
        case "file" -> need(current, p).files.add(file(rest, p));
        default -> throw p.fail("unknown keyword '" + words[0] + "' (dataset, origin, licence, paper, file)");
      }
    }
    if (current != null) {
      put(out, current.build(new Problem(source, number)));
    }
    if (out.isEmpty()) {
      throw new DataFormatException(source, number, "no dataset in the catalogue");
    }
    return new DatasetCatalogue(out);
  }

  /** The datasets, in the catalogue's order. */
  public List<CatalogueDataset> datasets() {
    return List.copyOf(datasets.values());
  }

  /** The dataset called {@code name}, if the catalogue has one. */
  public Optional<CatalogueDataset> find(String name) {
    return Optional.ofNullable(datasets.get(name));
  }

  /**
   * The dataset called {@code name}.
   *
   * @throws IllegalArgumentException naming the nearest known name and all of them
   */
  public CatalogueDataset get(String name) {
    CatalogueDataset d = datasets.get(name);
    if (d == null) {
      throw new IllegalArgumentException("unknown dataset '" + name + "'" + NameSuggestion.didYouMean(name, datasets.keySet())
          + " (the catalogue has "
          + String.join(", ", datasets.keySet()) + ")");
    }
    return d;
  }

  private static void put(Map<String, CatalogueDataset> out, CatalogueDataset d) {
    out.put(d.name(), d);
  }

  private static Builder need(Builder current, Problem p) throws DataFormatException {
    if (current == null) {
      throw p.fail("a dataset's details before its 'dataset NAME BASE-URL' line");
    }
    return current;
  }

  private static String url(String text, Problem p) throws DataFormatException {
    try {
      URI u = new URI(text);
      if (u.getScheme() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https")) || u.getHost() == null) {
        throw p.fail("not an http(s) URL: " + text);
      }
      return text;
    } catch (URISyntaxException e) {
      throw p.fail("not a URL: " + text + " (" + e.getReason() + ")");
    }
  }

  /** {@code PATH BYTES SHA256 [key=value...]}. */
  private static CatalogueFile file(String rest, Problem p) throws DataFormatException {
    String[] w = rest.split("\\s+");
    if (w.length < 3) {
      throw p.fail("expected 'file PATH BYTES SHA256 [source=...] [unpack=...]'");
    }
    String path = w[0];
    if (path.startsWith("/") || path.contains("\\") || List.of(path.split("/")).stream().anyMatch(s -> s.isEmpty()
        || s.equals(".") || s.equals("..") || s.startsWith("."))) {
      throw p.fail("the path " + path + " must be relative, below the dataset's folder, without hidden parts");
    }
    long bytes = size(w[1], p);
    String sha = sha(w[2], p);
    Map<String, String> options = new HashMap<>();
    for (int i = 3; i < w.length; i++) {
      int eq = w[i].indexOf('=');
      String key = eq < 0 ? w[i] : w[i].substring(0, eq);
      if (eq < 0 || !List.of("source", "unpack", "archive-bytes", "archive-sha256", "entry").contains(key)) {
        throw p.fail("unknown file option '" + w[i] + "' (source=, unpack=, archive-bytes=, archive-sha256=, entry=)");
      }
      options.put(key, w[i].substring(eq + 1));
    }
    String source = options.getOrDefault("source", path);
    String unpack = options.getOrDefault("unpack", "none");
    if (unpack.equals("none")) {
      if (options.containsKey("archive-bytes") || options.containsKey("archive-sha256") || options.containsKey("entry")) {
        throw p.fail("archive-bytes=, archive-sha256= and entry= belong to unpack=gunzip or unpack=unzip");
      }
      return CatalogueFile.plain(path, bytes, sha, source);
    }
    CatalogueFile.Unpack how = switch (unpack) {
      case "gunzip" -> CatalogueFile.Unpack.GUNZIP;
      case "unzip" -> CatalogueFile.Unpack.UNZIP;
      default -> throw p.fail("unpack=" + unpack + " is not supported (gunzip, unzip)");
    };
    if (!options.containsKey("archive-bytes") || !options.containsKey("archive-sha256")) {
      throw p.fail("unpack=" + unpack + " needs the download's archive-bytes= and archive-sha256=");
    }
    String entry = options.get("entry");
    if ((how == CatalogueFile.Unpack.UNZIP) != (entry != null)) {
      throw p.fail("entry= names the zip member: it goes with unpack=unzip, which needs it");
    }
    return new CatalogueFile(path, bytes, sha, source, how, size(options.get("archive-bytes"), p),
        sha(options.get("archive-sha256"), p), entry);
  }

  private static long size(String text, Problem p) throws DataFormatException {
    try {
      long n = Long.parseLong(text);
      if (n < 0) {
        throw p.fail("a negative size: " + text);
      }
      return n;
    } catch (NumberFormatException e) {
      throw p.fail("not a size in bytes: " + text);
    }
  }

  private static String sha(String text, Problem p) throws DataFormatException {
    if (!SHA256.matcher(text).matches()) {
      throw p.fail("not a SHA-256 (64 lowercase hex digits): " + text);
    }
    return text;
  }

  /** Where a problem is: the catalogue and the line. */
  private record Problem(String source, int line) {
    DataFormatException fail(String message) {
      return new DataFormatException(source, line, message);
    }
  }

  /** A dataset being read. */
  private static final class Builder {
    final String name;
    final String base;
    String origin = "";
    String licence = "";
    boolean paper;
    final List<CatalogueFile> files = new ArrayList<>();

    Builder(String name, String base) {
      this.name = name;
      this.base = base;
    }

    CatalogueDataset build(Problem p) throws DataFormatException {
      if (files.isEmpty()) {
        throw p.fail("dataset " + name + " has no file");
      }
      if (files.stream().map(CatalogueFile::path).distinct().count() != files.size()) {
        throw p.fail("dataset " + name + " lists a file twice");
      }
      return new CatalogueDataset(name, base, origin, licence, paper, List.copyOf(files));
    }
  }
}
