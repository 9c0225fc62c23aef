package org.altml.kernel.budget;

import org.altml.core.learner.RoundThreads;
import org.altml.core.math.VectorMath;
import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.SparseVector;

/**
 * {@code merge}: budget maintenance by merging (budgeted SGD, Wang, Crammer and Vucetic, JMLR 2012, §4.3),
 * extended to the L+1 (or L) outputs of a coefficient row as SPEC.md pins it.
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
 * ({@code Search.screen}: a bound on what each partner's bracket can still reach). So the merge is the one
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
  private final Search search = new Search();
  private int[] candidates = new int[0];
  private int[] heap = new int[0];
  private double[] uc = new double[0];
  private final SupportVectorStore.VectorBuffer merged = new SupportVectorStore.VectorBuffer();
  private double[] alphaM = new double[0];
  private double[] alphaN = new double[0];
  private double[] u = new double[0];
  private double[] k = new double[0];
  private double[] b = new double[0];
  private double[] c = new double[0];
  private double[] h = new double[0];
  private double[] f = new double[0];
  /** The search's staging for the nearest partners (9 per candidate). */
  private double[] work = new double[0];
  /** Per slot: {@link #SCREENED_OUT} for a partner a screen dropped (anything else: searched to the end). */
  private double[] bound = new double[0];
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
   * (0: every support vector, SPEC.md's rule). Among equal kernel values the older partner is taken first.
   *
   * @throws IllegalArgumentException unless {@code kernel} is an {@link RbfKernel}, or if {@code partners < 0}
   */
  public MergePolicy(Kernel kernel, int partners) {
    this(kernel, partners, true);
  }

  /** {@link #MergePolicy(Kernel, int)}, with the screen of {@code Search.screen} off: every partner searched to the end (tests). */
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
    int best = -1;
    double bestDegradation = Double.POSITIVE_INFINITY;
    for (int n = store.oldest(); n >= 0; n = store.younger(n)) {
      if (n == m || bound[n] == SCREENED_OUT) {
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
    SupportVectorStore.KernelRow own = new SupportVectorStore.KernelRow();
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
   * (the prefilter's, see {@code Search.prefilter}): min(m(1 − k²), m(1 − k) + 2C(k − √k)), m = min(A, B).
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

  /** Marks a screened-out partner in {@link #bound} (a bound is never NaN: NaN compares false and so survives). */
  private static final double SCREENED_OUT = Double.NEGATIVE_INFINITY;

  /**
   * The {@link #partners} slots other than m of largest kernel value k[n] into {@link #candidates}, in age
   * order; among equal values the older first. A min-heap of the best p seen (worst at the root: smaller k, or
   * equal k and younger), one pass over the store. Returns how many (min(partners, size − 1)).
   */
  private int nearest(SupportVectorStore store, int m, int size) {
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

  /**
   * The per-partner work of one merge over a range of slots, as a {@link RoundThreads.PartBody}: each part has
   * its own scratch and writes only its range of u, k, b, c, h and f. Reused across merges (no allocation per
   * merge in steady state).
   */
  private final class Search implements RoundThreads.PartBody {
    private SupportVectorStore store;
    private int m;
    private double a;
    private double normM;
    private boolean everyPartner;
    /** The round's exponents of m's distances (m the newest slot), or null: computed from dot products. */
    private double[] given;
    private Scratch[] scratch = {new Scratch()};
    private int[] survivors = new int[1];

    void parts(int n) {
      survivors = new int[n];
      scratch = new Scratch[n];
      for (int i = 0; i < n; i++) {
        scratch[i] = new Scratch();
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
      Scratch s = scratch[part];
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
      // the rest: searches stopped after SCREEN_STEPS steps, and the bound on ||α_z||² over each bracket from
      // K(x_m, z) and K(x_n, z) at the bracket's ends
      VectorMath.mergeSearchStart(a, s.zb, s.zc, s.zu, 0, z, SCREEN_STEPS, s.zState, 0, count, s.work);
      bracketBounds(s, z, count);
      survivors[part] = screen(s, z, count);
    }

    // run's steps are methods of their own (each loop compiled with its method) rather than one long method that
    // the JIT compiled four times, at each of its loops, in a command-line run

    /** u and k of the part's partners: the exponents of K(x_m, x_n) (given, or from dot products) and K. */
    private void exponents(Scratch s, int from, int to) {
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
    private void coefficients(Scratch s, int from, int to) {
      for (int n = from; n < to; n++) {
        b[n] = store.coefficientSquaredNorm(n);
      }
      store.coefficientDotRange(m, from, to, s.values, s.lane);
      System.arraycopy(s.values, 0, c, from, to - from);
    }

    /** Each packed partner's bound on ||α_z||² over its bracket, into {@code s.zBound}. */
    private void bracketBounds(Scratch s, int z, int count) {
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
     * every partner whose degradation over the whole of [0, 1] is bound to exceed it ({@link #leastDegradation})
     * is dropped. The others are packed (slots, b, c, u, k) for the stopped searches; {@link #bound} marks the
     * dropped ones.
     *
     * @return how many were packed
     */
    private int prefilter(Scratch s, int from, int to) {
      int provisional = -1;
      double estimate = Double.POSITIVE_INFINITY;
      for (int n = from; n < to; n++) {
        if (n == m) {
          continue;
        }
        double kk = k[n];
        double ends = Math.max(a * kk * kk + b[n], a + b[n] * kk * kk) + 2.0 * c[n] * kk;
        double e = pairNorm(a, b[n], c[n], kk) - ends;
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
      double dProvisional = pairNorm(a, b[provisional], c[provisional], k[provisional]) - s.keptF[0];
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
        excess[i] = leastDegradation(a, bn, cn, kn) - slack(a, bn, cn, pairNorm(a, bn, cn, kn));
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
     * {@link #SCREEN_SLACK} of the magnitudes its degradation is made of.
     */
    private static double slack(double a, double b, double c, double d) {
      return SCREEN_SLACK * (Math.abs(a) + Math.abs(b) + 2.0 * Math.abs(c) + Math.abs(d));
    }

    /**
     * Copies packed partner i's inputs and search state (stride {@code stride}) to the kept arrays at index j
     * (stride w); returns j + 1.
     */
    private int keep(Scratch s, int i, int stride, int j, int w) {
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
     * of all partners. Every partner whose D − bound exceeds d* (by more than {@link #SCREEN_SLACK}) can neither
     * be chosen nor tie and is dropped; the others are searched to the end. So the merge is the one the whole
     * search of every partner chooses, bit for bit (a search stopped and resumed is the same operations),
     * whatever the parts.
     *
     * @param z packed partners
     * @param stride the packed state's stride
     * @return how many partners were searched to the end
     */
    private int screen(Scratch s, int z, int stride) {
      int provisional = -1;
      double promise = Double.POSITIVE_INFINITY;
      for (int i = 0; i < z; i++) {
        double inner = Math.max(s.zState[4 * stride + i], s.zState[5 * stride + i]);
        double d = pairNorm(a, s.zb[i], s.zc[i], s.zk[i]) - inner;
        if (d < promise || provisional < 0) {
          provisional = i;
          promise = d;
        }
      }
      if (provisional < 0) {
        return 0; // m alone, or every partner dropped by the prefilter (never: its own partner stays)
      }
      keep(s, provisional, stride, 0, stride);
      VectorMath.mergeSearchResume(a, s.keptB, s.keptC, s.keptU, 0, 1, SCREEN_STEPS, s.keptState, 0, stride, s.keptH, s.keptF, s.work);
      int p = s.zn[provisional];
      double dStar = Math.min(s.dProvisional, pairNorm(a, b[p], c[p], k[p]) - s.keptF[0]);
      int kept = 0;
      for (int i = 0; i < z; i++) {
        int n = s.zn[i];
        double d = pairNorm(a, b[n], c[n], k[n]);
        if (d - s.zBound[i] > dStar + slack(a, b[n], c[n], d)) {
          bound[n] = SCREENED_OUT;
        } else {
          bound[n] = 0.0; // kept
          kept = keep(s, i, stride, kept, stride);
        }
      }
      VectorMath.mergeSearchResume(a, s.keptB, s.keptC, s.keptU, 0, kept, SCREEN_STEPS, s.keptState, 0, stride, s.keptH, s.keptF, s.work);
      for (int i = 0; i < kept; i++) {
        h[s.kept[i]] = s.keptH[i];
        f[s.kept[i]] = s.keptF[i];
      }
      return kept;
    }

    long ramBytesUsed() {
      long bytes = 32;
      for (Scratch s : scratch) {
        bytes += s.ramBytesUsed();
      }
      return bytes;
    }
  }

  /** One part's scratch: dot products, the scattered x_m, α_m widened, the search's staging. */
  private static final class Scratch {
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
      scatter = SupportVectorStore.grownScatter(scatter, scatterLength, "a merge's scatter array"); // zeros, as laneDotRange needs
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
        + 8L * 6L * u.length + 8L * bound.length;
  }
}
