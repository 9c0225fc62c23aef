package org.altml.core.eval;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.altml.core.math.VectorMath;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.Sha256;
import org.altml.sparse.data.InputDigest;

/**
 * Provenance of one run: what was run on what, where. Attach it to every reported result.
 *
 * @param protocol e.g. {@code "train-then-test"} or {@code "prequential"}
 * @param learner learner name, e.g. {@code "falt"}
 * @param settings learner settings by name (η, M, ...), in insertion order; unmodifiable
 * @param seeds seeds by role (e.g. {@code "order"}), in insertion order; unmodifiable
 * @param order training order ({@code "file"}, {@code "shuffle"}, or {@code "stream"} for prequential)
 * @param scaling feature scaling
 * @param zeroDivision the metrics' zero-division policy
 * @param dataFiles the data files read, with sizes and hashes; unmodifiable
 * @param vectorization the active vector kernels, {@link VectorMath#implementation()}
 * @param jdk the running JDK (version and vendor)
 * @param toolkitVersion the ALT version, or {@code "dev"} when not run from a packaged jar
 */
public record RunRecord(
    String protocol,
    String learner,
    Map<String, String> settings,
    Map<String, Long> seeds,
    String order,
    FeatureScaling scaling,
    ZeroDivisionPolicy zeroDivision,
    List<DataFile> dataFiles,
    String vectorization,
    String jdk,
    String toolkitVersion) {

  /** Copies the maps (keeping their order) and the list into unmodifiable ones. */
  public RunRecord {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(learner, "learner");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    seeds = Collections.unmodifiableMap(new LinkedHashMap<>(seeds));
    dataFiles = List.copyOf(dataFiles);
  }

  /**
   * A data file's identity.
   *
   * @param path the path as given
   * @param bytes size in bytes
   * @param sha256 SHA-256 of the content, lower-case hex
   */
  public record DataFile(String path, long bytes, String sha256) {
    /**
     * The identity of an input as a reader read and hashed it ({@link
     * org.altml.sparse.io.ReadOptions#withInputHashing}, then {@link org.altml.sparse.data.Dataset#inputDigests()}
     * or {@link org.altml.sparse.data.ExampleStream#inputDigests()}): no second read, so pipes and standard
     * input get the hash of the content that was parsed.
     */
    public static DataFile of(InputDigest digest) {
      return new DataFile(digest.name(), digest.bytes(), digest.sha256());
    }

    /**
     * The identity of a dataset in memory, read without hashing or made by a program: its name and the SHA-256 of its
     * content ({@link org.altml.sparse.data.Dataset#contentSha256()}), so that runs on other data get other keys.
     */
    public static DataFile inMemory(org.altml.sparse.data.Dataset data) {
      return new DataFile("(in memory) " + data.name(), 0, data.contentSha256());
    }

    /**
     * The identity of the data {@code data} was read from: its one file as hashed when read (a LIBSVM file), else its
     * content ({@link #inMemory}): data of several inputs (an ARFF file and its XML), data read without hashing, and a
     * subset of a file (whose digests are the whole file's).
     */
    public static DataFile of(org.altml.sparse.data.Dataset data) {
      List<InputDigest> digests = data.inputDigests();
      if (digests.size() == 1 && !data.isSubsetOfInputs()) {
        return of(digests.get(0));
      }
      return inMemory(data);
    }

    /** {@link #of(InputDigest)} for each digest, in order. */
    public static List<DataFile> of(List<InputDigest> digests) {
      List<DataFile> files = new ArrayList<>(digests.size());
      for (InputDigest d : digests) {
        files.add(of(d));
      }
      return List.copyOf(files);
    }

    /**
     * Reads the regular file {@code file} once more to hash it. A pipe, a device or standard input cannot
     * be read again (a FIFO would block or give nothing): hash those as they are read, with
     * {@link #of(InputDigest)}.
     *
     * @throws IOException if it cannot be read, or it is not a regular file
     */
    public static DataFile of(Path file) throws IOException {
      if (file.toString().equals("-") || !Files.isRegularFile(file)) {
        throw new java.nio.file.FileSystemException(file.toString(), null, "not a regular file, so it cannot be read again to be"
            + " hashed: hash it while reading it (ReadOptions.withInputHashing, RunRecord.DataFile.of(InputDigest))");
      }
      MessageDigest digest = Sha256.digest();
      long bytes = 0;
      byte[] buffer = new byte[1 << 16];
      try (InputStream in = Files.newInputStream(file)) {
        int r;
        while ((r = in.read(buffer)) > 0) {
          digest.update(buffer, 0, r);
          bytes += r;
        }
      }
      return new DataFile(file.toString(), bytes, Sha256.hex(digest));
    }
  }

  /**
   * A record for the current environment (vectorization, JDK, toolkit version), hashing every file.
   *
   * @throws IOException if a file cannot be read
   */
  public static RunRecord of(
      String protocol,
      String learner,
      Map<String, String> settings,
      Map<String, Long> seeds,
      String order,
      FeatureScaling scaling,
      ZeroDivisionPolicy zeroDivision,
      List<Path> files)
      throws IOException {
    List<DataFile> data = new ArrayList<>();
    for (Path f : files) {
      data.add(DataFile.of(f));
    }
    return new RunRecord(
        protocol, learner, settings, seeds, order, scaling, zeroDivision, data, VectorMath.implementation(), currentJdk(), currentToolkitVersion());
  }

  /**
   * A record of a run of the learner with {@code settings} (the learner name and every parameter's text
   * value, defaults included, M resolved from a factor, then {@code numLabels}: L is part of what was run), built by the protocols
   * themselves.
   *
   * @param dataFiles the files the data came from (may be empty for in-memory data)
   */
  public static RunRecord of(
      String protocol,
      org.altml.core.learner.Settings settings,
      int numLabels,
      Map<String, Long> seeds,
      String order,
      FeatureScaling scaling,
      ZeroDivisionPolicy zeroDivision,
      List<DataFile> dataFiles) {
    // M as run: maxUpdates beside a maxUpdatesFactor is the resolved M, not the unused default
    Map<String, String> values = new LinkedHashMap<>(org.altml.core.learner.CommonParameters.asTextAsRun(settings, numLabels));
    values.put("numLabels", Integer.toString(numLabels));
    return new RunRecord(protocol, settings.learner(), values, seeds, order, scaling, zeroDivision, dataFiles,
        VectorMath.implementation(), currentJdk(), currentToolkitVersion());
  }

  /**
   * A stable identity of what was run: SHA-256 (first 16 hex digits) of the protocol, learner, settings,
   * seeds, order, scaling, zero-division policy and the data files' hashes, not of the environment (JDK,
   * vectorization, version), so the same run on another machine has the same key. The files' hashes do not say how
   * they were read: the same files read with other options (ignored attributes, another L) give the same key, so
   * a key identifies a run together with its command; results are stored by the data's content instead
   * ({@code alt-experiment}'s store).
   */
  public String key() {
    StringBuilder sb = new StringBuilder(protocol).append('|').append(learner);
    settings.forEach((k, v) -> sb.append('|').append(k).append('=').append(v));
    seeds.forEach((k, v) -> sb.append("|seed:").append(k).append('=').append(v));
    sb.append('|').append(order).append('|').append(scaling).append('|').append(zeroDivision);
    for (DataFile f : dataFiles) {
      sb.append("|data:").append(f.sha256().isEmpty() ? f.path() : f.sha256());
    }
    byte[] digest = Sha256.digest().digest(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest, 0, 8);
  }

  /** The running JDK, e.g. {@code "25+36-LTS (Eclipse Adoptium)"}. */
  public static String currentJdk() {
    return Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")";
  }

  /** The ALT version from the jar manifest's Implementation-Version, or {@code "dev"} when absent. */
  public static String currentToolkitVersion() {
    String v = RunRecord.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "dev" : v;
  }
}
