package org.altml.kernel.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.Precision;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.SparseVector;
import org.altml.sparse.SparseVectorBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The store against a plain list of (age, x, α) kept oldest first. */
public class SupportVectorStoreTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20261201L);

  /** What the store must hold, by age. */
  private record Entry(long age, SparseVector x, double[] alpha) {}

  public static SparseVector randomVector(SplittableRandom r, int d, double density) {
    SparseVectorBuilder b = new SparseVectorBuilder();
    for (int f = 0; f < d; f++) {
      if (r.nextDouble() < density) {
        b.add(f, (float) r.nextDouble(-2, 2));
      }
    }
    return b.build();
  }

  @ParameterizedTest
  @EnumSource(SupportVectorStore.Layout.class)
  void removalKeepsAgesContentsAndOldestExact(SupportVectorStore.Layout layout) {
    SplittableRandom r = new SplittableRandom(SEED);
    int width = 5;
    SupportVectorStore store = new SupportVectorStore(width, Precision.DOUBLE, 0, 0, layout);
    List<Entry> expected = new ArrayList<>(); // oldest first
    long age = 0;
    RbfKernel kernel = new RbfKernel(1.5);
    KernelRow row = new KernelRow();
    VectorBuffer buffer = new VectorBuffer();
    for (int op = 0; op < 3000; op++) {
      int choice = r.nextInt(10);
      if (choice < 5 || store.size() == 0) {
        SparseVector x = randomVector(r, 1 + r.nextInt(40), 0.3);
        double[] alpha = new double[width];
        for (int j = 0; j < width; j++) {
          alpha[j] = r.nextDouble(-1, 1);
        }
        store.append(x, alpha);
        expected.add(new Entry(age++, x, alpha));
      } else if (choice < 8) {
        int slot = r.nextInt(store.size());
        long gone = store.age(slot);
        store.remove(slot);
        assertTrue(expected.removeIf(e -> e.age() == gone), "seed " + SEED);
      } else {
        int slot = r.nextInt(store.size());
        SparseVector z = randomVector(r, 1 + r.nextInt(40), 0.3);
        double[] alpha = new double[width];
        alpha[0] = r.nextDouble();
        long kept = store.age(slot);
        store.replace(slot, z, alpha);
        for (int i = 0; i < expected.size(); i++) {
          if (expected.get(i).age() == kept) {
            expected.set(i, new Entry(kept, z, alpha));
          }
        }
      }
      // the age list, oldest first, is exactly the expected list
      assertEquals(expected.size(), store.size(), "seed " + SEED + " op " + op);
      int slot = store.oldest();
      for (Entry e : expected) {
        assertEquals(e.age(), store.age(slot), "seed " + SEED + " op " + op);
        double[] alpha = new double[width];
        store.coefficients(slot, alpha);
        assertArrayEquals(e.alpha(), alpha, 0.0);
        assertEquals(e.x(), store.features(slot, buffer).copy());
        assertEquals(e.x().squaredNorm(), store.squaredNorm(slot), 0.0);
        slot = store.younger(slot);
      }
      assertEquals(-1, slot);
      if (op % 97 == 0) {
        // kernel rows equal the direct kernel values bit for bit
        SparseVector q = randomVector(r, 50, 0.4);
        store.kernelRow(kernel, q, q.squaredNorm(), row);
        for (int k = 0; k < store.size(); k++) {
          SparseVector xk = store.features(k, buffer).copy();
          assertEquals(kernel.apply(q, xk), row.values()[k], 0.0, "seed " + SEED + " op " + op);
        }
      }
    }
    assertTrue(store.ramBytesUsed() > 0);
  }

  /** The range forms of the merge's dot products, over any cut of the slots, are the whole-store forms bit for bit. */
  @ParameterizedTest
  @EnumSource(Precision.class)
  void rangeDotsAreTheWholeRowsDots(Precision precision) {
    SplittableRandom r = new SplittableRandom(SEED + 2);
    int width = 11;
    for (SupportVectorStore.Layout layout : SupportVectorStore.Layout.values()) {
      SupportVectorStore store = new SupportVectorStore(width, precision, 40, 4, layout);
      for (int i = 0; i < 90; i++) {
        double[] alpha = new double[width];
        for (int j = 0; j < width; j++) {
          alpha[j] = r.nextDouble(-1, 1);
        }
        store.append(randomVector(r, 40, layout == SupportVectorStore.Layout.DENSE ? 0.7 : 0.2), alpha);
        if (i % 4 == 3) {
          store.remove(r.nextInt(store.size()));
        }
      }
      int n = store.size();
      KernelRow row = new KernelRow();
      double[] coef = new double[n];
      double[] scratch = new double[store.scatterLength()];
      double[] lane = new double[width];
      for (int slot : new int[] {0, n / 2, n - 1}) {
        store.laneDotRow(slot, row);
        store.coefficientDots(slot, coef);
        for (int cut : new int[] {0, 1, 8, n / 3, n - 1, n}) {
          double[] lo = new double[cut];
          double[] hi = new double[n - cut];
          store.laneDotRange(slot, 0, cut, lo, scratch);
          store.laneDotRange(slot, cut, n, hi, scratch);
          double[] clo = new double[cut];
          double[] chi = new double[n - cut];
          store.coefficientDotRange(slot, 0, cut, clo, lane);
          store.coefficientDotRange(slot, cut, n, chi, lane);
          for (int k = 0; k < n; k++) {
            String at = layout + " slot " + slot + " cut " + cut + " k " + k;
            assertEquals(row.values()[k], k < cut ? lo[k] : hi[k - cut], 0.0, at);
            assertEquals(coef[k], k < cut ? clo[k] : chi[k - cut], 0.0, at);
          }
          for (double v : scratch) {
            assertEquals(0.0, v, 0.0, "the scratch is left zero");
          }
        }
      }
    }
  }

  /** The two layouts give the same kernel rows and scores, bit for bit. */
  @ParameterizedTest
  @EnumSource(Precision.class)
  void denseAndSparseLayoutsAgree(Precision precision) {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    int width = 7;
    SupportVectorStore dense = new SupportVectorStore(width, precision, 30, 4, SupportVectorStore.Layout.DENSE);
    SupportVectorStore sparse = new SupportVectorStore(width, precision, 30, 4, SupportVectorStore.Layout.SPARSE);
    for (int i = 0; i < 60; i++) {
      SparseVector x = randomVector(r, 30, 0.6);
      double[] alpha = new double[width];
      for (int j = 0; j < width; j++) {
        alpha[j] = r.nextDouble(-1, 1);
      }
      dense.append(x, alpha);
      sparse.append(x, alpha);
      if (i % 3 == 2) {
        int slot = r.nextInt(dense.size());
        dense.remove(slot);
        sparse.remove(slot);
      }
    }
    RbfKernel kernel = new RbfKernel(4);
    KernelRow a = new KernelRow();
    KernelRow b = new KernelRow();
    double[] sa = new double[16];
    double[] sb = new double[16];
    for (int t = 0; t < 20; t++) {
      SparseVector q = randomVector(r, 35, 0.5); // features beyond the stored ones too
      dense.kernelRow(kernel, q, q.squaredNorm(), a);
      sparse.kernelRow(kernel, q, q.squaredNorm(), b);
      for (int k = 0; k < dense.size(); k++) {
        assertEquals(a.values()[k], b.values()[k], 0.0, "seed " + SEED);
      }
      dense.combine(a.values(), dense.size(), sa);
      sparse.combine(b.values(), sparse.size(), sb);
      assertArrayEquals(sa, sb, 0.0);
    }
    dense.kernelRow(kernel, 3, a);
    sparse.kernelRow(kernel, 3, b);
    for (int k = 0; k < dense.size(); k++) {
      assertEquals(a.values()[k], b.values()[k], 0.0);
    }
    assertEquals(1.0, a.values()[3], 0.0);
  }

  /** The layout follows the data: a vector filling half of d or more makes dense rows. */
  @org.junit.jupiter.api.Test
  void layoutIsChosenByTheFirstVector() {
    SupportVectorStore a = new SupportVectorStore(3, Precision.DOUBLE, 4, 0);
    a.append(SparseVector.of(new int[] {0, 2}, new float[] {1f, 1f}), new double[3]);
    assertEquals(SupportVectorStore.Layout.DENSE, a.layout());
    SupportVectorStore b = new SupportVectorStore(3, Precision.DOUBLE, 1000, 0);
    b.append(SparseVector.of(new int[] {0, 2}, new float[] {1f, 1f}), new double[3]);
    assertEquals(SupportVectorStore.Layout.SPARSE, b.layout());
  }

  /**
   * Dense rows written from vectors whose indices are 0..nnz−1 (copied as a block) and from others
   * (scattered), into slots that held other vectors before: every row reads back as its vector, with its norm.
   */
  @org.junit.jupiter.api.Test
  void denseRowsHoldPrefixAndGappedVectorsInReusedSlots() {
    SupportVectorStore store = new SupportVectorStore(2, Precision.DOUBLE, 5, 0);
    SparseVector full = SparseVector.of(new int[] {0, 1, 2, 3, 4}, new float[] {1f, 2f, 3f, 4f, 5f});
    SparseVector gapped = SparseVector.of(new int[] {0, 2, 4}, new float[] {-1f, -2f, -3f});
    SparseVector prefix = SparseVector.of(new int[] {0, 1, 2}, new float[] {7f, 8f, 9f});
    store.append(full, new double[] {1, 1});
    store.append(gapped, new double[] {2, 2});
    assertEquals(SupportVectorStore.Layout.DENSE, store.layout());
    store.remove(1);
    store.append(prefix, new double[] {3, 3}, -1, prefix.squaredNorm()); // into gapped's old row: its 4th value must go
    store.remove(0); // prefix moves to slot 0, over full's row
    store.append(gapped, new double[] {4, 4});
    store.append(full, new double[] {5, 5});
    VectorBuffer buffer = new VectorBuffer();
    List<SparseVector> expected = List.of(prefix, gapped, full);
    RbfKernel kernel = new RbfKernel(3);
    KernelRow row = new KernelRow();
    for (int k = 0; k < expected.size(); k++) {
      assertEquals(expected.get(k), store.features(k, buffer).copy(), "slot " + k);
      SparseVector x = expected.get(k);
      store.kernelRow(kernel, x, x.squaredNorm(), row);
      assertEquals(1.0, row.values()[k], 0.0, "K(x, x) = 1: the kept norm is x's");
    }
  }

  /** The vectors with example ids are counted through appends, replacements (a merged vector has none) and removals. */
  @org.junit.jupiter.api.Test
  void countsTheVectorsWithIds() {
    SupportVectorStore store = new SupportVectorStore(2, Precision.DOUBLE, 5, 0);
    SparseVector x = SparseVector.of(new int[] {0, 3}, new float[] {1f, 2f});
    assertEquals(0, store.vectorsWithIds());
    store.append(x, new double[] {1, 1}, 7);
    store.append(x, new double[] {1, 1});
    store.append(x, new double[] {1, 1}, 9);
    store.append(x, new double[] {1, 1}, 4);
    assertEquals(3, store.vectorsWithIds());
    store.replace(2, x, new double[] {2, 2});
    assertEquals(2, store.vectorsWithIds(), "a merged vector has no id");
    store.remove(0);
    assertEquals(1, store.vectorsWithIds());
    assertEquals(4, store.id(0), "the last slot moved into the first");
  }

  /** Dense-looking first vectors of sparse data: the store turns sparse when rows would widen, and keeps every bit. */
  @org.junit.jupiter.api.Test
  void denseRowsTurnSparseWhenTheDataIsNot() {
    SplittableRandom r = new SplittableRandom(SEED + 2);
    SupportVectorStore grown = new SupportVectorStore(2, Precision.DOUBLE, 0, 0);
    SupportVectorStore sparse = new SupportVectorStore(2, Precision.DOUBLE, 0, 0, SupportVectorStore.Layout.SPARSE);
    SparseVector first = SparseVector.of(new int[] {0, 1}, new float[] {1f, -2f});
    grown.append(first, new double[] {1, 2});
    sparse.append(first, new double[] {1, 2});
    assertEquals(SupportVectorStore.Layout.DENSE, grown.layout());
    for (int i = 0; i < 30; i++) {
      SparseVector x = randomVector(r, 2000, 0.005);
      grown.append(x, new double[] {i, -i});
      sparse.append(x, new double[] {i, -i});
    }
    assertEquals(SupportVectorStore.Layout.SPARSE, grown.layout());
    RbfKernel kernel = new RbfKernel(3);
    KernelRow a = new KernelRow();
    KernelRow b = new KernelRow();
    VectorBuffer buffer = new VectorBuffer();
    SparseVector q = randomVector(r, 2000, 0.01);
    grown.kernelRow(kernel, q, q.squaredNorm(), a);
    sparse.kernelRow(kernel, q, q.squaredNorm(), b);
    for (int k = 0; k < grown.size(); k++) {
      assertEquals(b.values()[k], a.values()[k], 0.0);
      assertEquals(sparse.features(k, buffer).copy(), grown.features(k, buffer).copy());
    }
  }

  /** A mark is the slot a vector held at {@code markSlots}: it follows the vector through removals and ends when the slot is rewritten. */
  @ParameterizedTest
  @EnumSource(SupportVectorStore.Layout.class)
  void marksFollowVectorsUntilTheyAreRewritten(SupportVectorStore.Layout layout) {
    SplittableRandom r = new SplittableRandom(SEED);
    SupportVectorStore store = new SupportVectorStore(2, Precision.DOUBLE, 0, 0, layout);
    for (int i = 0; i < 6; i++) {
      store.append(randomVector(r, 8, 0.7), new double[] {i, -i});
    }
    store.markSlots();
    for (int k = 0; k < 6; k++) {
      assertEquals(k, store.mark(k));
    }
    store.remove(1); // the last vector (slot 5) moves into slot 1
    assertEquals(5, store.mark(1));
    assertEquals(5.0, store.coefficient(1, 0), 0.0);
    store.replace(2, randomVector(r, 8, 0.7), new double[] {9, 9});
    assertEquals(-1, store.mark(2));
    int appended = store.append(randomVector(r, 8, 0.7), new double[] {7, 7});
    assertEquals(-1, store.mark(appended));
    assertEquals(0, store.mark(0));
    assertEquals(3, store.mark(3));
    assertEquals(4, store.mark(4));
    store.markSlots();
    for (int k = 0; k < store.size(); k++) {
      assertEquals(k, store.mark(k));
    }
  }
}
