package org.altml.sparse.io.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormat;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.InputNames;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.arff.ArffReader;
import org.altml.sparse.io.arff.ArffWriter;
import org.altml.sparse.io.internal.Inputs;
import org.altml.sparse.io.internal.LineInput;
import org.altml.sparse.io.libsvm.LibSvmReader;
import org.altml.sparse.io.libsvm.LibSvmWriter;

/**
 * Entry point for data files: reads, streams and writes LIBSVM and ARFF. A name ending in {@code .gz} is
 * written gzipped; on reading, gzip is recognised by its magic bytes whatever the name.
 *
 * <pre>{@code
 * Dataset train = DataFiles.read(Path.of("emotions-train.arff"), ReadOptions.defaults());
 * try (ExampleStream s = DataFiles.open(Path.of("big.svm.gz"), ReadOptions.defaults())) {
 *   while (s.advance()) { ... }
 * }
 * DataFiles.write(train, Path.of("emotions-train.svm"));
 * }</pre>
 *
 * <p><b>One pass.</b> Every input is read once, from its first byte to its last: the format, gzip and
 * the encoding are decided from the first block already read, so FIFOs, process substitution
 * ({@code <(zcat x.gz)}) and standard input work. The path {@code "-"} ({@link #STANDARD_INPUT}) means
 * standard input wherever a path is read (data files here, label files, model files); it is named
 * {@code <stdin>} in messages. With {@link ReadOptions#withInputHashing}, the readers hash the bytes they
 * read ({@link ExampleStream#inputDigests()}, {@link Dataset#inputDigests()}), so provenance needs no
 * second read.
 *
 * <p><b>Format.</b> {@link ReadOptions#format()}, or with {@link DataFormat#AUTO}: a name ending in
 * {@code .arff} (or {@code .arff.gz}) is ARFF; otherwise the content decides: ARFF when its first
 * character that is not white space is {@code @} or {@code %} (a LIBSVM file cannot start so), else LIBSVM.
 */
public final class DataFiles {
  /** The path that means standard input. */
  public static final Path STANDARD_INPUT = Path.of("-");

  private DataFiles() {}

  /** Whether {@code file} is {@code "-"}, standard input. */
  public static boolean isStandardInput(Path file) {
    return InputNames.isStandardInput(file);
  }

  /**
   * The bytes of {@code file} as stored, not decompressed ({@code "-"}: standard input, which closing the
   * stream leaves open); for inputs other than data files, such as model files.
   */
  public static InputStream openBytes(Path file) throws IOException {
    return Inputs.openRaw(file);
  }

  /** The name of {@code file} in messages: the path as given, or {@code <stdin>} for {@code "-"}. */
  public static String displayName(Path file) {
    return InputNames.displayName(file);
  }

  /**
   * The format {@code file} is written in, or read in when the name decides; with {@link DataFormat#AUTO}
   * and a name that does not end in {@code .arff[.gz]} a reader still looks at the content (see the class
   * comment), so this answers LIBSVM for what may turn out to be ARFF.
   */
  public static DataFormat formatOf(Path file, ReadOptions options) {
    return options.format().resolve(file);
  }

  /**
   * Reads the whole file ({@code "-"}: standard input) into memory.
   *
   * @throws DataFormatException if the file is malformed (naming file, line and problem)
   * @throws org.altml.sparse.InsufficientMemoryException if it does not fit in the heap
   * @throws IOException if it cannot be read
   */
  public static Dataset read(Path file, ReadOptions options) throws IOException {
    try (ExampleStream s = open(file, options)) {
      return load(s, InputNames.datasetName(file), options);
    }
  }

  /** Reads the whole file with {@link ReadOptions#defaults()}. */
  public static Dataset read(Path file) throws IOException {
    return read(file, ReadOptions.defaults());
  }

  /**
   * Reads all of {@code in} (plain or gzip; closed afterwards) into memory; {@code name} names it in
   * messages and digests. An ARFF stream has no XML beside it: give the labels in {@code options} or by
   * MEKA's {@code -C}.
   */
  public static Dataset read(InputStream in, String name, ReadOptions options) throws IOException {
    try (ExampleStream s = open(in, name, options)) {
      return load(s, name, options);
    }
  }

  /** {@link #open(Path, ReadOptions)} with {@link ReadOptions#defaults()}. */
  public static ExampleStream open(Path file) throws IOException {
    return open(file, ReadOptions.defaults());
  }

  /**
   * Opens a stream over the file ({@code "-"}: standard input) that never loads it whole (memory is
   * bounded by the longest line and, for ARFF, the header). The caller closes it. With
   * {@link ReadOptions#parseThreads()} above 1 a LIBSVM stream parses ahead of the caller on threads of its
   * own (the same examples, errors and digests); an ARFF stream is an {@link ArffReader} either way.
   */
  public static ExampleStream open(Path file, ReadOptions options) throws IOException {
    return over(Inputs.lines(file, options), file, options);
  }

  /**
   * {@link #open(Path, ReadOptions)} reading the bytes of {@code file} from {@code in} (which the stream owns and
   * closes), for a caller that passes them through something of its own, such as a progress counter: the format,
   * the name in messages and the Mulan XML beside an ARFF file come from {@code file}.
   */
  public static ExampleStream open(InputStream in, Path file, ReadOptions options) throws IOException {
    return over(Inputs.lines(in, InputNames.displayName(file), options), file, options);
  }

  /** {@link #read(Path, ReadOptions)} reading the bytes of {@code file} from {@code in}, as {@link #open(InputStream, Path, ReadOptions)}. */
  public static Dataset read(InputStream in, Path file, ReadOptions options) throws IOException {
    try (ExampleStream s = open(in, file, options)) {
      return load(s, InputNames.datasetName(file), options);
    }
  }

  /** The reader of {@code file}'s lines: its format by the options, the name or the content. */
  private static ExampleStream over(LineInput in, Path file, ReadOptions options) throws IOException {
    boolean arff = options.format().resolve(file) == DataFormat.ARFF
        || (options.format() == DataFormat.AUTO && in.looksLikeArff());
    return arff ? ArffReader.over(in, file, options) : LibSvmReader.stream(in, options);
  }

  /**
   * Opens a stream over {@code in} (plain or gzip), which the stream owns and closes; {@code name} names
   * it in messages and decides the format as a file name would. No XML file is looked for.
   */
  public static ExampleStream open(InputStream in, String name, ReadOptions options) throws IOException {
    LineInput lines = Inputs.lines(in, name, options);
    boolean arff = switch (options.format()) {
      case ARFF -> true;
      case LIBSVM -> false;
      case AUTO -> InputNames.plainName(name).endsWith(".arff") || lines.looksLikeArff();
    };
    return arff ? ArffReader.over(lines, null, options) : LibSvmReader.stream(lines, options);
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

  /** Reads the rest of {@code s} into a dataset with the stream's d, L, names and digests. */
  private static Dataset load(ExampleStream s, String name, ReadOptions options) throws IOException {
    List<String> labels = s instanceof ArffReader a ? a.labelNames() : null;
    List<String> features = s instanceof ArffReader a ? a.featureNames() : List.of();
    return Inputs.load(s, name, options, labels, features);
  }
}
