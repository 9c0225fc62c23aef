package org.altml.sparse.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;

class SparseTextGeneratorTest {
  private static final SparseTextGenerator.Config SMALL =
      SparseTextGenerator.Config.defaults().withNumFeatures(5_000).withSeed(7);
  /** Built once: construction calibrates on a pilot sample. Generators are immutable. */
  private static final SparseTextGenerator SMALL_GENERATOR = new SparseTextGenerator(SMALL);
  private static final SparseTextGenerator DEFAULT_GENERATOR = SparseTextGenerator.withDefaults();

  @Test
  void sameSeedGivesTheSameDataset() {
    Dataset a = SMALL_GENERATOR.generate(300);
    Dataset b = new SparseTextGenerator(SMALL).generate(300);
    assertEquals(300, a.size());
    for (int i = 0; i < a.size(); i++) {
      assertEquals(a.example(i), b.example(i), "example " + i + ", seed " + SMALL.seed());
    }
  }

  @Test
  void differentSeedsGiveDifferentData() {
    Dataset a = SMALL_GENERATOR.generate(20);
    Dataset b = new SparseTextGenerator(SMALL.withSeed(8)).generate(20);
    int same = 0;
    for (int i = 0; i < a.size(); i++) {
      same += a.example(i).features().equals(b.example(i).features()) ? 1 : 0;
    }
    assertEquals(0, same);
  }

  @Test
  void streamEqualsGenerate() throws IOException {
    SparseTextGenerator generator = SMALL_GENERATOR;
    Dataset d = generator.generate(500);
    try (ExampleStream s = generator.stream(500)) {
      assertEquals(SMALL.numFeatures(), s.numFeatures());
      assertEquals(SMALL.numLabels(), s.numLabels());
      SparseVector x = new SparseVector();
      LabelSet y = new LabelSet();
      for (int i = 0; i < 500; i++) {
        assertTrue(s.advance(), "example " + i);
        assertEquals(d.features(i, x), s.features(), "features of example " + i);
        assertEquals(d.labels(i, y), s.labels(), "labels of example " + i);
      }
      assertFalse(s.advance());
      assertFalse(s.advance());
    }
  }

  @Test
  void defaultShapeMatchesRcv1() throws IOException {
    SparseTextGenerator generator = DEFAULT_GENERATOR;
    int n = 4000;
    Dataset d = generator.generate(n);
    assertEquals(47_236, d.numFeatures());
    assertEquals(101, d.numLabels());
    SparseVector x = new SparseVector();
    double norms = 0;
    for (int i = 0; i < n; i++) {
      d.features(i, x);
      assertEquals(1.0, Math.sqrt(x.squaredNorm()), 1e-5, "norm of example " + i);
      assertTrue(x.nnz() >= 38 && x.nnz() <= 114, "nnz " + x.nnz() + " of example " + i);
      for (int k = 0; k < x.nnz(); k++) {
        assertTrue(x.value(k) > 0, "value at " + k + " of example " + i);
      }
      norms += x.squaredNorm();
    }
    double meanNnz = (double) d.totalNonZeros() / n;
    assertEquals(76, meanNnz, 1.0, "mean nnz (seed 1)");
    double cardinality = (double) d.totalLabels() / n;
    assertEquals(3.2, cardinality, 0.15, "label cardinality (seed 1)");
    assertEquals(n, norms, 1e-2);
  }

  @Test
  void popularFeaturesFollowTheCubeLaw() {
    // P(index < t·d) = t^(1/3) for each draw; rejection of duplicates lowers the share of the
    // very top features a little, so test a range where it barely matters: t = 1/8 gives 1/2.
    Dataset d = DEFAULT_GENERATOR.generate(1000);
    SparseVector x = new SparseVector();
    long low = 0;
    for (int i = 0; i < d.size(); i++) {
      d.features(i, x);
      for (int k = 0; k < x.nnz(); k++) {
        low += x.index(k) < 47_236 / 8 ? 1 : 0;
      }
    }
    double share = (double) low / d.totalNonZeros();
    assertEquals(0.5, share, 0.03, "share of the first d/8 features");
  }

  @Test
  void noiseFreeLabelsAreThePlantedModelsPredictions() throws IOException {
    SparseTextGenerator generator = new SparseTextGenerator(SMALL.withLabelNoise(0));
    int[] out = new int[SMALL.numLabels()];
    int empty = 0;
    try (ExampleStream s = generator.stream(1000)) {
      int i = 0;
      while (s.advance()) {
        int count = generator.plantedLabels(s.features(), out);
        assertEquals(s.labels(), LabelSet.of(java.util.Arrays.copyOf(out, count)), "example " + i);
        empty += count == 0 ? 1 : 0;
        i++;
      }
    }
    assertTrue(empty < 100, "examples with no label: " + empty);
  }

