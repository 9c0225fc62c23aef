package org.altml.sparse.io.internal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import org.altml.sparse.Sha256;
import org.altml.sparse.data.InputDigest;

/**
 * Passes bytes through while counting them and feeding SHA-256, so that a reader hashes exactly what it
 * read, in the same pass (a pipe cannot be read twice). Not thread-safe.
 */
public final class HashingInput extends FilterInputStream {
  private final String name;
  private final MessageDigest digest;
  private long bytes;
  private InputDigest result;

  HashingInput(InputStream in, String name) {
    super(in);
    this.name = name;
    this.digest = Sha256.digest();
  }

  /** The digest of {@code bytes}, for inputs read whole into memory. */
  public static InputDigest of(String name, byte[] bytes, int length) {
    MessageDigest d = Sha256.digest();
    d.update(bytes, 0, length);
    return new InputDigest(name, length, Sha256.hex(d));
  }

  @Override
  public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      digest.update((byte) b);
      bytes++;
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      digest.update(b, off, n);
      bytes += n;
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    // skipped bytes must be hashed too
    byte[] buffer = new byte[(int) Math.min(n, 1 << 13)];
    long done = 0;
    while (done < n) {
      int r = read(buffer, 0, (int) Math.min(buffer.length, n - done));
      if (r < 0) {
        break;
      }
      done += r;
    }
    return done;
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  /**
   * Reads what is left (bytes a decompressor did not need, such as padding after the gzip trailer) and
   * returns the digest of the whole input; later calls return the same digest.
   */
  InputDigest finish() throws IOException {
    if (result == null) {
      byte[] buffer = new byte[1 << 13];
      while (read(buffer, 0, buffer.length) >= 0) {
        // hashing only
      }
      result = new InputDigest(name, bytes, Sha256.hex(digest));
    }
    return result;
  }
}
