package org.altml.kernel.budget;

import org.altml.core.learner.RoundThreads;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.SupportVectorStore;

/**
 * The per-partner work of one merge over a range of slots, as a {@link RoundThreads.PartBody}: each part has
 * its own scratch and writes only its range of u, k, b, c, h and f. Reused across merges (no allocation per
 * merge in steady state).
 */
final class MergeSearch implements RoundThreads.PartBody {
  /** Marks a screened-out partner in {@link #bound} (a bound is never NaN: NaN compares false and so survives). */
  static final double SCREENED_OUT = Double.NEGATIVE_INFINITY;

  private final RbfKernel kernel;
  private final boolean screen;
  /** Per slot: u = ln K(x_m, x_n), K, ||α_n||², α_m·α_n, and the search's h and f (the partners' values of one merge). */
  double[] u = new double[0];
  double[] k = new double[0];
  double[] b = new double[0];
  double[] c = new double[0];
  double[] h = new double[0];
  double[] f = new double[0];
  /** Per slot: {@link #SCREENED_OUT} for a partner a screen dropped (anything else: searched to the end). */
  double[] bound = new double[0];
  private SupportVectorStore store;
  private int m;
  private double a;
  private double normM;
  private boolean everyPartner;
  /** The round's exponents of m's distances (m the newest slot), or null: computed from dot products. */
  private double[] given;
  private MergeScratch[] scratch = {new MergeScratch()};
  private int[] survivors = new int[1];

  MergeSearch(RbfKernel kernel, boolean screen) {
    this.kernel = kernel;
    this.screen = screen;
  }

  /** Room for a store of {@code size} slots in the per-slot arrays (doubling). */
  void ensure(int size) {
    if (u.length < size) {
      int n = Math.max(size, 2 * u.length);
      u = new double[n];
      k = new double[n];
      b = new double[n];
      c = new double[n];
      h = new double[n];
      f = new double[n];
      bound = new double[n];
    }
  }

  /** One scratch per part of a round's threads. */
  void parts(int n) {
    survivors = new int[n];
    scratch = new MergeScratch[n];
    for (int i = 0; i < n; i++) {
      scratch[i] = new MergeScratch();
    }
  }

  void begin(SupportVectorStore store, int m, double a, boolean everyPartner, double[] given) {
    this.store = store;
    this.given = given;
    this.m = m;
    this.a = a;
    this.normM = store.squaredNorm(m);
    this.everyPartner = everyPartner;
  }

  void end() {
    store = null;
    given = null;
  }

  @Override
  public void run(int part, int from, int to) {
    MergeScratch s = scratch[part];
    int count = to - from;
    s.ensure(count, store.scatterLength(), store.width());
    exponents(s, from, to);
    if (!everyPartner) {
      return; // the nearest partners are chosen from every k first
    }
    coefficients(s, from, to);
    if (!screen) {
      VectorMath.mergeSearch(a, b, c, u, from, count, h, f, s.work);
      survivors[part] = m >= from && m < to ? count - 1 : count;
      return;
    }
    // zero steps: one partner searched to the end, and every partner whose bracket [0, 1] cannot beat it dropped
    int z = prefilter(s, from, to);
    // the rest: searches stopped after MergePolicy.SCREEN_STEPS steps, and the bound on ||α_z||² over each bracket from
    // K(x_m, z) and K(x_n, z) at the bracket's ends
    VectorMath.mergeSearchStart(a, s.zb, s.zc, s.zu, 0, z, MergePolicy.SCREEN_STEPS, s.zState, 0, count, s.work);
    bracketBounds(s, z, count);
    survivors[part] = screen(s, z, count);
  }

  // run's steps are methods of their own (each loop compiled with its method) rather than one long method that
  // the JIT compiled four times, at each of its loops, in a command-line run

  /** u and k of the part's partners: the exponents of K(x_m, x_n) (given, or from dot products) and K. */
  private void exponents(MergeScratch s, int from, int to) {
    int count = to - from;
    if (given != null) {
      for (int n = from; n < to; n++) {
        u[n] = n == m ? 0.0 : given[n]; // m's own entry is never used
      }
    } else {
      store.laneDotRange(m, from, to, s.values, s.scatter);
      double[] norms = store.squaredNormsArray();
      double twoSigmaSquared = kernel.twoSigmaSquared();
      for (int n = from; n < to; n++) {
        u[n] = -Math.max(0.0, normM + norms[n] - 2.0 * s.values[n - from]) / twoSigmaSquared; // gaussianFromDots' argument
      }
    }
    System.arraycopy(u, from, k, from, count);
    VectorMath.exp(k, from, count);
  }

