package org.altml.kernel.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.altml.core.learner.Precision;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SupportVectorStore#growWidth} (docs/spec.md#open-labels): new lanes are zero, the threshold lane moves to the
 * new last lane (or stays put for binary relevance), the norms and pad lanes hold, in place within the stride and by
 * doubling past it.
 */
class GrowWidthTest {
  @ParameterizedTest
  @CsvSource({"double, true", "double, false", "float, true", "float, false"})
  void widensRowsWithZerosAndKeepsTheThreshold(String precision, boolean threshold) {
    Precision p = Precision.valueOf(precision.toUpperCase(java.util.Locale.ROOT));
    SupportVectorStore s = new SupportVectorStore(3, p, 0, 2);
    for (int k = 0; k < 5; k++) {
      s.append(SparseVector.of(new int[] {k}, new float[] {1f}), new double[] {k + 1, -(k + 2), 0.5 * k + 0.25});
    }
    s.remove(1); // a stale row past the size
    double[] norms = new double[s.size()];
    double[][] before = new double[s.size()][3];
    for (int k = 0; k < s.size(); k++) {
      norms[k] = s.coefficientSquaredNorm(k);
      for (int j = 0; j < 3; j++) {
        before[k][j] = s.coefficient(k, j);
      }
    }
    int stride = s.stride();
    for (int width : new int[] {4, 4, stride, stride + 1, 3 * stride + 5}) {
      s.growWidth(width, threshold);
      assertEquals(width, s.width());
      assertEquals(width <= stride ? stride : Math.max(2 * stride, CoefficientRows.rowStride(width, p == Precision.DOUBLE)),
          s.stride(), "the stride doubles, or fits the width");
      stride = s.stride();
      double[] rows = new double[s.size() * stride];
      s.copyCoefficients(0, s.size(), rows);
      for (int k = 0; k < s.size(); k++) {
        assertEquals(norms[k], s.coefficientSquaredNorm(k), 0.0);
        for (int j = 0; j < stride; j++) {
          double want = j < 2 ? before[k][j]
              : threshold ? (j == width - 1 ? before[k][2] : 0.0)
              : (j == 2 ? before[k][2] : 0.0);
          assertEquals(want, rows[k * stride + j], 0.0, "slot " + k + " lane " + j + " of width " + width);
        }
      }
    }
    // an append after the growth writes every lane of the wide row
    double[] alpha = new double[s.width()];
    alpha[s.width() - 1] = 3;
    int slot = s.append(SparseVector.of(new int[] {9}, new float[] {1f}), alpha);
    assertEquals(3, s.coefficient(slot, s.width() - 1), 0.0);
    assertEquals(0, s.coefficient(slot, 2), 0.0);
    assertThrows(IllegalArgumentException.class, () -> s.growWidth(2, threshold));
  }

  @ParameterizedTest
  @CsvSource({"double", "float"})
  void aStoreOfNoLanesGrows(String precision) {
    SupportVectorStore s = new SupportVectorStore(0, Precision.valueOf(precision.toUpperCase(java.util.Locale.ROOT)), 0, 0);
    assertEquals(0, s.width());
    s.growWidth(2, false);
    s.append(SparseVector.of(new int[] {0}, new float[] {1f}), new double[] {1, -1});
    assertEquals(-1, s.coefficient(0, 1), 0.0);
    assertEquals(2, s.coefficientSquaredNorm(0), 0.0);
  }
}
