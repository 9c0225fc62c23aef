package org.altml.sparse.io;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.ZipException;

/**
 * Opening inputs for reading, in one pass: standard input for {@code "-"}, hashing when asked, gzip
 * recognised by its magic bytes, then a {@link LineInput} (which checks the encoding).
 */
final class Inputs {
  /** The name of standard input in messages and digests. */
  static final String STDIN_NAME = "<stdin>";

  private Inputs() {}

  /** Whether {@code file} is {@code "-"}, standard input. */
  static boolean isStandardInput(Path file) {
    return file.toString().equals("-");
  }

  /** The name of {@code file} in messages: as given, or {@value #STDIN_NAME}. */
  static String displayName(Path file) {
    return isStandardInput(file) ? STDIN_NAME : file.toString();
  }

  /**
   * The bytes of {@code file} as stored ({@code "-"}: standard input, which closing the result leaves
   * open).
   */
  static InputStream openRaw(Path file) throws IOException {
    if (isStandardInput(file)) {
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
  static LineInput lines(Path file, ReadOptions options) throws IOException {
    return lines(openRaw(file), displayName(file), options);
  }

  /** As {@link #lines(Path, ReadOptions)} over {@code raw}, which the result owns and closes. */
  static LineInput lines(InputStream raw, String name, ReadOptions options) throws IOException {
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

  static boolean isGzipName(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
  }

  /** The file name without a {@code .gz} suffix, in lower case, for format detection. */
  static String plainName(Path file) {
    Path name = file.getFileName();
    return name == null ? "" : plainName(name.toString());
  }

  /** The name without a {@code .gz} suffix, in lower case. */
  static String plainName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.endsWith(".gz") ? lower.substring(0, lower.length() - 3) : lower;
  }
}
