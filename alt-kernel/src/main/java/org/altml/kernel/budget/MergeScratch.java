package org.altml.kernel.budget;

import org.altml.kernel.store.KernelRow;

/** One part's scratch: dot products, the scattered x_m, α_m widened, the search's staging. */
final class MergeScratch {
  double[] values = new double[0];
  double[] scatter = new double[0];
  double[] lane = new double[0];
  double[] work = new double[0];
  double[] ends = new double[0];
  /** The partners searched to the end, packed: slots, their b, c, u, state (stride: the part's size), h and f. */
  int[] kept = new int[0];
  double[] keptB = new double[0];
  double[] keptC = new double[0];
  double[] keptU = new double[0];
  double[] keptState = new double[0];
  double[] keptH = new double[0];
  double[] keptF = new double[0];
  /** The partners the prefilter keeps, packed: slots, b, c, u, k, search state (stride: the part's size), bounds. */
  int[] zn = new int[0];
  double[] zb = new double[0];
  double[] zc = new double[0];
  double[] zu = new double[0];
  double[] zk = new double[0];
  double[] zState = new double[0];
  double[] zBound = new double[0];
  /** The degradation of the prefilter's partner, searched to the end. */
  double dProvisional;

  void ensure(int count, int scatterLength, int width) {
    if (values.length < count) {
      int n = Math.max(count, 2 * values.length);
      values = new double[n];
      work = new double[Math.max(2, 9 * n)];
      ends = new double[4 * n];
      kept = new int[n];
      keptB = new double[n];
      keptC = new double[n];
      keptU = new double[n];
      keptState = new double[6 * n];
      keptH = new double[n];
      keptF = new double[n];
      zn = new int[n];
      zb = new double[n];
      zc = new double[n];
      zu = new double[n];
      zk = new double[n];
      zState = new double[6 * n];
      zBound = new double[n];
    }
    scatter = KernelRow.grownScatter(scatter, scatterLength, "a merge's scatter array"); // zeros, as laneDotRange needs
    if (lane.length < width) {
      lane = new double[width];
    }
  }

  long ramBytesUsed() {
    return 48 + 8L * (values.length + scatter.length + lane.length + work.length + ends.length + keptB.length + keptC.length
        + keptU.length + keptState.length + keptH.length + keptF.length + zb.length + zc.length + zu.length + zk.length + zState.length
        + zBound.length) + 4L * (kept.length + zn.length);
  }
}
