package org.altml.bench.sparse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.altml.bench.state.YardstickStream;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-threaded parsing throughput of LIBSVM and sparse ARFF files (target: LIBSVM at least
 * 150 MB/s). Each trial writes the yardstick's RCV1-shaped stream ({@code examples} rows, d = 47,236,
 * 76 non-zeros, L = 101) once into a temporary folder in the chosen format; each invocation streams the
 * whole file through {@link DataFiles#open} (nothing kept in memory).
 *
 * <p>Throughput in bytes: the {@link Bytes} auxiliary counter adds the file size per invocation, so
 * JMH prints {@code readFile:bytes} in bytes per second next to the files per second; divide by 10⁶
 * for MB/s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class ReaderBenchmark {
  /** File format: {@code libsvm} or {@code arff} (sparse ARFF with a Mulan XML label file). */
  @Param({"libsvm", "arff"})
  public String format;

  /** Rows in the generated file. */
  @Param("20000")
  public int examples;

  private Path dir;
  private Path file;
  private ReadOptions options;
  private long fileBytes;
  private long expectedNonZeros;

  /** Creates the benchmark; JMH sets the parameters. */
  public ReaderBenchmark() {}

  /** Bytes read, reported by JMH as a rate next to the primary result. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    /** Bytes parsed since the iteration began. */
    public long bytes;

    /** Creates the counter. */
    public Bytes() {}

    /** Clears the counter at each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      bytes = 0;
    }
  }

  /** Writes the file once per trial and checks that reading it gives back every non-zero. */
  @Setup(Level.Trial)
  public void writeFile() throws IOException {
    Dataset data = YardstickStream.generate(47_236, 101, 76, examples);
    dir = Files.createTempDirectory("alt-reader-bench");
    file = dir.resolve(format.equals("arff") ? "rcv1shape.arff" : "rcv1shape.svm");
    DataFiles.write(data, file);
    fileBytes = Files.size(file);
    options = format.equals("arff")
        ? ReadOptions.defaults().withLabelFile(dir.resolve("rcv1shape.xml"))
        : ReadOptions.defaults().withNumLabels(101);
    expectedNonZeros = data.totalNonZeros() + data.totalLabels();
    long read = readAll();
    if (read != expectedNonZeros) {
      throw new IllegalStateException("read " + read + " non-zeros back from " + file + ", wrote " + expectedNonZeros + " (features and labels)");
    }
  }

  /** Deletes the temporary folder. */
  @TearDown(Level.Trial)
  public void deleteFile() throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private long readAll() throws IOException {
    long nonZeros = 0;
    try (ExampleStream s = DataFiles.open(file, options)) {
      while (s.advance()) {
        nonZeros += s.features().nnz() + s.labels().size(); // features and labels
      }
    }
    return nonZeros;
  }

  /** Streams the whole file; returns the non-zeros plus labels seen (so nothing is dead code). */
  @Benchmark
  public long readFile(Bytes counter) throws IOException {
    counter.bytes += fileBytes;
    return readAll();
  }
}
