package org.altml.sparse.data;

import java.util.Objects;

/**
 * The identity of one input as a reader read it: its name, the number of bytes read and their SHA-256.
 * Because it is computed from the bytes the reader consumed, a pipe or standard input gets the hash of
 * the content that was parsed (a second read of a pipe would see nothing). For a gzipped file the bytes
 * and hash are those of the compressed file, as stored.
 *
 * @param name the file as the caller gave it, {@code "<stdin>"} for standard input, or the name given
 *     with a stream
 * @param bytes the number of bytes read
 * @param sha256 SHA-256 of those bytes, 64 lower-case hex digits
 */
public record InputDigest(String name, long bytes, String sha256) {
  /** Checks the fields. */
  public InputDigest {
    Objects.requireNonNull(name, "name");
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
    }
    if (!sha256.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("sha256 must be 64 lower-case hex digits: " + sha256);
    }
  }
}
