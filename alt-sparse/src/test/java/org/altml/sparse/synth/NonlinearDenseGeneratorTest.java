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

class NonlinearDenseGeneratorTest {
  private static final NonlinearDenseGenerator.Config DEFAULTS = NonlinearDenseGenerator.Config.defaults();

  @Test
  void sameSeedGivesTheSameDataset() {
    Dataset a = new NonlinearDenseGenerator(DEFAULTS.withSeed(5)).generate(200);
    Dataset b = new NonlinearDenseGenerator(DEFAULTS.withSeed(5)).generate(200);
    Dataset c = new NonlinearDenseGenerator(DEFAULTS.withSeed(6)).generate(200);
    for (int i = 0; i < a.size(); i++) {
      assertEquals(a.example(i), b.example(i), "example " + i + ", seed 5");
      assertFalse(a.example(i).features().equals(c.example(i).features()), "example " + i + ", seeds 5, 6");
    }
  }

  @Test
  void streamEqualsGenerate() throws IOException {
    NonlinearDenseGenerator generator = new NonlinearDenseGenerator(DEFAULTS.withSeed(9));
    Dataset d = generator.generate(300);
    try (ExampleStream s = generator.stream(300)) {
      assertEquals(120, s.numFeatures());
      assertEquals(101, s.numLabels());
      SparseVector x = new SparseVector();
      LabelSet y = new LabelSet();
      for (int i = 0; i < 300; i++) {
        assertTrue(s.advance(), "example " + i);
        assertEquals(d.features(i, x), s.features(), "features of example " + i);
        assertEquals(d.labels(i, y), s.labels(), "labels of example " + i);
      }
      assertFalse(s.advance());
    }
  }

  @Test
  void defaultShapeIsMediamills() {
    Dataset d = NonlinearDenseGenerator.withDefaults().generate(3000);
    assertEquals(120, d.numFeatures());
    assertEquals(101, d.numLabels());
    assertEquals(120.0 * d.size(), d.totalNonZeros(), "every feature stored");
    assertEquals(4.376, (double) d.totalLabels() / d.size(), 0.25, "cardinality (seed 1)");
  }

  /**
   * With no noise the labels are a function of the neighbourhood: 1-nearest-neighbour in feature space,
   * trained on 2000 examples, predicts the exact label set of most new examples, while always
   * predicting the most frequent label set does not.
   */
  @Test
  void neighbourhoodsDetermineTheLabels() throws IOException {
    NonlinearDenseGenerator generator = new NonlinearDenseGenerator(DEFAULTS.withLabelNoise(0).withSeed(2));
    int trainSize = 2000;
    int testSize = 200;
    Dataset all = generator.generate(trainSize + testSize);
    float[][] dense = new float[all.size()][120];
    SparseVector x = new SparseVector();
    for (int i = 0; i < all.size(); i++) {
      all.features(i, x);
      for (int k = 0; k < x.nnz(); k++) {
        dense[i][x.index(k)] = x.value(k);
      }
    }
    int exact = 0;
    for (int i = trainSize; i < all.size(); i++) {
      int nearest = -1;
      double best = Double.POSITIVE_INFINITY;
      for (int j = 0; j < trainSize; j++) {
        double s = 0;
        for (int f = 0; f < 120; f++) {
          double diff = dense[i][f] - dense[j][f];
          s += diff * diff;
        }
        if (s < best) {
          best = s;
          nearest = j;
        }
      }
      exact += all.example(i).labels().equals(all.example(nearest).labels()) ? 1 : 0;
    }
    double accuracy = (double) exact / testSize;
    assertTrue(accuracy > 0.6, "1-NN subset accuracy " + accuracy + " (seed 2)");
  }

  @Test
  void configRejectsBadValues() {
    NonlinearDenseGenerator.Config c = DEFAULTS;
    assertThrows(IllegalArgumentException.class, () -> c.withNumFeatures(0));
    assertThrows(IllegalArgumentException.class, () -> c.withNumLabels(0));
    assertThrows(IllegalArgumentException.class, () -> c.withNumCentres(1));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelNoise(0.5));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelCardinality(0));
    assertThrows(IllegalArgumentException.class, () -> c.withLabelCardinality(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> c.withNumLabels(3).withLabelCardinality(4));
  }

  @Test
  void smallShapesWork() {
    // every label on every centre: the fill-in path after the skewed draws
    NonlinearDenseGenerator.Config c =
        new NonlinearDenseGenerator.Config(3, 4, 5, 4.0, 0.0, 11);
    Dataset d = new NonlinearDenseGenerator(c).generate(50);
    assertEquals(4.0 * 50, d.totalLabels(), "every example has all 4 labels (seed 11)");
    assertEquals(3, d.numFeatures());
  }

  @Test
  void sizesBeyondTheHeapAreRefusedBeforeAllocating() {
    NonlinearDenseGenerator g = new NonlinearDenseGenerator(NonlinearDenseGenerator.Config.defaults());
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class, () -> g.generate(Integer.MAX_VALUE));
    assertTrue(e.getMessage().startsWith("not enough memory for 2147483647 examples of synthetic dense data"), e.getMessage());
    assertThrows(InsufficientMemoryException.class,
        () -> new NonlinearDenseGenerator(NonlinearDenseGenerator.Config.defaults().withNumFeatures(250_000_000)));
  }
}
