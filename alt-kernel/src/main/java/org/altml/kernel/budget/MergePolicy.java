package org.altml.kernel.budget;

import org.altml.core.learner.RoundThreads;
import org.altml.core.math.VectorMath;
import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.KernelRow;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.kernel.store.VectorBuffer;
import org.altml.sparse.SparseVector;

/**
 * {@code merge}: budget maintenance by merging (budgeted SGD, Wang, Crammer and Vucetic, JMLR 2012, §4.3),
 * extended to the L+1 (or L) outputs of a coefficient row as docs/spec.md#budget-merge pins it.
 *
 * <p>m is the support vector {@code smallest} would remove ({@link SmallestPolicy#select}). For every other
 * n, with k = K(x_m, x_n) = e^u (u = −||x_m − x_n||²/(2σ²)), the merged point is z = h·x_m + (1−h)·x_n,
 * and the RBF closed forms K(x_m, z) = k^{(1−h)²} = e^{u(1−h)²}, K(x_n, z) = k^{h²} = e^{uh²} give α_z =
 * α_m·K(x_m, z) + α_n·K(x_n, z). h ∈ [0, 1] maximizes ||α_z||² = A·K(x_m, z)² + B·K(x_n, z)² +
 * 2C·K(x_m, z)·K(x_n, z) (A = ||α_m||², B = ||α_n||², C = α_m·α_n), found by 20 golden-section steps (a final
 * bracket of 6.6e-5, within {@value #PRECISION}). The weight degradation summed over the outputs,
 * ||α_m||² + ||α_n||² + 2k·(α_m·α_n) − ||α_z||², is the squared distance in the feature space between
 * α_m·φ(x_m) + α_n·φ(x_n) and α_z·φ(z); m merges with the n of least degradation (the oldest on ties), and
 * (z, α_z) replaces n in n's age position while m is removed. This is the exact multi-output objective, not
 * BSGD's per-class ratio heuristic: FALT's coefficient rows sum to about zero, so α_m + α_n ≈ 0 is common and
 * the ratio is undefined.
 *
 * <p>Per merge: one row of dot products of x_m against the store (size kernel evaluations, counted), unless m is
 * the vector its round just appended and the learner passes that round's kernel row ({@link
 * #shrink(SupportVectorStore, double[])}: the distances it computed a moment before, as exponents); the
 * coefficient dot products α_m·α_n; and the partners' searches, on SIMD lanes ({@link
 * VectorMath#mergeSearchStart}, bit-identical to one partner at a time), with the toolkit's {@link
 * VectorMath#exp(double)}. Two screens drop the partners that can neither be chosen nor tie: first, one partner
 * is searched to the end and every partner whose degradation over all of [0, 1] is bound to exceed it ({@link
 * #leastDegradation}) is dropped before any step (about 60% on the mediamill-shaped stream); the others' searches
 * stop after {@link #SCREEN_STEPS} steps, and only those that could still be chosen are searched to the end
 * ({@code MergeSearch.screen}: a bound on what each partner's bracket can still reach). So the merge is the one
 * searching every partner to the end makes, bit for bit, at a fraction of the exponentials. With a learner's
 * {@link RoundThreads} ({@link #useThreads}) this per-partner work runs on every thread over disjoint ranges of
 * slots, and only the choice of the partner (in age order) on the caller: the same merges, bit for bit, on any
 * number of threads. The merged point's features are
 * rounded to float like every stored feature; its coefficients come from the closed forms in double. Needs an
 * {@link RbfKernel}. Scratch grows with the store; no allocation per merge in steady state.
 */
public final class MergePolicy implements BudgetPolicy {
  /** The policy's name. */
  public static final String NAME = "merge";

  /** Width of the final golden-section bracket on h: 20 steps from [0, 1] leave 0.618^20 = 6.6e-5. */
  public static final double PRECISION = 1e-4;

  /**
   * Golden-section steps every partner's search takes before the screen: after them each bracket is 0.618^6 =
   * 5.6% of [0, 1], and on the mediamill-shaped stream at B = 1,000 about 95% of partners are screened out
   * (0.8% survive 8 steps, 18% survive 4).
   */
  static final int SCREEN_STEPS = 6;

  /**
   * Relative slack of the screen, far above the rounding of the degradations and exponentials (about 1e-15
   * relative): a partner is dropped only when its bound clears the best degradation by this much.
   */
  static final double SCREEN_SLACK = 1e-9;

  /** Fewest partners per thread: smaller stores are searched on the calling thread alone. */
  static final int MIN_PART = 256;