  /** b and c of the part's partners: ||α_n||² and α_m·α_n. */
  private void coefficients(MergeScratch s, int from, int to) {
    for (int n = from; n < to; n++) {
      b[n] = store.coefficientSquaredNorm(n);
    }
    store.coefficientDotRange(m, from, to, s.values, s.lane);
    System.arraycopy(s.values, 0, c, from, to - from);
  }

  /** Each packed partner's bound on ||α_z||² over its bracket, into {@code s.zBound}. */
  private void bracketBounds(MergeScratch s, int z, int count) {
    double[] e = s.ends; // four blocks of z: K(x_m, z) at lo (its least) and at hi (its greatest), K(x_n, z) at lo
    // (its greatest) and at hi (its least), as exponents, then exponentials: loops the JIT vectorizes
    double[] st = s.zState;
    double[] zu = s.zu;
    for (int i = 0; i < z; i++) {
      double gl = 1.0 - st[i];
      e[i] = zu[i] * (gl * gl);
    }
    for (int i = 0; i < z; i++) {
      double gh = 1.0 - st[count + i];
      e[z + i] = zu[i] * (gh * gh);
    }
    for (int i = 0; i < z; i++) {
      double lo = st[i];
      e[2 * z + i] = zu[i] * (lo * lo);
    }
    for (int i = 0; i < z; i++) {
      double hi = st[count + i];
      e[3 * z + i] = zu[i] * (hi * hi);
    }
    VectorMath.exp(e, 0, 4 * z);
    for (int i = 0; i < z; i++) {
      double kmMost = e[z + i];
      double knMost = e[2 * z + i];
      double cc = s.zc[i];
      double cross = cc >= 0 ? kmMost * knMost : e[i] * e[3 * z + i];
      s.zBound[i] = a * kmMost * kmMost + s.zb[i] * knMost * knMost + 2.0 * cc * cross;
    }
  }

  /**
   * The screen before any step: the part's partner of least D − max(f(0), f(1)) (its values at h = 0 and 1
   * need only k) is searched to the end, its degradation {@code s.dProvisional} is at least the least one, and
   * every partner whose degradation over the whole of [0, 1] is bound to exceed it ({@link MergePolicy#leastDegradation})
   * is dropped. The others are packed (slots, b, c, u, k) for the stopped searches; {@link #bound} marks the
   * dropped ones.
   *
   * @return how many were packed
   */
  private int prefilter(MergeScratch s, int from, int to) {
    int provisional = -1;
    double estimate = Double.POSITIVE_INFINITY;
    for (int n = from; n < to; n++) {
      if (n == m) {
        continue;
      }
      double kk = k[n];
      double ends = Math.max(a * kk * kk + b[n], a + b[n] * kk * kk) + 2.0 * c[n] * kk;
      double e = MergePolicy.pairNorm(a, b[n], c[n], kk) - ends;
      if (e < estimate || provisional < 0) {
        provisional = n;
        estimate = e;
      }
    }
    if (provisional < 0) {
      s.dProvisional = Double.POSITIVE_INFINITY;
      return 0; // m alone
    }
    s.keptB[0] = b[provisional];
    s.keptC[0] = c[provisional];
    s.keptU[0] = u[provisional];
    VectorMath.mergeSearch(a, s.keptB, s.keptC, s.keptU, 0, 1, s.keptH, s.keptF, s.work);
    double dProvisional = MergePolicy.pairNorm(a, b[provisional], c[provisional], k[provisional]) - s.keptF[0];
    s.dProvisional = dProvisional;
    // each partner's bound less its slack (a loop the JIT vectorizes), then the survivors packed without a branch
    // (about 40% survive, in no order a predictor could learn)
    double[] excess = s.ends;
    int count = to - from;
    for (int i = 0; i < count; i++) {
      int n = from + i;
      double bn = b[n];
      double cn = c[n];
      double kn = k[n];
      excess[i] = MergePolicy.leastDegradation(a, bn, cn, kn) - slack(a, bn, cn, MergePolicy.pairNorm(a, bn, cn, kn));
    }
    int z = 0;
    for (int i = 0; i < count; i++) {
      int n = from + i;
      boolean drop = excess[i] > dProvisional || n == m;
      bound[n] = drop ? SCREENED_OUT : 0.0;
      s.zn[z] = n;
      s.zb[z] = b[n];
      s.zc[z] = c[n];
      s.zu[z] = u[n];
      s.zk[z] = k[n];
      z += drop ? 0 : 1;
    }
    return z;
  }

