package org.altml.kernel.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.SharedResources;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.learner.KernelLearner;
import org.altml.kernel.store.BlockScorer;
import org.altml.kernel.store.KernelRow;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.kernel.store.SupportVectorStoreTest;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A merge whose m is the vector its round just appended takes that vector's distances from the round's kernel
 * row ({@link BudgetPolicy#shrink(SupportVectorStore, double[])}) instead of computing them: the rows a
 * learner hands over, one example at a time and in blocks (where the vectors from before the block are found
 * by {@link SupportVectorStore#mark}), are the distances the merge itself would compute, and the exponents a
 * row keeps give its kernel values bit for bit.
 */
class MergeRoundRowsTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20261127L);
  private static final int L = 4;

  @ParameterizedTest
  @CsvSource({"1.0,double,1,1", "1.0,double,64,1", "1.0,double,64,2", "0.3,double,1,1", "0.3,double,64,1", "1.0,float,64,1",
      "0.3,float,64,2"})
  void mergesTakeTheRoundsOwnDistances(double density, String precision, int blockSize, int threads) {
    Settings s = LearnerRegistry.get("falt-k").defaults().with(Map.of("sigma2", 16.0, "budget", 25, "budgetPolicy", "merge",
        "precision", precision));
    OnlineMultiLabelLearner learner = LearnerRegistry.create(s, new LearnerContext(L, 0, -1, 5L, SharedResources.NONE, threads));
    MergePolicy merge = (MergePolicy) ((KernelLearner) learner).policy();
    merge.checkGiven = true; // every given row is compared with the merge's own: a wrong one throws
    SplittableRandom r = new SplittableRandom(SEED);
    ExampleBlock block = new ExampleBlock(blockSize);
    Scores[] out = ExampleBlock.newScores(blockSize, L);
    int n = 1000;
    for (int t = 0; t < n; t++) {
      block.add(t, SupportVectorStoreTest.randomVector(r, 12, density), LabelSet.of(r.nextInt(L)));
      if (block.isFull() || t == n - 1) {
        learner.predictThenUpdate(block, out);
        block.clear();
      }
    }
    KernelLearner k = (KernelLearner) learner;
    assertEquals(25, k.store().size());
    long merges = k.budgetReductions();
    assertTrue(merges > 300, "merges " + merges);
    // merges of the vector just appended take the round's row (each checked); the others remove older vectors,
    // so vectors of the block itself, found through their stamps, are among the distances later rounds hand over
    // (in dense blocks their values come from the block's own b x b product: a wrong one there fails the check)
    assertTrue(merge.mergesFromRoundRows() >= 20, merge.mergesFromRoundRows() + " of " + merges + ", seed " + SEED);
    assertTrue(merge.mergesFromRoundRows() < merges, "some merges remove an older vector, seed " + SEED);
  }

  /**
   * The rows' exponents are their kernel values' exponents, bit for bit: kept by a row, by a slot, by a block; in both
   * precisions (float mode rounds each value to float, and a block's scores are the one-example path's).
   */
  @ParameterizedTest
  @CsvSource({"DENSE, DOUBLE", "SPARSE, DOUBLE", "DENSE, FLOAT", "SPARSE, FLOAT"})
  void keptExponentsGiveTheKernelValues(SupportVectorStore.Layout layout, Precision precision) {
    SplittableRandom r = new SplittableRandom(SEED);
    RbfKernel kernel = new RbfKernel(1.5);
    SupportVectorStore store = new SupportVectorStore(3, precision, 0, 0, layout);
    for (int i = 0; i < 40; i++) {
      store.append(SupportVectorStoreTest.randomVector(r, 9, 0.6), new double[] {r.nextDouble(), r.nextDouble(), r.nextDouble()});
    }
    KernelRow plain = new KernelRow();
    KernelRow kept = new KernelRow();
    kept.keepExponents(true);
    ExampleBlock block = new ExampleBlock(8);
    for (int t = 0; t < 8; t++) {
      block.add(t, SupportVectorStoreTest.randomVector(r, 9, 0.6), null);
    }
    double[] norms = new double[8];
    int size = store.size();
    double[] blockExponents = new double[8 * size];
    double[] blockScores = new double[8 * store.stride()];
    for (int t = 0; t < 8; t++) {
      norms[t] = block.features(t).squaredNorm();
    }
    new BlockScorer().accumulate(store, kernel, block, 0, 8, norms, 0, size, blockScores, store.stride(), blockExponents, size);
    double[] single = new double[1];
    for (int t = 0; t < 8; t++) {
      SparseVector x = block.features(t);
      store.kernelRow(kernel, x, norms[t], plain);
      store.kernelRow(kernel, x, norms[t], kept);
      for (int k = 0; k < size; k++) {
        double value = plain.values()[k];
        assertEquals(value, kept.values()[k], 0.0, "slot " + k);
        assertEquals(value, store.valueOfExponent(kept.exponents()[k]), 0.0, "slot " + k);
        if (precision == Precision.FLOAT) {
          assertEquals((float) value, value, 0.0, "a float value, slot " + k);
          assertEquals((float) u(kept, k), u(kept, k), 0.0, "a float exponent, slot " + k);
        }
        double u = store.exponentSlot(kernel, x, norms[t], k);
        assertEquals(kept.exponents()[k], u, 0.0, "slot " + k);
        store.kernelRowSlot(kernel, x, norms[t], k, single);
        assertEquals(value, single[0], 0.0, "slot " + k);
        assertEquals(u, blockExponents[t * size + k], 0.0, "block row " + t + ", slot " + k);
      }
      double[] scores = new double[store.stride()];
      store.combine(plain.values(), size, scores);
      for (int j = 0; j < store.width(); j++) {
        assertEquals(scores[j], blockScores[t * store.stride() + j], 0.0, "block row " + t + ", lane " + j);
      }
    }
    double[] within = new double[64];
    double[] withinExponents = new double[64];
    new BlockScorer().blockKernels(kernel, block, norms, within, withinExponents, store.floatMath());
    for (int i = 0; i < 64; i++) {
      assertEquals(within[i], store.valueOfExponent(withinExponents[i]), 0.0, "pair " + i);
    }
  }

  private static double u(KernelRow row, int k) {
    return row.exponents()[k];
  }

  /** Without a row, or when m is not the newest vector, the merge is the one it computes itself, bit for bit. */
  @Test
  void aRowForAnotherVectorIsIgnored() {
    SplittableRandom r = new SplittableRandom(SEED);
    RbfKernel kernel = new RbfKernel(2.0);
    SupportVectorStore a = new SupportVectorStore(2, Precision.DOUBLE, 0, 0);
    SupportVectorStore b = new SupportVectorStore(2, Precision.DOUBLE, 0, 0);
    for (int i = 0; i < 9; i++) {
      SparseVector x = SupportVectorStoreTest.randomVector(r, 6, 0.8);
      double[] alpha = {r.nextDouble(-1, 1), r.nextDouble(-1, 1)};
      a.append(x, alpha);
      b.append(x, alpha);
    }
    // the newest gets the largest coefficients, so m is an older vector and the (nonsense) row must be ignored
    SparseVector x = SupportVectorStoreTest.randomVector(r, 6, 0.8);
    a.append(x, new double[] {50, -50});
    b.append(x, new double[] {50, -50});
    MergePolicy pa = new MergePolicy(kernel);
    MergePolicy pb = new MergePolicy(kernel);
    double[] nonsense = new double[a.size()];
    java.util.Arrays.fill(nonsense, -3.0);
    pa.shrink(a, nonsense);
    pb.shrink(b);
    assertEquals(0, pa.mergesFromRoundRows());
    assertEquals(pb.lastH(), pa.lastH(), 0.0);
    assertEquals(pb.lastDegradation(), pa.lastDegradation(), 0.0);
    assertEquals(pb.kernelEvaluations(), pa.kernelEvaluations());
    for (int k = 0; k < a.size(); k++) {
      assertEquals(b.stamp(k), a.stamp(k));
      assertEquals(b.coefficient(k, 0), a.coefficient(k, 0), 0.0);
      assertEquals(b.coefficient(k, 1), a.coefficient(k, 1), 0.0);
    }
  }
}