  private final RbfKernel kernel;
  private final int partners;
  private final boolean screen;
  private RoundThreads threads = RoundThreads.ONE;
  private final MergeSearch search;
  private int[] candidates = new int[0];
  private int[] heap = new int[0];
  private double[] uc = new double[0];
  private final VectorBuffer merged = new VectorBuffer();
  private double[] alphaM = new double[0];
  private double[] alphaN = new double[0];
  /** The search's staging for the nearest partners (9 per candidate). */
  private double[] work = new double[0];
  private long partnersSearched;
  private long partnersScreenedOut;
  private long kernelEvaluations;
  private long mergesFromRoundRows;
  private double lastH = Double.NaN;
  private double lastDegradation = Double.NaN;

  /**
   * A merge policy for {@code kernel}.
   *
   * @throws IllegalArgumentException unless {@code kernel} is an {@link RbfKernel} (the closed forms are RBF's)
   */
  public MergePolicy(Kernel kernel) {
    this(kernel, 0);
  }

  /**
   * A merge policy for {@code kernel} that searches only the {@code partners} partners of largest K(x_m, x_n)
   * (0: every support vector, the rule of docs/spec.md#budget-merge). Among equal kernel values the older partner is taken first.
   *
   * @throws IllegalArgumentException unless {@code kernel} is an {@link RbfKernel}, or if {@code partners < 0}
   */
  public MergePolicy(Kernel kernel, int partners) {
    this(kernel, partners, true);
  }

