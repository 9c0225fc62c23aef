package org.altml.sparse.io;

import java.io.IOException;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;

/**
 * Entry point for data files: reads, streams and writes LIBSVM and ARFF, choosing the format by the
 * file name (or {@link ReadOptions#format()}). A name ending in {@code .gz} is written gzipped; on
 * reading, gzip is recognised by its magic bytes whatever the name.
 *
 * <pre>{@code
 * Dataset train = DataFiles.read(Path.of("emotions-train.arff"), ReadOptions.defaults());
 * try (ExampleStream s = DataFiles.open(Path.of("big.svm.gz"), ReadOptions.defaults())) {
 *   while (s.advance()) { ... }
 * }
 * DataFiles.write(train, Path.of("emotions-train.svm"));
 * }</pre>
 */
public final class DataFiles {
  private DataFiles() {}

  /** The format {@code file} is read or written in under {@code options}. */
  public static DataFormat formatOf(Path file, ReadOptions options) {
    return options.format().resolve(file);
  }

  /**
   * Reads the whole file into memory.
   *
   * @throws DataFormatException if the file is malformed (naming file, line and problem)
   * @throws IOException if it cannot be read
   */
  public static Dataset read(Path file, ReadOptions options) throws IOException {
    return switch (formatOf(file, options)) {
      case ARFF -> ArffReader.read(file, options);
      default -> LibSvmReader.read(file, options);
    };
  }

  /** Reads the whole file with {@link ReadOptions#defaults()}. */
  public static Dataset read(Path file) throws IOException {
    return read(file, ReadOptions.defaults());
  }

  /**
   * Opens a stream over the file that never loads it whole (memory is bounded by the longest line and,
   * for ARFF, the header). The caller closes it.
   */
  public static ExampleStream open(Path file, ReadOptions options) throws IOException {
    return switch (formatOf(file, options)) {
      case ARFF -> ArffReader.open(file, options);
      default -> LibSvmReader.open(file, options);
    };
  }

  /**
   * Writes {@code data} in the format of the file name: {@code .arff[.gz]} is ARFF with its Mulan XML
   * label file beside it, anything else LIBSVM; {@code .gz} compresses.
   */
  public static void write(Dataset data, Path file) throws IOException {
    write(data, file, DataFormat.AUTO);
  }

  /** Writes {@code data} in the given format ({@link DataFormat#AUTO}: by file name). */
  public static void write(Dataset data, Path file, DataFormat format) throws IOException {
    switch (format.resolve(file)) {
      case ARFF -> ArffWriter.write(data, file);
      default -> LibSvmWriter.write(data, file);
    }
  }
}
