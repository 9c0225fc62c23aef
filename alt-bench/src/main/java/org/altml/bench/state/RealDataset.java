package org.altml.bench.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A real dataset from the shared folder ({@code -Dalt.datasets=PATH}, by default
 * {@code ../shared/datasets}), loaded once per trial, permuted with a fixed seed (Mulan files are
 * sorted, so file order means nothing to an online learner).
 *
 * <p>JMH cannot skip a benchmark: when the folder or the file is absent, {@link #load()} throws an
 * {@link IllegalStateException} whose message starts with {@code "dataset absent:"}, JMH reports that
 * benchmark as failed with the message and goes on with the others. Benchmarks using this state live in
 * their own classes (e.g. {@code RealDataLearnerBenchmark}) so that a run without the data can exclude
 * them with {@code -e RealData}.
 */
@State(Scope.Benchmark)
public class RealDataset {
  /** Seed of the permutation applied to every real stream. */
  public static final long SEED = 20240601L;

  /** Dataset name: a folder of the shared datasets (bibtex, rcv1subset1). */
  @Param({"bibtex", "rcv1subset1"})
  public String dataset;

  private Dataset data;

  /** Creates the state; JMH sets the parameters. */
  public RealDataset() {}

  /** Folder of the shared datasets. */
  public static Path root() {
    return Path.of(System.getProperty("alt.datasets", "../shared/datasets"));
  }

  /**
   * Loads and permutes the dataset.
   *
   * @throws IllegalStateException "dataset absent: ..." when the files are not there
   */
  @Setup(Level.Trial)
  public void load() {
    Path dir = root().resolve(dataset);
    Path xml = dir.resolve(dataset + ".xml");
    Path file = firstExisting(
        dir.resolve(dataset + "-train.arff"), dir.resolve(dataset + ".arff"), dir.resolve(dataset + ".arff.gz"));
    if (file == null || !Files.isRegularFile(xml)) {
      throw new IllegalStateException(
          "dataset absent: " + dataset + " not found under " + root().toAbsolutePath()
              + " (set -Dalt.datasets=PATH, or exclude these benchmarks with -e RealData)");
    }
    try {
      Dataset loaded = DataFiles.read(file, ReadOptions.defaults().withLabelFile(xml));
      data = loaded.subset(loaded.permutation(SEED));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static Path firstExisting(Path... candidates) {
    for (Path p : candidates) {
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  /** The loaded, permuted dataset. */
  public Dataset dataset() {
    if (data == null) {
      throw new IllegalStateException("load() has not run");
    }
    return data;
  }
}
