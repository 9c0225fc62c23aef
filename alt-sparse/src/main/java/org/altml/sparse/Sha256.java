package org.altml.sparse;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 as the toolkit names data and models by it: a fresh digest, and a finished digest as 64 lowercase hex
 * digits (input files' digests, a dataset's content, a model's feature names, run records).
 */
public final class Sha256 {
  private Sha256() {}

  /** A new SHA-256 digest. */
  public static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform must provide SHA-256", e);
    }
  }

  /** Finishes {@code digest} ({@link MessageDigest#digest()}, which resets it) as lowercase hex digits. */
  public static String hex(MessageDigest digest) {
    return HexFormat.of().formatHex(digest.digest());
  }
}
