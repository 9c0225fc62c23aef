package org.altml.experiment.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.open.FeatureHashing;

/**
 * The collisions of feature hashing (docs/spec.md#open-features) over a file of feature names, one a line, for each
 * number of bits given: {@code HashCollisions NAMES B...} prints {@code B rows names collisions} per line
 * (alt-bench/open-bench.sh, rcv1subset1's word names against {@code --hash-bits 16..24}).
 */
public final class HashCollisions {
  private HashCollisions() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: HashCollisions NAMES_FILE BITS...");
    }
    List<String> names = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8).stream().filter(s -> !s.isEmpty()).distinct().toList();
    System.out.println("bits rows names collisions");
    for (int i = 1; i < args.length; i++) {
      int bits = Integer.parseInt(args[i]);
      System.out.println(bits + " " + (1 << bits) + " " + names.size() + " " + FeatureHashing.collisions(names, bits));
    }
  }
}
