package org.altml.sparse.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;

/**
 * Same seed, same stream on every machine: fingerprints of the first examples are pinned. Java's
 * arithmetic is IEEE-exact, the generators use {@link StrictMath} and {@link java.util.SplittableRandom}
 * only, so these hold on any JVM and CPU. Change them only in a commit that changes the generators on
 * purpose and says why (every seeded experiment's data changes with them).
 */
class GoldenStreamTest {
  @Test
  void textStreamFingerprint() throws IOException {
    SparseTextGenerator g =
        new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(5_000).withSeed(7));
    assertEquals(GOLDEN_TEXT, fingerprint(g.stream(200)), "text stream, seed 7");
  }

  @Test
  void denseStreamFingerprint() throws IOException {
    NonlinearDenseGenerator g = new NonlinearDenseGenerator(NonlinearDenseGenerator.Config.defaults().withSeed(7));
    assertEquals(GOLDEN_DENSE, fingerprint(g.stream(100)), "dense stream, seed 7");
  }

  @Test
  void birthStreamFingerprint() throws IOException {
    SparseTextGenerator base =
        new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(5_000).withSeed(7));
    BirthTextGenerator g = new BirthTextGenerator(base, LabelBirths.spread(101, 0.5, 200, 7));
    assertEquals(GOLDEN_BIRTHS, fingerprint(g.stream(200)), "text stream with births, seed 7");
  }

  @Test
  void zipfStreamFingerprint() {
    ZipfTextGenerator g = new ZipfTextGenerator(ZipfTextGenerator.Config.defaults().withSeed(7),
        LabelBirths.spread(100, 0.5, 200, 7));
    long h = 1125899906842597L;
    java.util.Iterator<NamedExample> it = g.examples(200);
    while (it.hasNext()) {
      String line = NamedExampleWriter.jsonLine(it.next());
      for (int i = 0; i < line.length(); i++) {
        h = 31 * h + line.charAt(i);
      }
    }
    assertEquals(GOLDEN_ZIPF, h, "Zipf text stream as JSON lines, seed 7");
  }

  private static final long GOLDEN_BIRTHS = 7558139427457631666L;
  private static final long GOLDEN_ZIPF = 6868742774464281362L;
  private static final long GOLDEN_TEXT = -7639892229093898147L;
  private static final long GOLDEN_DENSE = 8476440839067735021L;

  /** A 64-bit hash over every index, value bit pattern and label, in order. */
  static long fingerprint(ExampleStream s) throws IOException {
    long h = 1125899906842597L;
    try (s) {
      while (s.advance()) {
        SparseVector x = s.features();
        for (int k = 0; k < x.nnz(); k++) {
          h = 31 * h + x.index(k);
          h = 31 * h + Float.floatToIntBits(x.value(k));
        }
        h = 31 * h - 1;
        LabelSet y = s.labels();
        for (int k = 0; k < y.size(); k++) {
          h = 31 * h + y.label(k);
        }
        h = 31 * h - 2;
      }
    }
    return h;
  }
}
