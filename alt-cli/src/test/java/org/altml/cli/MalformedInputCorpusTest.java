package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every malformed input and every clash of an output with an input ends the same way: exit code 2, one
 * line on stderr that names the file (and the line, where there is one), no stack trace, no Java API
 * name, and no file in the folder changed, created or removed.
 *
 * <p>The inputs are the corpus under {@code src/test/resources/corpus} (LIBSVM, ARFF, Mulan XML, gzip and
 * model files, at least 30 of each, written by {@code make-corpus.py} with the arguments and expected
 * fragments in {@code cases.txt}); the output-path clashes are built here, with links and folders, by
 * {@link #clashes()}. Each case runs the real command line in-process in a fresh folder holding the
 * fixtures ({@code good.svm}, {@code good.arff} with {@code good.xml}, {@code good.model}) and the case.
 */
class MalformedInputCorpusTest {
  /** The fixtures and the model trained on good.svm, made once. */
  @TempDir static Path fixtures;

  @TempDir Path dir;

  /** Prepares a case's folder beyond the fixtures. */
  @FunctionalInterface
  interface Setup {
    void prepare(Path dir) throws IOException;
  }

  /**
   * One case.
   *
   * @param name shown in the test report
   * @param args the alt arguments, with {d} for the folder and {f} for the case file
   * @param stdin a file of the folder fed to standard input, or null
   * @param expected fragments the error line must contain (same placeholders)
   * @param setup what the folder needs besides the fixtures
   */
  record Case(String name, String args, String stdin, List<String> expected, Setup setup) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Path corpus() {
    try {
      return Path.of(MalformedInputCorpusTest.class.getResource("/corpus").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @BeforeAll
  static void trainTheFixtureModel() throws IOException {
    for (String f : new String[] {"good.svm", "good.arff", "good.xml"}) {
      Files.copy(corpus().resolve("fixtures").resolve(f), fixtures.resolve(f));
    }
    CliRun r = CliRun.of("train", "--learner", "falt", "--order", "file", "--data", fixtures.resolve("good.svm").toString(),
        "--model", fixtures.resolve("good.model").toString());
    assertEquals(0, r.exitCode(), r.err());
    // a model of good.arff's shape, for ARFF cases whose header must fit the model before a line is read
    r = CliRun.of("train", "--learner", "falt", "--order", "file", "--data", fixtures.resolve("good.arff").toString(), "--model",
        fixtures.resolve("good-arff.model").toString());
    assertEquals(0, r.exitCode(), r.err());
  }

  static Stream<Case> cases() throws IOException {
    return Stream.concat(corpusCases().stream(), clashes().stream());
  }

  /** The corpus: one case a line of cases.txt; the case file is copied with any file of the same name beside it. */
  static List<Case> corpusCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    for (String line : Files.readAllLines(corpus().resolve("cases.txt"), StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\t", -1);
      String file = parts[0];
      String args = parts[1].replace("{f}", "{d}/" + Path.of(file).getFileName());
      String stdin = null;
      int redirect = args.indexOf(" <");
      if (redirect >= 0) {
        stdin = Path.of(file).getFileName().toString();
        args = args.substring(0, redirect);
      }
      List<String> expected = new ArrayList<>();
      for (String fragment : parts[2].split(" && ")) {
        expected.add(fragment.replace("{f}", "{d}/" + Path.of(file).getFileName()));
      }
      cases.add(new Case(file, args, stdin, expected, d -> copyWithSiblings(corpus().resolve(file), d)));
    }
    return cases;
  }

  /** Copies {@code file} and the files of the same name with another extension (an ARFF's XML) into {@code dir}. */
  private static void copyWithSiblings(Path file, Path dir) throws IOException {
    String name = file.getFileName().toString();
    String stem = name.substring(0, name.indexOf('.'));
    try (Stream<Path> siblings = Files.list(file.getParent())) {
      for (Path p : siblings.filter(p -> p.getFileName().toString().startsWith(stem + ".")).toList()) {
        Files.copy(p, dir.resolve(p.getFileName()));
      }
    }
  }

  private static Case clash(String name, String args, Setup setup, String... expected) {
    return new Case("clash/" + name, args, null, List.of(expected), setup);
  }

  private static Case clash(String name, String args, String... expected) {
    return clash(name, args, d -> {}, expected);
  }

  /** Outputs that would overwrite an input or a file nobody named, and inputs and outputs that cannot be. */
  static List<Case> clashes() {
    String predict = "predict --model {d}/good.model --data {d}/good.svm --out ";
    String same = "are the same file";
    return List.of(
        clash("predict-out-is-data", predict + "{d}/good.svm", "--out {d}/good.svm", "--data {d}/good.svm", same),
        clash("predict-out-is-model", predict + "{d}/good.model", "--out {d}/good.model", "--model {d}/good.model", same),
        clash("train-model-is-data", "train --learner falt --data {d}/good.svm --model {d}/good.svm", "--model", "--data", same),
        clash("train-model-is-from", "train --from {d}/good.model --data {d}/good.svm --model {d}/good.model", "--model",
            "--from", same),
        clash("prequential-curve-is-data", "prequential --learner falt --data {d}/good.svm --curve {d}/good.svm", "--curve",
            "--data", same),
        clash("evaluate-predictions-is-test", "evaluate --learner falt --train {d}/good.svm --test {d}/test.svm --predictions"
            + " {d}/test.svm", d -> Files.copy(d.resolve("good.svm"), d.resolve("test.svm")), "--predictions {d}/test.svm",
            "--test {d}/test.svm", same),
        clash("test-predictions-is-data", "test --model {d}/good.model --data {d}/good.svm --predictions {d}/good.svm",
            "--predictions {d}/good.svm", "--data {d}/good.svm", same),
        clash("test-predictions-is-model", "test --model {d}/good.model --data {d}/good.svm --predictions {d}/good.model",
            "--predictions {d}/good.model", "--model {d}/good.model", same),
        clash("evaluate-predictions-is-train", "evaluate --learner falt --train {d}/good.svm --test {d}/good.svm --predictions"
            + " {d}/good.svm", "--predictions", "--train", same),
        clash("convert-arff-onto-itself", "convert {d}/good.arff {d}/good.arff", "OUT {d}/good.arff", "IN {d}/good.arff", same),
        clash("convert-svm-onto-itself", "convert {d}/good.svm {d}/good.svm", "OUT {d}/good.svm", "IN {d}/good.svm", same),
        clash("convert-over-an-unnamed-label-file", "convert {d}/good.svm {d}/mydata-train.arff",
            d -> Files.writeString(d.resolve("mydata.xml"), "<labels/>"), "{d}/mydata.xml", "OUT {d}/mydata-train.arff",
            "--overwrite"),
        clash("generate-over-an-unnamed-label-file", "generate -n 5 --kind dense {d}/synth.arff",
            d -> Files.writeString(d.resolve("synth.xml"), "<labels/>"), "{d}/synth.xml", "--overwrite"),
        clash("out-is-a-symlink-to-data", predict + "{d}/link.txt",
            d -> Files.createSymbolicLink(d.resolve("link.txt"), d.resolve("good.svm")), "--out {d}/link.txt", same),
        clash("out-is-a-relative-symlink-chain", predict + "{d}/link1",
            d -> {
              Files.createSymbolicLink(d.resolve("link2"), Path.of("good.svm"));
              Files.createSymbolicLink(d.resolve("link1"), Path.of("link2"));
            }, "--out {d}/link1", "--data {d}/good.svm", same),
        clash("out-is-a-hard-link-to-data", predict + "{d}/hard.svm",
            d -> Files.createLink(d.resolve("hard.svm"), d.resolve("good.svm")), "--out {d}/hard.svm", same),
        clash("out-spelled-through-dot-dot", predict + "{d}/sub/../good.svm", d -> Files.createDirectory(d.resolve("sub")),
            "--out {d}/sub/../good.svm", same),
        clash("out-through-a-linked-folder", predict + "{d}/linked/good.svm",
            d -> Files.createSymbolicLink(d.resolve("linked"), d), "--out {d}/linked/good.svm", same),
        clash("out-is-the-labels-xml", "predict --model {d}/good.model --data {d}/good.arff --labels-xml {d}/good.xml --out"
            + " {d}/good.xml", "--out {d}/good.xml", "--labels-xml {d}/good.xml", same),
        clash("out-is-the-xml-beside-the-data", "predict --model {d}/good.model --data {d}/good.arff --out {d}/good.xml",
            "--out {d}/good.xml", "the label file", same),
        clash("convert-writes-its-own-label-file", "convert --labels-xml {d}/good.xml {d}/good.arff {d}/good-train.arff",
            "the label file {d}/good.xml written beside OUT {d}/good-train.arff", "--labels-xml {d}/good.xml", same),
        clash("train-model-is-the-xml-beside", "train --learner falt --data {d}/good.arff --model {d}/good.xml", "--model",
            "the label file", same),
        clash("evaluate-predictions-is-the-xml", "evaluate --learner falt --train {d}/good.arff --test {d}/good.arff"
            + " --predictions {d}/good.xml", "--predictions {d}/good.xml", same),
        clash("prequential-curve-is-the-labels-xml", "prequential --learner falt --labels-xml {d}/good.xml --data"
            + " {d}/good.arff --curve {d}/good.xml", "--curve {d}/good.xml", "--labels-xml", same),
        clash("convert-in-through-a-link-onto-its-target", "convert {d}/link.arff {d}/good.arff",
            d -> Files.createSymbolicLink(d.resolve("link.arff"), d.resolve("good.arff")), "OUT {d}/good.arff",
            "IN {d}/link.arff", same),
        clash("from-through-a-link-is-model", "train --from {d}/m-link --data {d}/good.svm --model {d}/good.model",
            d -> Files.createSymbolicLink(d.resolve("m-link"), d.resolve("good.model")), "--from {d}/m-link", same),
        clash("out-folder-does-not-exist", predict + "{d}/nodir/p.txt", "--out {d}/nodir/p.txt", "{d}/nodir does not exist"),
        clash("out-parent-is-a-file", predict + "{d}/good.arff/p.txt", "--out {d}/good.arff/p.txt", "is not a folder"),
        clash("out-is-a-folder", predict + "{d}", "--out {d}", "is a folder"),
        clash("model-is-a-folder", "train --learner falt --data {d}/good.svm --model {d}/models",
            d -> Files.createDirectory(d.resolve("models")), "--model {d}/models", "is a folder"),
        clash("generate-into-a-folder", "generate -n 5 {d}/out", d -> Files.createDirectory(d.resolve("out")),
            "OUT {d}/out", "is a folder"),
        clash("out-is-a-symlink-loop", predict + "{d}/loop1",
            d -> {
              Files.createSymbolicLink(d.resolve("loop1"), Path.of("loop2"));
              Files.createSymbolicLink(d.resolve("loop2"), Path.of("loop1"));
            }, "{d}/loop1", "symbolic links"),
        clash("stats-on-a-folder", "stats {d}", "DATA {d}", "is a folder, not a data file"),
        clash("data-is-a-folder", "predict --model {d}/good.model --data {d}", "--data {d}", "is a folder"),
        clash("model-input-is-a-folder", "predict --model {d} --data {d}/good.svm", "--model {d}", "is a folder, not a model file"),
        clash("missing-input", "evaluate --learner falt --train {d}/absent.svm --test {d}/good.svm", "--train {d}/absent.svm",
            "no such file"),
        clash("stdin-as-model-and-data", "predict --model - --data -", "--model -", "--data -", "standard input"),
        clash("stdin-as-from-and-data", "train --from - --data - --model {d}/m.model", "--from -", "--data -", "standard input"),
        clash("stdin-as-data-and-labels", "stats --labels-xml - -", "--labels-xml -", "DATA -", "standard input"),
        clash("stdin-twice-for-stats", "stats - {d}/good.svm -", "DATA -", "standard input"),
        clash("stdin-label-file-for-two-data-files", "evaluate --learner falt --labels-xml - --train {d}/good.arff --test"
            + " {d}/test.arff", d -> Files.copy(d.resolve("good.arff"), d.resolve("test.arff")), "--labels-xml -",
            "standard input"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void refusedInOneLineAndNothingChanges(Case c) throws Exception {
    for (String f : new String[] {"good.svm", "good.arff", "good.xml", "good.model", "good-arff.model"}) {
      Files.copy(fixtures.resolve(f), dir.resolve(f));
    }
    c.setup().prepare(dir);
    Map<String, String> before = snapshot(dir);
    String[] args = c.args().replace("{d}", dir.toString()).split(" ");
    CliRun r = c.stdin() == null ? CliRun.of(args) : CliRun.withInput(Files.readAllBytes(dir.resolve(c.stdin())), args);

    String what = "alt " + c.args() + " -> " + r.err();
    assertEquals(2, r.exitCode(), what);
    String line = r.errLine();
    assertTrue(line.startsWith("alt: "), what);
    for (String fragment : c.expected()) {
      String f = fragment.replace("{d}", dir.toString());
      assertTrue(line.contains(f), "'" + f + "' in " + what);
    }
    for (String forbidden : new String[] {"Exception", "at org.", "at java.", "ReadOptions", "for the library", "internal error"}) {
      assertFalse(line.contains(forbidden), "'" + forbidden + "' in " + what);
    }
    assertEquals(before, snapshot(dir), "files changed by " + what);
  }

  /** The corpus holds at least 30 cases of each kind, and the clashes as many. */
  @Test
  void atLeastThirtyCasesOfEachKind() throws IOException {
    Map<String, Integer> counts = new TreeMap<>();
    for (Case c : corpusCases()) {
      counts.merge(c.name().substring(0, c.name().indexOf('/')), 1, Integer::sum);
    }
    counts.put("clash", clashes().size());
    assertEquals(List.of("arff", "clash", "gzip", "libsvm", "model", "xml"), List.copyOf(counts.keySet()));
    counts.forEach((kind, n) -> assertTrue(n >= 30, kind + ": " + n + " cases"));
  }

  /** Every file under {@code dir}: its kind and content hash (a link: its target), by relative path. */
  static Map<String, String> snapshot(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.toList()) {
        String key = dir.relativize(p).toString();
        if (Files.isSymbolicLink(p)) {
          files.put(key, "link -> " + Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          files.put(key, "folder");
        } else {
          files.put(key, sha256(p));
        }
      }
    }
    return files;
  }

  private static String sha256(Path file) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
