package org.altml.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
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
   * else LIBSVM; {@code .gz} compresses) so that {@code out} never exists half-written: everything is
   * written into a temporary folder in the same directory and then renamed into place atomically,
   * companion files first and {@code out} last. On failure the temporary files are removed and an
   * existing {@code out} is left untouched.
   */
  static void writeAtomically(Dataset data, Path out) throws IOException {
    Path target = out.toAbsolutePath().normalize();
    Path dir = target.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new NoSuchFileException(String.valueOf(dir), null, "output directory does not exist");
    }
    Path tmp = Files.createTempDirectory(dir, ".alt-tmp-");
    try {
      Path written = tmp.resolve(target.getFileName());
      DataFiles.write(data, written);
      List<Path> files = new ArrayList<>();
      try (Stream<Path> listing = Files.list(tmp)) {
        listing.filter(p -> !p.equals(written)).sorted().forEach(files::add);
      }
      files.add(written);
      for (Path f : files) {
        Files.move(f, dir.resolve(f.getFileName()), StandardCopyOption.ATOMIC_MOVE);
      }
    } finally {
      try (Stream<Path> rest = Files.list(tmp)) {
        for (Path p : (Iterable<Path>) rest::iterator) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(tmp);
    }
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

  /** The files a run read, for its run record: the data files and an explicit Mulan XML label file. */
  static List<Path> files(DataOptions options, Path... data) {
    List<Path> files = new ArrayList<>(List.of(data));
    if (options.labelsXml != null) {
      files.add(options.labelsXml);
    }
    return files;
  }
}