  @Test
  void noisyLabelsDisagreeWithThePlantedModelAtTheNoiseRate() throws IOException {
    double p = 0.01;
    SparseTextGenerator generator = new SparseTextGenerator(SMALL.withLabelNoise(p));
    int[] out = new int[SMALL.numLabels()];
    long flips = 0;
    int n = 1000;
    try (ExampleStream s = generator.stream(n)) {
      while (s.advance()) {
        int count = generator.plantedLabels(s.features(), out);
        LabelSet y = s.labels();
        int common = 0;
        for (int k = 0; k < count; k++) {
          common += y.contains(out[k]) ? 1 : 0;
        }
        flips += (count - common) + (y.size() - common);
      }
    }
    // Hamming loss of the planted predictor = p, binomial over n·L bits: sd = sqrt(p(1-p)/(n·L)) ≈ 0.0003
    double hamming = (double) flips / ((long) n * SMALL.numLabels());
    assertEquals(p, hamming, 0.001, "Hamming loss of the planted model (seed " + SMALL.seed() + ")");
  }

  @Test
  void cardinalityIsCalibratedAtOtherShapes() {
    SparseTextGenerator.Config c =
        SparseTextGenerator.Config.defaults()
            .withNumFeatures(2_000)
            .withMeanNonZeros(20)
            .withNumLabels(20)
            .withLabelCardinality(1.5)
            .withLabelNoise(0.01)
            .withModelNonZerosPerLabel(50)
            .withSeed(3);
    Dataset d = new SparseTextGenerator(c).generate(3000);
    assertEquals(1.5, (double) d.totalLabels() / d.size(), 0.08, "cardinality (seed 3)");
    assertEquals(20, (double) d.totalNonZeros() / d.size(), 0.5, "mean nnz (seed 3)");
  }

  @Test
  void configRejectsBadValues() {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults();
    assertThrows(IllegalArgumentException.class, () -> c.withNumFeatures(1));
    assertThrows(IllegalArgumentException.class, () -> c.withMeanNonZeros(0));
    assertThrows(IllegalArgumentException.class, () -> c.withMeanNonZeros(30_000));
    assertThrows(IllegalArgumentException.class, () -> c.withNumLabels(0));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelNoise(0.5));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelNoise(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelCardinality(0.1));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelCardinality(101));
    assertThrows(IllegalArgumentException.class, () -> c.withModelNonZerosPerLabel(0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> c.withLabelNoise(-1));
    assertTrue(e.getMessage().contains("labelNoise"), e.getMessage());
  }

  @Test
  void streamIsEmptyForZeroExamplesAndAfterClose() throws IOException {
    SparseTextGenerator generator = SMALL_GENERATOR;
    try (ExampleStream s = generator.stream(0)) {
      assertFalse(s.advance());
    }
    ExampleStream s = generator.stream(10);
    assertTrue(s.advance());
    s.close();
    assertFalse(s.advance());
    assertEquals(0, generator.generate(0).size());
  }

  @Test
  void sizesBeyondTheHeapAreRefusedBeforeAllocating() {
    InsufficientMemoryException model = assertThrows(InsufficientMemoryException.class,
        () -> new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(2_000_000_000)));
    assertTrue(model.getMessage().startsWith("not enough memory for the synthetic text model (d = 2000000000, L = 101)"),
        model.getMessage());
    IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
        () -> new SparseTextGenerator(SparseTextGenerator.Config.defaults().withLabelNoise(0).withNumLabels(30_000_000).withModelNonZerosPerLabel(100)));
    assertTrue(tooLong.getMessage().startsWith("the planted model needs 3000000000 entries"), tooLong.getMessage());
    SparseTextGenerator small = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(1000).withMeanNonZeros(10)
        .withNumLabels(5).withLabelCardinality(1).withModelNonZerosPerLabel(20));
    InsufficientMemoryException examples = assertThrows(InsufficientMemoryException.class, () -> small.generate(Integer.MAX_VALUE));
    assertTrue(examples.getMessage().startsWith("not enough memory for 2147483647 examples of synthetic text"), examples.getMessage());
    assertTrue(examples.getMessage().endsWith("or stream the examples instead of generating them in memory, or choose a smaller"
        + " configuration"), examples.getMessage());
  }
}
