package org.altml.sparse.io.internal;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipException;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.InputNames;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.StrictGzipInputStream;

/**
 * Opening inputs for reading, in one pass: standard input for {@code "-"}, hashing when asked, gzip
 * recognised by its magic bytes, then a {@link LineInput} (which checks the encoding).
 */
public final class Inputs {
  private Inputs() {}

  /**
   * The bytes of {@code file} as stored ({@code "-"}: standard input, which closing the result leaves
   * open).
   */
  public static InputStream openRaw(Path file) throws IOException {
    if (InputNames.isStandardInput(file)) {
      return new FilterInputStream(System.in) {
        @Override
        public void close() {
          // standard input belongs to the process
        }
      };
    }
    return Files.newInputStream(file);
  }

  /**
   * Opens {@code file} ({@code "-"}: standard input) as lines: hashed when the options ask, decompressed
   * when it is gzip data (by its magic bytes, whatever the name).
   *
   * @throws DataFormatException if the input is empty, corrupt gzip, or not UTF-8 text
   */
  public static LineInput lines(Path file, ReadOptions options) throws IOException {
    return lines(openRaw(file), InputNames.displayName(file), options);
  }

  /** As {@link #lines(Path, ReadOptions)} over {@code raw}, which the result owns and closes. */
  public static LineInput lines(InputStream raw, String name, ReadOptions options) throws IOException {
    HashingInput hashing = options.hashInputs() ? new HashingInput(raw, name) : null;
    InputStream in = hashing != null ? hashing : raw;
    try {
      return new LineInput(maybeGunzip(in, name), name, options.maxLineBytes(), hashing);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** Wraps {@code raw} in a gzip decompressor when it starts with the gzip magic bytes. */
  static InputStream maybeGunzip(InputStream raw, String file) throws IOException {
    PushbackInputStream in = new PushbackInputStream(raw, 2);
    byte[] magic = new byte[2];
    int n = 0;
    while (n < 2) {
      int r = in.read(magic, n, 2 - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    in.unread(magic, 0, n);
    if (n == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
      try {
        return new StrictGzipInputStream(in, 1 << 16);
      } catch (EOFException | ZipException e) {
        throw new DataFormatException(file, 0, "truncated or corrupt gzip header: " + e.getMessage(), e);
      }
    }
    return in;
  }

  /**
   * Reads the rest of {@code s} into a dataset named {@code name}, with the options' d and L where given, else the
   * stream's; null {@code labelNames}: index names. For the readers of every format.
   */
  public static Dataset load(ExampleStream s, String name, ReadOptions options, List<String> labelNames, List<String> featureNames)
      throws IOException {
    DatasetBuilder builder = new DatasetBuilder().name(name);
    int d = options.numFeatures() >= 0 ? options.numFeatures() : s.numFeatures();
    int numLabels = options.numLabels() >= 0 ? options.numLabels() : s.numLabels();
    if (d >= 0) {
      builder.numFeatures(d);
    }
    if (numLabels >= 0) {
      builder.numLabels(numLabels);
    }
    if (labelNames != null) {
      builder.labelNames(labelNames);
    }
    builder.featureNames(featureNames);
    builder.addAll(s);
    return builder.inputDigests(s.inputDigests()).build();
  }
}
