package org.altml.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.core.eval.RunRecord;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFiles;
import org.altml.sparse.io.ReadOptions;

/**
 * The one place where the CLI reads and writes data files: it maps {@link DataOptions} onto the
 * library's {@link ReadOptions} and calls {@link DataFiles}. Commands never touch readers directly, so
 * a change in the I/O API is absorbed here.
 */
final class DataLoading {
  private DataLoading() {}

  /** The library's read options for these command-line options. */
  static ReadOptions readOptions(DataOptions options) {
    ReadOptions r = ReadOptions.defaults().withZeroBased(options.zeroBased);
    if (options.numLabels != null) {
      r = r.withNumLabels(options.numLabels);
    }
    if (options.labelsXml != null) {
      r = r.withLabelFile(options.labelsXml);
    }
    if (options.labelsLast != null) {
      r = r.withLabelsLast(options.labelsLast);
    }
    return r;
  }

  /** Reads a whole data file into memory. */
  static Dataset read(Path file, DataOptions options) throws IOException {
    return DataFiles.read(file, readOptions(options));
  }

  /** Statistics of a data file in one streaming pass (the file is never loaded whole). */
  static DatasetStats stats(Path file, DataOptions options) throws IOException {
    try (ExampleStream s = DataFiles.open(file, readOptions(options))) {
      return DatasetStats.of(s);
    }
  }

  /** Statistics of an in-memory dataset. */
  static DatasetStats stats(Dataset data) {
    return DatasetStats.of(data);
  }

  /**
   * Writes {@code data} to {@code out} (format by file name: {@code .arff} with its Mulan XML beside it,
   * else LIBSVM; {@code .gz} compresses). {@link DataFiles#write} goes through
   * {@link org.altml.sparse.io.AtomicOutput}, so {@code out} never exists half-written and an existing
   * {@code out} is left untouched on failure.
   */
  static void write(Dataset data, Path out) throws IOException {
    DataFiles.write(data, out);
  }

  /**
   * {@code data} with {@code numLabels} labels (label names padded with their indices), or {@code data}
   * itself when it already has that many; features are kept as they are.
   *
   * @throws IllegalArgumentException if a label of {@code data} does not fit
   */
  static Dataset withLabels(Dataset data, int numLabels) {
    return data.numLabels() == numLabels ? data : data.withDimensions(data.numFeatures(), numLabels);
  }

  /**
   * The files a run read, for its run record: the data files and an explicit Mulan XML label file, each
   * read once for its size and hash.
   */
  static List<RunRecord.DataFile> dataFiles(DataOptions options, Path... data) throws IOException {
    List<Path> files = new ArrayList<>(List.of(data));
    if (options.labelsXml != null) {
      files.add(options.labelsXml);
    }
    List<RunRecord.DataFile> out = new ArrayList<>();
    for (Path f : files) {
      out.add(RunRecord.DataFile.of(f));
    }
    return out;
  }
}