  /** {@link #MergePolicy(Kernel, int)}, with the screen of {@code MergeSearch.screen} off: every partner searched to the end (tests). */
  MergePolicy(Kernel kernel, int partners, boolean screen) {
    if (!(kernel instanceof RbfKernel rbf)) {
      throw new IllegalArgumentException("the merge budget policy needs an RBF kernel, not " + kernel);
    }
    if (partners < 0) {
      throw new IllegalArgumentException("merge partners must be >= 0 (0 = all): " + partners);
    }
    this.kernel = rbf;
    this.partners = partners;
    this.screen = screen;
    this.search = new MergeSearch(rbf, screen);
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Splits each merge's per-partner work (kernel values, dot products, searches) over {@code threads}. */
  @Override
  public void useThreads(RoundThreads threads) {
    this.threads = java.util.Objects.requireNonNull(threads, "threads");
    search.parts(threads.threads());
  }

  @Override
  public void shrink(SupportVectorStore store) {
    shrink(store, null);
  }

  /** True: when m is the vector a round just appended, its distances come from that round's kernel row. */
  @Override
  public boolean usesNewestExponents() {
    return true;
  }

  /**
   * {@link #shrink(SupportVectorStore)}; when m is the newest vector (the one its round just appended: about
   * 97% of merges on the mediamill-shaped stream at B = 1,000) and {@code newestExponents} is given, the u_n
   * are that round's instead of a row of dot products computed here (no kernel evaluations counted): the
   * same formula, the dot products summed in ascending feature order rather than on lanes, so the last bits
   * of u may differ from those computed here.
   */
  @Override
  public void shrink(SupportVectorStore store, double[] newestExponents) {
    int size = store.size();
    if (size < 2) {
      throw new IllegalStateException("merging needs two support vectors, the store holds " + size);
    }
    int width = store.width();
    if (alphaM.length < width) {
      alphaM = new double[width];
      alphaN = new double[width];
    }
    search.ensure(size);
    double[] u = search.u;
    double[] k = search.k;
    double[] b = search.b;
    double[] c = search.c;
    double[] h = search.h;
    double[] f = search.f;
    int m = SmallestPolicy.select(store);
    boolean everyPartner = partners == 0 || partners >= size - 1;
    double a = store.coefficientSquaredNorm(m);
    // per partner n, on the round's threads over disjoint ranges of slots: the exponent u_n = ln K(x_m, x_n) =
    // −d²/(2σ²) (the kernel row's own arguments), K = exp(u), and with every partner searched its ||α_n||²,
    // α_m·α_n and golden-section search; each value is the same bits whatever the ranges
    double[] given = newestExponents != null && m == size - 1 ? newestExponents : null;
    search.begin(store, m, a, everyPartner, given);
    try {
      threads.forEachPart(size, 8, MIN_PART, search);
    } finally {
      search.end();
    }
    if (given == null) {
      kernelEvaluations += size;
    } else {
      mergesFromRoundRows++;
      if (checkGiven) {
        checkGiven(store, m, given);
      }
    }
    int best = -1;
    double bestDegradation = Double.POSITIVE_INFINITY;
    double bestH = 0;
    if (everyPartner) {
      int survivors = search.survivors();
      best = leastDegraded(store, m, a);
      bestDegradation = pairNorm(a, b[best], c[best], k[best]) - f[best];
      bestH = h[best];
      partnersSearched += survivors;
      partnersScreenedOut += size - 1 - survivors;
    } else {
      int p = nearest(store, m, size);
      if (uc.length < p) {
        uc = new double[Math.max(p, 2 * uc.length)];
        work = new double[Math.max(2, 9 * uc.length)];
      }
      // the candidates' values packed at the front of b, c and uc
      for (int i = 0; i < p; i++) {
        int n = candidates[i];
        b[i] = store.coefficientSquaredNorm(n);
        c[i] = store.coefficientLaneDot(m, n); // the order of coefficientDots, as every partner above
        uc[i] = u[n];
      }
      VectorMath.mergeSearch(a, b, c, uc, p, h, f, work);
      for (int i = 0; i < p; i++) { // candidates are in age order: a strict improvement keeps the oldest
        int n = candidates[i];
        double degradation = pairNorm(a, b[i], c[i], k[n]) - f[i];
        if (degradation < bestDegradation || best < 0) {
          best = n;
          bestDegradation = degradation;
          bestH = h[i];
        }
      }
    }
    double g = 1.0 - bestH;
    double km = VectorMath.exp(u[best] * (g * g)); // K(x_m, z), as the search computed it
    double kn = VectorMath.exp(u[best] * (bestH * bestH)); // K(x_n, z)
    store.coefficients(m, alphaM);
    store.coefficients(best, alphaN);
    for (int j = 0; j < width; j++) {
      alphaM[j] = alphaM[j] * km + alphaN[j] * kn; // α_z, into alphaM's scratch
    }
    SparseVector z = store.interpolate(m, best, bestH, merged);
    store.replace(best, z, alphaM);
    store.remove(m);
    lastH = bestH;
    lastDegradation = bestDegradation;
  }

  /**
   * The searched partner of least degradation, in age order, so that a strict improvement keeps the oldest
   * among equals; a screened-out partner's degradation exceeds the survivors' least, so it could neither win nor
   * tie. A method of its own: its loop, inside {@link #shrink}, made the JIT compile shrink twice.
   */
  private int leastDegraded(SupportVectorStore store, int m, double a) {
    double[] k = search.k;
    double[] b = search.b;
    double[] c = search.c;
    double[] f = search.f;
    double[] bound = search.bound;
    int best = -1;
    double bestDegradation = Double.POSITIVE_INFINITY;
    for (int n = store.oldest(); n >= 0; n = store.younger(n)) {
      if (n == m || bound[n] == MergeSearch.SCREENED_OUT) {
        continue;
      }
      double degradation = pairNorm(a, b[n], c[n], k[n]) - f[n];
      if (degradation < bestDegradation || best < 0) {
        best = n;
        bestDegradation = degradation;
      }
    }
    return best;
  }

  /** Tests: whether every round's exponents given to a merge are checked against the merge's own ({@link #checkGiven}). */
  boolean checkGiven;

  /**
   * Tests: compares the round's exponents with those this merge computes from its own row of dot products (the
   * same formula, another summation order: within 1e-12 relative; a float store's rows are computed in float, within
   * 1e-6 of the scale of the distance's terms), so that a learner handing over a wrong row fails.
   */
  private void checkGiven(SupportVectorStore store, int m, double[] given) {
    KernelRow own = new KernelRow();
    store.laneDotRow(m, own);
    for (int n = 0; n < store.size(); n++) {
      if (n == m) {
        continue;
      }
      double expected = kernel.exponentFromDot(own.values()[n], store.squaredNorm(m), store.squaredNorm(n));
      double tolerance = store.floatMath()
          ? 1e-6 * (1.0 + (store.squaredNorm(m) + store.squaredNorm(n)) / kernel.twoSigmaSquared())
          : 1e-12 * (1.0 + Math.abs(expected));
      if (!(Math.abs(given[n] - expected) <= tolerance)) {
        throw new IllegalStateException("the round's exponent for slot " + n + " is " + given[n] + ", the merge's own " + expected);
      }
    }
  }

  /**
   * D = A + B + 2kC = ||α_m·φ(x_m) + α_n·φ(x_n)||² for a partner of ||α_n||² = b, α_m·α_n = c and K(x_m, x_n) = k,
   * with A = ||α_m||² = a: what a merge replaces, its degradation D − ||α_z||². One expression for the choice, the
   * screens and their bounds, so that they compare the same bits.
   */
  static double pairNorm(double a, double b, double c, double k) {
    return a + b + 2.0 * k * c;
  }

  /**
   * A lower bound on the degradation A + B + 2kC − ||α_z||² of merging with a partner, over every h in [0, 1]
   * (the prefilter's, see {@code MergeSearch.prefilter}): min(m(1 − k²), m(1 − k) + 2C(k − √k)), m = min(A, B).
   *
   * <p>With K_m = K(x_m, z), K_n = K(x_n, z) and P = K_m·K_n, the degradation is A(1 − K_m²) + B(1 − K_n²) +
   * 2C(k − P). Both K are at most 1, and (1 − K_m²)(1 − K_n²) ≥ 0 gives K_m² + K_n² ≤ 1 + P², so the first two
   * terms are at least m(2 − K_m² − K_n²) ≥ m(1 − P²). P = e^{u((1−h)² + h²)} lies in [k, √k] as (1−h)² + h²
   * lies in [1/2, 1], and m(1 − P²) + 2C(k − P) is concave in P: its least on [k, √k] is at an end.
   */
  static double leastDegradation(double a, double b, double c, double k) {
    double m = Math.min(a, b);
    return Math.min(m * (1.0 - k * k), m * (1.0 - k) + 2.0 * c * (k - Math.sqrt(k)));
  }

  /**
   * The {@link #partners} slots other than m of largest kernel value k[n] into {@link #candidates}, in age
   * order; among equal values the older first. A min-heap of the best p seen (worst at the root: smaller k, or
   * equal k and younger), one pass over the store. Returns how many (min(partners, size − 1)).
   */
  private int nearest(SupportVectorStore store, int m, int size) {
    double[] k = search.k;
    int p = Math.min(partners, size - 1);
    if (candidates.length < size) {
      candidates = new int[Math.max(size, 2 * candidates.length)];
      heap = new int[Math.max(size, 2 * heap.length)];
    }
    int count = 0;
    for (int n = store.oldest(); n >= 0; n = store.younger(n)) { // age order: among equal k the older wins
      if (n == m) {
        continue;
      }
      if (count < p) {
        heap[count] = n;
        siftUp(store, count++);
      } else if (k[n] > k[heap[0]]) { // a younger vector of equal k never displaces an older one
        heap[0] = n;
        siftDown(store, p);
      }
    }
    // back to age order for the degradation's tie rule
    for (int i = 0; i < count; i++) {
      candidates[i] = heap[i];
    }
    sortByAge(store, count);
    return count;
  }

  /** Whether slot x is a worse candidate than slot y: smaller k, or equal k and younger. */
  private boolean worse(SupportVectorStore store, int x, int y) {
    double[] k = search.k;
    return k[x] < k[y] || (k[x] == k[y] && store.age(x) > store.age(y));
  }

  private void siftUp(SupportVectorStore store, int i) {
    int v = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!worse(store, v, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = v;
  }

  private void siftDown(SupportVectorStore store, int count) {
    int i = 0;
    int v = heap[0];
    while (true) {
      int child = 2 * i + 1;
      if (child >= count) {
        break;
      }
      if (child + 1 < count && worse(store, heap[child + 1], heap[child])) {
        child++;
      }
      if (!worse(store, heap[child], v)) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = v;
  }

  /** Insertion sort of candidates[0..count) by age (count is small). */
  private void sortByAge(SupportVectorStore store, int count) {
    for (int i = 1; i < count; i++) {
      int v = candidates[i];
      long age = store.age(v);
      int j = i - 1;
      while (j >= 0 && store.age(candidates[j]) > age) {
        candidates[j + 1] = candidates[j];
        j--;
      }
      candidates[j + 1] = v;
    }
  }

  /** Partners whose search ran to the end, over every merge so far (m excluded). */
  public long partnersSearched() {
    return partnersSearched;
  }

  /** Merges whose m was the newest vector and whose distances came from its round's kernel row. */
  public long mergesFromRoundRows() {
    return mergesFromRoundRows;
  }

  /** Partners the screens dropped (before any step, or after {@link #SCREEN_STEPS} steps), over every merge so far. */
  public long partnersScreenedOut() {
    return partnersScreenedOut;
  }

  /** h of the last merge (NaN before the first), for tests and diagnostics. */
  public double lastH() {
    return lastH;
  }

  /** The weight degradation of the last merge (NaN before the first). */
  public double lastDegradation() {
    return lastDegradation;
  }

  @Override
  public long kernelEvaluations() {
    return kernelEvaluations;
  }

  @Override
  public long ramBytesUsed() {
    return 96 + 8L * candidates.length + 8L * uc.length + 8L * work.length + search.ramBytesUsed() + merged.ramBytesUsed() + 16L * alphaM.length
        + 8L * 6L * search.u.length + 8L * search.bound.length;
  }
}
