package org.altml.sparse.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/** Opening files for reading and writing, gzip handled transparently. */
final class Inputs {
  private Inputs() {}

  /**
   * Opens {@code file} for reading; gzip data (recognised by its magic bytes, whatever the name) is
   * decompressed on the fly.
   */
  static InputStream open(Path file) throws IOException {
    InputStream raw = Files.newInputStream(file);
    try {
      return maybeGunzip(raw, file.toString());
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /** Wraps {@code raw} in a gzip decompressor when it starts with the gzip magic bytes. */
  static InputStream maybeGunzip(InputStream raw, String file) throws IOException {
    PushbackInputStream in = new PushbackInputStream(raw, 2);
    byte[] magic = new byte[2];
    int n = 0;
    try {
      while (n < 2) {
        int r = in.read(magic, n, 2 - n);
        if (r < 0) {
          break;
        }
        n += r;
      }
    } catch (EOFException | ZipException e) {
      throw new DataFormatException(file, 0, "truncated or corrupt gzip data: " + e.getMessage(), e);
    }
    in.unread(magic, 0, n);
    if (n == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
      try {
        return new GZIPInputStream(in, 1 << 16);
      } catch (EOFException | ZipException e) {
        throw new DataFormatException(file, 0, "truncated or corrupt gzip header: " + e.getMessage(), e);
      }
    }
    return in;
  }


  /** Whether {@code file} is {@code "-"}, standard input. */
  static boolean isStandardInput(Path file) {
    return file.toString().equals("-");
  }

  static boolean isGzipName(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
  }

  /** The file name without a {@code .gz} suffix, in lower case, for format detection. */
  static String plainName(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
  }
}
