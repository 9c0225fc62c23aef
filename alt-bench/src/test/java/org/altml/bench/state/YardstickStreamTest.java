package org.altml.bench.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YardstickStreamTest {

  @Test
  void xorshiftFollowsMarsagliasSequence() {
    // Marsaglia, "Xorshift RNGs" (2003): xor64 with shifts 13, 7, 17 from this seed.
    YardstickStream.Xorshift rng = new YardstickStream.Xorshift(YardstickStream.SEED);
    assertEquals(8748534153485358512L, rng.next());
    assertEquals(3040900993826735515L, rng.next());
    assertEquals(3453997556048239312L, rng.next());
    // u01 keeps the top 53 bits: (3453997556048239312 >>> 11) / 2^53
    YardstickStream.Xorshift again = new YardstickStream.Xorshift(YardstickStream.SEED);
    again.next();
    again.next();
    assertEquals(1686522244164179L / 9007199254740992.0, again.u01(), 0.0);
  }

  @Test
  void streamHasTheYardstickShapeAndIsDeterministic() {
    Dataset a = YardstickStream.generate(47_236, 101, 76, 500);
    Dataset b = YardstickStream.generate(47_236, 101, 76, 500);
    assertEquals(500, a.size());
    assertEquals(47_236, a.numFeatures());
    assertEquals(101, a.numLabels());
    SparseVector x = new SparseVector();
    SparseVector x2 = new SparseVector();
    LabelSet y = new LabelSet();
    LabelSet y2 = new LabelSet();
    long lowFeatures = 0;
    for (int i = 0; i < a.size(); i++) {
      a.features(i, x);
      assertEquals(76, x.nnz(), "example " + i);
      assertEquals(1.0, x.squaredNorm(), 1e-5, "unit norm, example " + i);
      assertTrue(x.maxIndex() < 47_236);
      a.labels(i, y);
      assertTrue(y.size() >= 1 && y.size() <= 5, "1-5 labels, example " + i + ": " + y.size());
      assertEquals(x, b.features(i, x2), "same features on a second generation, example " + i);
      assertEquals(y, b.labels(i, y2), "same labels on a second generation, example " + i);
      for (int k = 0; k < x.nnz(); k++) {
        if (x.index(k) < 47_236 / 8) {
          lowFeatures++;
        }
      }
    }
    // index = d·u³: P(index < d/8) = P(u < 1/2) = 1/2 per draw before de-duplication, which only
    // pushes draws further out; far above the 1/8 of a uniform draw.
    double lowShare = lowFeatures / (500.0 * 76);
    assertTrue(lowShare > 0.35 && lowShare < 0.55, "Zipf-like share of the lowest eighth: " + lowShare);
  }

  @Test
  void rejectsImpossibleShapes() {
    assertThrows(IllegalArgumentException.class, () -> YardstickStream.generate(10, 5, 11, 1));
    assertThrows(IllegalArgumentException.class, () -> YardstickStream.generate(10, 0, 3, 1));
  }

  /**
   * Compiles the C yardstick as the comparison script does, but with {@code -ffp-contract=off}, and checks its LIBSVM
   * dump bit for bit: without it gcc may fuse the norm's multiply and add into an FMA on CPUs that have one (it did
   * on an AVX-512 machine, one ulp off), while the Java stream multiplies and adds separately.
   */
  @Test
  @Tag("slow") // runs gcc and the C program: a few seconds
  void matchesTheCProgramsDump(@TempDir Path dir) throws Exception {
    Path source = yardstickSource();
    assumeTrue(Files.isRegularFile(source), "C yardstick not found at " + source + " (set -Dalt.yardstick)");
    Path binary = dir.resolve("falt_limit");
    assumeTrue(
        run(dir, "gcc", "-O3", "-march=native", "-ffp-contract=off", "-o", binary.toString(), source.toString(), "-lm") == 0,
        "gcc unavailable or failed: skipping the C comparison");
    // the RCV1 shape, and a small d that forces many redraws of repeated indices
    int[][] shapes = {{47_236, 101, 76, 300}, {200, 7, 60, 300}};
    for (int[] s : shapes) {
      Path dump = dir.resolve("dump-" + s[0] + ".svm");
      int rc = run(dir, binary.toString(), "" + s[0], "" + s[1], "" + s[2], "" + s[3], "1", dump.toString());
      assertEquals(0, rc, "falt_limit exit code");
      Dataset expected = YardstickStream.generate(s[0], s[1], s[2], s[3]);
      assertSameAsDump(expected, dump, "d=" + s[0] + " L=" + s[1] + " nnz=" + s[2]);
    }
  }

  private static void assertSameAsDump(Dataset data, Path dump, String shape) throws IOException {
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    int i = 0;
    try (BufferedReader in = Files.newBufferedReader(dump, StandardCharsets.US_ASCII)) {
      for (String line = in.readLine(); line != null; line = in.readLine(), i++) {
        String[] tokens = line.split(" ");
        List<Integer> labels = new ArrayList<>();
        for (String l : tokens[0].split(",")) {
          labels.add(Integer.parseInt(l));
        }
        data.labels(i, y);
        assertEquals(labels.size(), y.size(), shape + ": label count of example " + i);
        for (int k = 0; k < y.size(); k++) {
          assertEquals((int) labels.get(k), y.label(k), shape + ": label " + k + " of example " + i);
        }
        data.features(i, x);
        assertEquals(tokens.length - 1, x.nnz(), shape + ": nnz of example " + i);
        for (int k = 0; k < x.nnz(); k++) {
          String[] iv = tokens[k + 1].split(":");
          assertEquals(Integer.parseInt(iv[0]) - 1, x.index(k), shape + ": index " + k + " of example " + i);
          assertEquals(
              Float.floatToIntBits(Float.parseFloat(iv[1])),
              Float.floatToIntBits(x.value(k)),
              shape + ": value " + k + " of example " + i + ": C " + iv[1] + " Java " + x.value(k));
        }
      }
    }
    assertEquals(data.size(), i, shape + ": number of examples in the dump");
  }

  private static Path yardstickSource() {
    String explicit = System.getProperty("alt.yardstick");
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String datasets = System.getProperty("alt.datasets", "../shared/datasets");
    return Path.of(datasets).toAbsolutePath().normalize().resolveSibling("yardstick").resolve("falt_limit.c");
  }

  private static int run(Path dir, String... command) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(dir.resolve("process.log").toFile()).start();
    } catch (IOException e) {
      return -1; // command not installed
    }
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -2;
    }
    return p.exitValue();
  }
}
