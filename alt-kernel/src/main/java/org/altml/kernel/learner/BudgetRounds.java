package org.altml.kernel.learner;

import com.carrotsearch.hppc.LongIntHashMap;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.Scores;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Blocked training under a budget (a {@link KernelLearner}'s {@code runBlock} with B &gt; 0): removals and merges
 * inside the block change the store the block was scored against, so each round's scores are the block's
 * pre-computed scores against the store before the block, minus the contributions of those vectors that have since
 * gone (removed, or replaced by a merge; their kernel values and coefficients were kept at the block's start), plus
 * those of the vectors written during the block (appended or merged, found by their stamps), computed one by one.
 * The same scores as one round at a time up to summation order (within the agreement tolerances).
 *
 * <p>One block's state, and each round as a method of its own. Small methods because the JIT compiles them: a
 * round's loops run long, and as one method the block was compiled up to five times (on-stack replacements at each
 * loop) in a command-line run. One per learner, reused.
 */
final class BudgetRounds {
  private final BlockScratch blockScratch;
  /** The learner of the block being trained on (null between blocks). */
  private KernelLearner learner;
  private ExampleBlock block;
  private Scores[] out;
  private double[] bs;
  private double[] norms;
  private int before;
  private int stride;
  private long firstNew;
  private double[] pre;
  private double[] alphas;
  private double[] within;
  private double[] withinExponents;
  private double[] newest;
  private int[] rowOfStamp;

  BudgetRounds(BlockScratch blockScratch) {
    this.blockScratch = blockScratch;
  }

  /** Trains {@code learner} (whose scratch this is) on {@code block}, its scores into {@code out} unless null. */
  void run(KernelLearner learner, ExampleBlock block, Scores[] out) {
    this.learner = learner;
    SupportVectorStore store = learner.store;
    int b = block.size();
    this.block = block;
    this.out = out;
    bs = blockScratch.begin(block, learner.scoreStride);
    norms = blockScratch.norms;
    before = store.size();
    stride = store.stride();
    firstNew = store.nextStamp();
    pre = blockScratch.kernels(b, before); // the exponents of the block's kernel values (exp(u) = K)
    learner.blockPass.run(store, block, norms, before, bs, pre, before);
    alphas = blockScratch.alphas(before, stride);
    store.copyCoefficients(0, before, alphas);
    LongIntHashMap index = blockScratch.index;
    index.clear();
    for (int q = 0; q < before; q++) {
      index.put(store.stamp(q), q);
    }
    store.clearStampsGone();
    store.markSlots(); // a vector still here from before the block finds its row of pre by its mark
    // the vectors appended during the block are its own rows: their kernel values against later rows come from
    // one b x b product (dense stores), found through the stamp each append got; merged points are computed
    within = null;
    withinExponents = null;
    if (store.layout() == SupportVectorStore.Layout.DENSE) {
      within = blockScratch.within(b);
      withinExponents = blockScratch.withinExponents(b);
      blockScratch.scorer.blockKernels(learner.kernel(), block, norms, within, withinExponents, store.floatMath());
    }
    newest = learner.offersExponents ? blockScratch.newest(store.size() + b) : null;
    rowOfStamp = blockScratch.rowOfStamp(2 * b + 2);
    try {
      for (int t = 0; t < b; t++) {
        round(t);
      }
    } finally {
      this.block = null;
      this.out = null;
      this.learner = null;
    }
    store.clearStampsGone();
  }

  private void round(int t) {
    KernelLearner l = learner;
    SupportVectorStore store = l.store;
    double[] scores = l.scores;
    int scoreStride = l.scoreStride;
    LabelSet y = block.labels(t);
    if (out != null) {
      l.checkScores(out[t]);
    }
    l.checkLabels(y);
    SparseVector x = block.features(t);
    System.arraycopy(bs, t * scoreStride, scores, 0, scoreStride);
    subtractGone(t);
    int n = store.size();
    boolean collect = l.offersRow(n); // then the budget policy gets the round's exponents
    addWritten(t, x, n, collect);
    for (int j = store.width(); j <= l.numLabels(); j++) {
      scores[j] = 0.0; // binary relevance: the threshold score stays 0
    }
    l.kernelEvaluations += n;
    if (out != null) {
      l.round(out[t]);
    }
    long stampBefore = store.nextStamp();
    long appendedBefore = l.appended;
    l.learn(x, y, norms[t], collect ? newest : null);
    // an append writes first (the round's first stamp is x_t's), a merge after it writes merged points
    for (long st = stampBefore; st < store.nextStamp(); st++) {
      long q = st - firstNew;
      if (q < rowOfStamp.length) {
        rowOfStamp[(int) q] = st == stampBefore && l.appended > appendedBefore ? t : -1;
      }
    }
  }

  /** The contributions of the vectors from before the block that have gone since, taken out of the scores. */
  private void subtractGone(int t) {
    SupportVectorStore store = learner.store;
    double[] scores = learner.scores;
    long[] gone = store.stampsGone();
    int preBase = t * before;
    for (int g = 0; g < store.stampsGoneCount(); g++) {
      if (gone[g] < firstNew) {
        int q = blockScratch.index.get(gone[g]);
        double k = -store.valueOfExponent(pre[preBase + q]); // the bits the block pass added
        int a = q * stride;
        for (int j = 0; j < stride; j++) {
          scores[j] += k * alphas[a + j];
        }
      }
    }
  }

  /**
   * The contributions of the vectors written during the block (appended or merged), in slot order; with
   * {@code collect}, every slot's exponent into {@code newest}.
   */
  private void addWritten(int t, SparseVector x, int n, boolean collect) {
    SupportVectorStore store = learner.store;
    int preBase = t * before;
    for (int slot = 0; slot < n; slot++) {
      long stamp = store.stamp(slot);
      if (stamp >= firstNew) {
        long q = stamp - firstNew;
        int row = q < rowOfStamp.length ? rowOfStamp[(int) q] : -1;
        double u;
        if (within != null && row >= 0) {
          blockScratch.single[0] = within[t * block.size() + row];
          u = withinExponents[t * block.size() + row];
        } else {
          u = store.exponentSlot(learner.kernel(), x, norms[t], slot);
          blockScratch.single[0] = store.valueOfExponent(u); // kernelRowSlot's value, bit for bit
        }
        if (collect) {
          newest[slot] = u;
        }
        store.combineAdd(blockScratch.single, 0, 1, 1, slot, 1, learner.scores, 0, learner.scoreStride);
      } else if (collect) {
        newest[slot] = pre[preBase + store.mark(slot)];
      }
    }
  }
}