  /**
   * The screens' slack for a partner of ||α_n||² = b and α_m·α_n = c whose D = a + b + 2kc is {@code d}:
   * {@link MergePolicy#SCREEN_SLACK} of the magnitudes its degradation is made of.
   */
  private static double slack(double a, double b, double c, double d) {
    return MergePolicy.SCREEN_SLACK * (Math.abs(a) + Math.abs(b) + 2.0 * Math.abs(c) + Math.abs(d));
  }

  /**
   * Copies packed partner i's inputs and search state (stride {@code stride}) to the kept arrays at index j
   * (stride w); returns j + 1.
   */
  private int keep(MergeScratch s, int i, int stride, int j, int w) {
    s.kept[j] = s.zn[i];
    s.keptB[j] = s.zb[i];
    s.keptC[j] = s.zc[i];
    s.keptU[j] = s.zu[i];
    for (int q = 0; q < 6; q++) {
      s.keptState[q * w + j] = s.zState[q * stride + i];
    }
    return j + 1;
  }

  /** Partners searched to the end in the last merge, over every part (m excluded). */
  int survivors() {
    int total = 0;
    for (int i = 0; i < scratch.length; i++) {
      total += survivors[i];
      survivors[i] = 0;
    }
    return total;
  }

  /**
   * Finishes the searches of the packed partners that can still be chosen; the others get
   * {@link #SCREENED_OUT} in {@link #bound}.
   *
   * <p>The final h of a search lies in its bracket [lo, hi] after any number of steps, and on that bracket,
   * as u ≤ 0, K(x_m, z) = e^{u(1−h)²} rises from e^{u(1−lo)²} to e^{u(1−hi)²} and K(x_n, z) = e^{uh²} falls
   * from e^{u·lo²} to e^{u·hi²}; with A, B ≥ 0 each term of A·K_m² + B·K_n² + 2C·K_m·K_n is at most its value
   * at the ends that maximize it (the bound of {@link #run}), so the partner's final degradation is at least
   * D − bound (D = A + B + 2kC). The most promising packed partner (least D − max(f(x1), f(x2))) is searched
   * to the end first: d*, the lesser of its degradation and the prefilter's, is at least the least degradation
   * of all partners. Every partner whose D − bound exceeds d* (by more than {@link MergePolicy#SCREEN_SLACK}) can neither
   * be chosen nor tie and is dropped; the others are searched to the end. So the merge is the one the whole
   * search of every partner chooses, bit for bit (a search stopped and resumed is the same operations),
   * whatever the parts.
   *
   * @param z packed partners
   * @param stride the packed state's stride
   * @return how many partners were searched to the end
   */
  private int screen(MergeScratch s, int z, int stride) {
    int provisional = -1;
    double promise = Double.POSITIVE_INFINITY;
    for (int i = 0; i < z; i++) {
      double inner = Math.max(s.zState[4 * stride + i], s.zState[5 * stride + i]);
      double d = MergePolicy.pairNorm(a, s.zb[i], s.zc[i], s.zk[i]) - inner;
      if (d < promise || provisional < 0) {
        provisional = i;
        promise = d;
      }
    }
    if (provisional < 0) {
      return 0; // m alone, or every partner dropped by the prefilter (never: its own partner stays)
    }
    keep(s, provisional, stride, 0, stride);
    VectorMath.mergeSearchResume(a, s.keptB, s.keptC, s.keptU, 0, 1, MergePolicy.SCREEN_STEPS, s.keptState, 0, stride, s.keptH, s.keptF, s.work);
    int p = s.zn[provisional];
    double dStar = Math.min(s.dProvisional, MergePolicy.pairNorm(a, b[p], c[p], k[p]) - s.keptF[0]);
    int kept = 0;
    for (int i = 0; i < z; i++) {
      int n = s.zn[i];
      double d = MergePolicy.pairNorm(a, b[n], c[n], k[n]);
      if (d - s.zBound[i] > dStar + slack(a, b[n], c[n], d)) {
        bound[n] = SCREENED_OUT;
      } else {
        bound[n] = 0.0; // kept
        kept = keep(s, i, stride, kept, stride);
      }
    }
    VectorMath.mergeSearchResume(a, s.keptB, s.keptC, s.keptU, 0, kept, MergePolicy.SCREEN_STEPS, s.keptState, 0, stride, s.keptH, s.keptF, s.work);
    for (int i = 0; i < kept; i++) {
      h[s.kept[i]] = s.keptH[i];
      f[s.kept[i]] = s.keptF[i];
    }
    return kept;
  }

  long ramBytesUsed() {
    long bytes = 32;
    for (MergeScratch s : scratch) {
      bytes += s.ramBytesUsed();
    }
    return bytes;
  }
}
