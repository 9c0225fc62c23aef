package org.altml.kernel.learner;

import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.RoundThreads;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.BlockScorer;
import org.altml.kernel.store.SupportVectorStore;

/**
 * A training block's scores against the slots [0, slotTo) of a kernel learner's store, its rows cut over the round's
 * threads ({@link BlockScorer#accumulate}: each row's scores are the same bits whichever rows share a pass).
 * One scorer per thread, reused (no allocation per block).
 */
final class BlockPass implements RoundThreads.PartBody {
  /** Fewest rows of a training block per thread of its scoring pass. */
  private static final int MIN_ROWS_PER_THREAD = 16;

  private final RoundThreads threads;
  private final RbfKernel kernel;
  private int scoreStride;
  private final BlockScorer[] scorers;
  private SupportVectorStore store;
  private ExampleBlock block;
  private double[] norms;
  private int slotTo;
  private double[] out;
  private double[] exponentsOut;
  private int kStride;

  /** A pass on {@code threads}, the first of whose scorers is {@code first} (the learner's own). */
  BlockPass(RoundThreads threads, RbfKernel kernel, int scoreStride, BlockScorer first) {
    this.threads = threads;
    this.kernel = kernel;
    this.scoreStride = scoreStride;
    scorers = new BlockScorer[threads.threads()];
    scorers[0] = first;
    for (int i = 1; i < scorers.length; i++) {
      scorers[i] = new BlockScorer();
    }
  }

  /** Lanes of a row of scores from now on (a kernel learner's labels grew). */
  void scoreStride(int stride) {
    this.scoreStride = stride;
  }

  /**
   * Adds the block's scores against the slots [0, slotTo) of {@code store} to {@code out} (their exponents into
   * {@code exponentsOut} unless null).
   */
  void run(SupportVectorStore store, ExampleBlock block, double[] norms, int slotTo, double[] out, double[] exponentsOut,
      int kStride) {
    this.store = store;
    this.block = block;
    this.norms = norms;
    this.slotTo = slotTo;
    this.out = out;
    this.exponentsOut = exponentsOut;
    this.kStride = kStride;
    try {
      threads.forEachPart(block.size(), 1, MIN_ROWS_PER_THREAD, this);
    } finally {
      this.store = null;
      this.block = null;
      this.out = null;
      this.exponentsOut = null;
    }
  }

  @Override
  public void run(int part, int from, int to) {
    scorers[part].accumulate(store, kernel, block, from, to, norms, 0, slotTo, out, scoreStride, exponentsOut, kStride);
  }

  long ramBytesUsed() {
    long bytes = 64;
    for (int i = 1; i < scorers.length; i++) {
      bytes += scorers[i].ramBytesUsed();
    }
    return bytes;
  }
}
