package org.altml.kernel.learner;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.DivergenceLatch;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.InnerSteps;
import org.altml.core.learner.LearnerChecks;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.RoundThreads;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.kernel.KernelParameters;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.budget.BudgetParameters;
import org.altml.kernel.budget.BudgetPolicies;
import org.altml.kernel.budget.BudgetPolicy;
import org.altml.kernel.cache.GramCache;
import org.altml.kernel.cache.GramCursor;
import org.altml.kernel.store.BlockScorer;
import org.altml.kernel.store.KernelRow;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Base of the kernel learners (docs/spec.md#kernel-falt and docs/spec.md#kernel-pa): a {@link SupportVectorStore}
 * of (x_k, α_k), scores s_i(x) = Σ_k α_{k,i}·K(x_k, x) with the RBF kernel, and the online round:
 *
 * <ol>
 *   <li>compute s over the store (a kernel row of x against every support vector, then one combination of
 *       the coefficient rows, {@link SupportVectorStore#kernelRow} and {@link SupportVectorStore#combine})
 *       and predict: what prequential evaluation scores;</li>
 *   <li>with α_new = 0, up to M steps ({@link InnerSteps}): the loss's coefficients c from s, stop when the
 *       loss is 0, else apply the subclass's step to α_new and rescore incrementally
 *       (s ← s − η·c·K(x, x) for FALT: no kernel row is recomputed);</li>
 *   <li>if at least one step was taken, append (x, α_new) as the newest support vector (one per round),
 *       then, while the store holds more than the budget B, let the {@link BudgetPolicy} shrink it.</li>
 * </ol>
 *
 * <p>Precision ({@link Precision}): double by default, every kernel value and score in double; float is the
 * fast mode, which stores the coefficient rows in float and computes the kernel values and scores in float
 * ({@link SupportVectorStore#floatMath()}: the block products on twice the SIMD lanes, the float exponential),
 * the same bits on every path as double's are. Learning decisions (margins, loss coefficients, steps) are in
 * double in both; features are stored as float. Unlike the linear learners, an empty x is learned from like any other point: φ(0) is not zero
 * (K(0, x') = exp(−||x'||²/(2σ²))), and a constant bias feature would change no RBF distance, so these
 * kinds take no {@code bias} parameter.
 *
 * <p>Distances: when the context carries a {@link GramCache} for the dataset (a tuning run's
 * {@link org.altml.core.learner.SharedResources}) and an example comes with its id, squared distances to
 * support vectors that remember their example's id are looked up there and computed only on a miss
 * ({@link SupportVectorStore#kernelRow(RbfKernel, SparseVector, double, GramCursor,
 * KernelRow)}); the scores are the same bits either way.
 *
 * <p>Steady state allocates nothing per example: scratch grows by doubling with the store. Every score
 * vector is checked; the first non-finite one throws a {@link DivergenceException} naming the example,
 * after which the learner refuses every call. Called by one thread at a time; a context with
 * {@link LearnerContext#threads()} above 1 lets blocked training score a block's rows, and the budget policy
 * do its per-vector work, on that many threads ({@link RoundThreads}; the same results on any number).
 * {@link #predictor()} gives other threads their own scratch over the live store.
 */
public abstract class KernelLearner implements OnlineMultiLabelLearner, InnerSteps.Round {
  /** Examples per block of a test pass ({@link Predictor#preferredBlockSize()}): the store is streamed once per block. */
  static final int TEST_BLOCK = 512;

  /** The codec of every kernel learner kind. */
  public static final ModelCodec CODEC = new KernelCodec();

  int numLabels;
  /** Lanes of a score vector: L+1 padded ({@link Scores#paddedLength}), at least the store's stride. */
  int scoreStride;
  int maxUpdates;
  final int budget;
  private final RbfKernel kernel;
  final BudgetPolicy policy;
  final Precision precision;
  SupportVectorStore store;
  private final KernelRow row = new KernelRow();
  private final BlockScratch blockScratch = new BlockScratch();
  private final BudgetRounds budgetRounds = new BudgetRounds(blockScratch);
  /** The threads a round may use (the context's {@link LearnerContext#threads()}). */
  private final RoundThreads threads;
  final BlockPass blockPass;
  double[] scores;
  double[] stepScores;
  double[] coeff;
  /** α_new of the current round: L+1 (or L) lanes, pad lanes zero. */
  protected double[] alphaNew;
  private SparseVector current;
  private double currentSelf;
  long examples;
  long steps;
  long kernelEvaluations;
  long appended;
  long budgetReductions;
  private final DivergenceLatch divergence = new DivergenceLatch("try a smaller eta or c, or scaled features");
  /** The shared Gram cache and this learner's cursor into it, or null: the distance source of {@link #scores}. */
  private final GramCursor gram;
  /** The id the current round's example is cached under, or -1 (set by {@link #scores}, read by {@link #learn}). */
  private int roundId = -1;
  /** The most support vectors an unbounded store is sized for before its first append ({@link #initialCapacity}). */
  private static final int PRESIZE_LIMIT = 4096;
  /** ||x||² of the current round's example (set by {@link #scores}), which its support vector keeps. */
  private double roundNorm;
  /** Whether rounds keep their kernel row's exponents for the budget policy ({@link BudgetPolicy#usesNewestExponents()}). */
  final boolean offersExponents;

  /**
   * A learner with an empty store.
   *
   * @param coefficientWidth coefficients per support vector: L+1 (FALT) or L (binary relevance)
   * @param maxUpdates M ≥ 1
   * @param context L, d when known (sizes dense support vectors once) and the seed of the budget policy
   */
  protected KernelLearner(Settings settings, LearnerContext context, int coefficientWidth, int maxUpdates, Precision precision) {
    this.numLabels = context.numLabels();
    if (maxUpdates < 1) {
      throw new IllegalArgumentException("maxUpdates must be >= 1: " + maxUpdates);
    }
    this.maxUpdates = maxUpdates;
    this.precision = precision;
    if (precision == Precision.FLOAT) {
      KernelParameters.checkFloatSigma2(settings.get(KernelParameters.SIGMA2));
    }
    this.kernel = new RbfKernel(settings.get(KernelParameters.SIGMA2));
    this.budget = settings.get(BudgetParameters.BUDGET);
    this.policy = BudgetPolicies.create(settings.get(BudgetParameters.BUDGET_POLICY), kernel, context.seed(), settings);
    this.threads = RoundThreads.of(context.threads());
    if (policy != null) {
      policy.useThreads(threads); // a merge's partner searches split over the threads
    }
    this.offersExponents = budget > 0 && policy != null && policy.usesNewestExponents();
    this.scoreStride = Scores.paddedLength(numLabels + 1);
    MemoryCheck.require(32L * scoreStride, "the scratch of " + numLabels + " labels", "check the number of labels");
    this.scores = new double[scoreStride];
    this.stepScores = new double[scoreStride];
    this.coeff = new double[scoreStride];
    this.alphaNew = new double[scoreStride];
    this.blockPass = new BlockPass(threads, kernel, scoreStride, blockScratch.scorer);
    this.store = new SupportVectorStore(coefficientWidth, precision, context.numFeatures(), initialCapacity(budget, context));
    GramCache cache = GramCache.of(context.resources(), precision);
    this.gram = cache == null ? null : cache.cursor();
  }

  /**
   * The store's first capacity: B + 1 under a budget; unbounded, the training-set size when the context knows
   * it, up to {@link #PRESIZE_LIMIT} (an unbounded FALT(k) stores most of a pass's examples, so a tuning
   * run's learners otherwise spent a few percent copying their growing stores); else the store's default.
   */
  private static int initialCapacity(int budget, LearnerContext context) {
    return initialCapacity(budget, context.trainingSize());
  }

  /**
   * Slots a store starts with: B + 1 under a budget, else the training-set size when known, never more than the
   * training set can fill ({@code trainingSize} + 1) nor {@value #PRESIZE_LIMIT}; the store grows by doubling beyond,
   * so a budget larger than the stream costs only what the stream stores.
   */
  static int initialCapacity(int budget, long trainingSize) {
    long want = budget > 0 ? budget + 1L : Math.max(trainingSize, 0);
    if (trainingSize > 0) {
      want = Math.min(want, trainingSize + 1);
    }
    return (int) Math.min(want, PRESIZE_LIMIT);
  }

  /** True: the coefficient vectors grow with the labels (docs/spec.md#open-kinds). */
  @Override
  public final boolean growsLabels() {
    return true;
  }

  /** Grows L ({@link LabelGrowth}, docs/spec.md#open-labels); IllegalArgumentException below L. */
  @Override
  public final void growLabels(int numLabels) {
    checkUsable();
    LabelGrowth.grow(this, numLabels);
  }

  /** M for {@code numLabels} labels (an M factor resolves against the L of the round, docs/spec.md#m-factor); as now by default. */
  protected int maxUpdatesFor(int numLabels) {
    return maxUpdates;
  }

  /** The Gram cache this learner shares, or null. */
  public final GramCache gramCache() {
    return gram == null ? null : gram.cache();
  }

  @Override
  public final int numLabels() {
    return numLabels;
  }

  @Override
  public final long examplesSeen() {
    return examples;
  }

  /** The support vectors (live): for inspection and tests. */
  public final SupportVectorStore store() {
    return store;
  }

  /** The kernel. */
  public final RbfKernel kernel() {
    return kernel;
  }

  /** The budget policy, or null without a budget. */
  public final BudgetPolicy policy() {
    return policy;
  }

  /** The budget B (0: no limit). */
  public final int budget() {
    return budget;
  }

  /** M, the most steps per round. */
  public final int maxUpdates() {
    return maxUpdates;
  }

  /** The storage precision of the coefficients. */
  public final Precision precision() {
    return precision;
  }

  /** Kernel evaluations so far by training, this learner's own predictions and merging (not by {@link #predictor()}s). */
  public final long kernelEvaluations() {
    return kernelEvaluations + (policy == null ? 0 : policy.kernelEvaluations());
  }

  /** Total number of inner update steps taken. */
  public final long updateSteps() {
    return steps;
  }

  /** Support vectors appended so far (one per round that took a step). */
  public final long supportVectorsAppended() {
    return appended;
  }

  /** Support vectors removed or merged away to keep the budget. */
  public final long budgetReductions() {
    return budgetReductions;
  }

  /** Name and settings in one line, for messages. */
  public final String describe() {
    return settings().describe();
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("supportVectors", (long) store.size());
    s.put("supportVectorsAppended", appended);
    s.put("budgetReductions", budgetReductions);
    s.put("kernelEvaluations", kernelEvaluations());
    if (gram != null) {
      s.put("gramCacheHits", gram.hits());
      s.put("gramCacheMisses", gram.misses());
      s.put("gramCache", gram.cache().mode().cliName());
      s.put("gramCacheBytes", gram.cache().ramBytesUsed());
      s.put("gramCacheSharedHits", gram.cache().hits());
      s.put("gramCacheSharedMisses", gram.cache().misses());
    }
    s.put("updateSteps", steps);
    return s;
  }

  @Override
  public long ramBytesUsed() {
    return 256 + store.ramBytesUsed() + row.ramBytesUsed() + blockScratch.ramBytesUsed() + blockPass.ramBytesUsed()
        + 4L * scoreStride * Double.BYTES
        + (policy == null ? 0 : policy.ramBytesUsed());
  }

  @Override
  public final void predict(SparseVector x, Scores out) {
    predict(NO_ID, x, out);
  }

  @Override
  public final void predict(long id, SparseVector x, Scores out) {
    checkUsable();
    checkScores(out);
    scores(id, x, row, gram, scores, false);
    kernelEvaluations += store.size();
    roundPrediction(scores, out);
  }

  @Override
  public final Predictor predictor() {
    return new KernelPredictor(this, gram == null ? null : gram.cache().cursor());
  }

  /**
   * The test pass's block: the scores of every example of {@code block} against the whole store in one
   * pass over it ({@link BlockScorer}: two matrix products), bit for bit those of one-example prediction.
   * With a Gram cache and examples it knows by id (a tuning run's held-out fold, the test rows of an
   * experiment's runs; {@link #cachedBlock}), the examples go one at a time through the cache instead (the
   * same scores).
   */
  @Override
  public final void predict(ExampleBlock block, Scores[] out) {
    checkUsable();
    if (gram != null && cachedBlock(block, gram)) {
      for (int k = 0; k < block.size(); k++) {
        predict(block.id(k), block.features(k), out[k]);
      }
      return;
    }
    predictBlock(block, out, blockScratch);
    kernelEvaluations += (long) block.size() * store.size();
  }

  /**
   * Whether a block's distances are in the Gram cache: its examples carry ids (a tuning run's held-out fold),
   * its first example is the vector the cache knows under its id (another scaling of the same rows is not),
   * and at least half of the store's vectors are examples the cache knows by id (merged vectors are not).
   * One fingerprint and one pass over the ids per block; otherwise the block's matrix products are faster
   * than one example at a time.
   */
  boolean cachedBlock(ExampleBlock block, GramCursor cursor) {
    return block.size() > 0 && block.id(0) != NO_ID && 2L * store.vectorsWithIds() >= store.size()
        && cursor.bind(block.id(0), block.features(0));
  }

  void predictBlock(ExampleBlock block, Scores[] out, BlockScratch scratch) {
    int b = block.size();
    for (int k = 0; k < b; k++) {
      checkScores(out[k]);
    }
    double[] bs = scratch.begin(block, scoreStride);
    scratch.scorer.accumulate(store, kernel, block, 0, b, scratch.norms, 0, store.size(), bs, scoreStride);
    double[] d = scratch.row;
    for (int k = 0; k < b; k++) {
      System.arraycopy(bs, k * scoreStride, d, 0, scoreStride);
      for (int j = store.width(); j <= numLabels; j++) {
        d[j] = 0.0; // binary relevance: the threshold score stays 0
      }
      roundPrediction(d, out[k]);
    }
  }

  /**
   * Blocked training: the kernel rows of the block's examples against the support vectors stored before
   * the block in one pass over the store ({@link BlockScorer}), then each round in order, adding the
   * contributions of the block's own earlier new support vectors to its scores (in slot order, so the
   * scores are bit for bit those of one round at a time) before predicting and learning as docs/spec.md#kernel-falt says.
   * With a budget, removals and merges inside a block change the store before the block: those rounds
   * correct the block's scores for the vectors gone and written since ({@link BudgetRounds}; the same up to
   * summation order). With a shared Gram cache, one example at a time: the cache's distances replace the
   * products.
   */
  @Override
  public final void update(ExampleBlock block) {
    runBlock(block, null);
  }

  @Override
  public final void predictThenUpdate(ExampleBlock block, Scores[] out) {
    runBlock(block, out);
  }

  private void runBlock(ExampleBlock block, Scores[] out) {
    checkUsable();
    int b = block.size();
    if (b == 1 || gram != null) {
      // with a shared Gram cache (tuning), one round at a time: the cache's distances replace the products
      // and each appended support vector keeps its example id for later rounds and learners
      for (int k = 0; k < b; k++) {
        if (out == null) {
          update(block.id(k), block.features(k), block.labels(k));
        } else {
          predictThenUpdate(block.id(k), block.features(k), block.labels(k), out[k]);
        }
      }
      return;
    }
    if (budget > 0) {
      budgetRounds.run(this, block, out);
      return;
    }
    double[] bs = blockScratch.begin(block, scoreStride);
    double[] norms = blockScratch.norms;
    int before = store.size();
    blockPass.run(store, block, norms, before, bs, null, 0);
    for (int t = 0; t < b; t++) {
      LabelSet y = block.labels(t);
      if (out != null) {
        checkScores(out[t]);
      }
      checkLabels(y);
      int n = store.size();
      blockScratch.scorer.accumulate(store, kernel, block, t, t + 1, norms, before, n, bs, scoreStride);
      System.arraycopy(bs, t * scoreStride, scores, 0, scoreStride);
      for (int j = store.width(); j <= numLabels; j++) {
        scores[j] = 0.0; // binary relevance: the threshold score stays 0
      }
      kernelEvaluations += n;
      if (out != null) {
        round(out[t]);
      }
      learn(block.features(t), y, norms[t], null); // no budget: nothing to offer
    }
  }

  /**
   * s over the store into {@code out[0..L]}: one kernel row (its distances from the Gram cache through
   * {@code cursor} when the example's id is cached, else computed), then one combination of coefficient rows.
   *
   * @param keepExponents whether the row keeps its exponents too ({@link #offersRow}: a round whose row the budget
   *     policy will get)
   * @return the id the example is cached under, or -1
   */
  int scores(long id, SparseVector x, KernelRow r, GramCursor cursor, double[] out,
      boolean keepExponents) {
    r.keepExponents(keepExponents);
    int n = store.size();
    int cached = -1;
    if (cursor != null && cursor.bind(id, x)) {
      roundNorm = cursor.squaredNorm(x);
      store.kernelRow(kernel, x, roundNorm, cursor, r);
      cached = cursor.id();
    } else {
      roundNorm = x.squaredNorm();
      store.kernelRow(kernel, x, roundNorm, r);
    }
    store.combine(r, n, out);
    for (int j = store.width(); j <= numLabels; j++) {
      out[j] = 0.0; // binary relevance: the threshold score stays 0
    }
    return cached;
  }

  void round(Scores out) {
    if (InnerSteps.roundInto(scores, out.array(), numLabels + 1) != 0f) {
      throw diverged(examples, "a score is not finite: " + out);
    }
  }

  /** A prediction's scores {@code d} rounded into {@code out}; a non-finite one fails this call only (nothing to latch). */
  void roundPrediction(double[] d, Scores out) {
    if (InnerSteps.roundInto(d, out.array(), numLabels + 1) != 0f) {
      throw divergence.notFinite(describe(), examples, "scores " + out);
    }
  }

  @Override
  public final void update(SparseVector x, LabelSet y) {
    update(NO_ID, x, y);
  }

  @Override
  public final void update(long id, SparseVector x, LabelSet y) {
    checkUsable();
    store.clearStampsGone(); // one round at a time: nobody needs what blocked training tracks
    checkLabels(y);
    int n = store.size();
    boolean offer = offersRow(n);
    roundId = scores(id, x, row, gram, scores, offer);
    kernelEvaluations += n;
    learn(x, y, roundNorm, offer ? row.exponents() : null);
  }

  /** Predicts {@code x} into {@code out} with the current store, then learns from {@code (x, y)} reusing those scores. */
  @Override
  public final void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    predictThenUpdate(NO_ID, x, y, out);
  }

  /** {@link #predictThenUpdate(SparseVector, LabelSet, Scores)} of the example with id {@code id} (a Gram cache id). */
  @Override
  public final void predictThenUpdate(long id, SparseVector x, LabelSet y, Scores out) {
    checkUsable();
    store.clearStampsGone(); // one round at a time: nobody needs what blocked training tracks
    checkScores(out);
    checkLabels(y);
    int n = store.size();
    boolean offer = offersRow(n);
    roundId = scores(id, x, row, gram, scores, offer);
    kernelEvaluations += n;
    round(out);
    learn(x, y, roundNorm, offer ? row.exponents() : null);
  }

  /**
   * Whether a round against a store of {@code n} vectors hands its kernel row to the budget policy ({@link
   * BudgetPolicy#usesNewestExponents}): a round that appends to a store of B or more vectors fills it past B.
   */
  boolean offersRow(int n) {
    return offersExponents && n >= budget;
  }

  /**
   * The round's update from the scores; {@code squaredNorm} is ||x||² as {@link SparseVector#squaredNorm} gives it,
   * {@code exponents} null or the round's kernel row against the store as exponents ({@link
   * BudgetPolicy#shrink(SupportVectorStore, double[])}), handed to the budget policy if x is appended.
   */
  void learn(SparseVector x, LabelSet y, double squaredNorm, double[] exponents) {
    checkScatter(x);
    current = x;
    currentSelf = kernel.self(x);
    beginRound(currentSelf);
    Arrays.fill(alphaNew, 0.0);
    int taken = InnerSteps.run(this, scores, stepScores, y, coeff, maxUpdates);
    current = null;
    if (taken < 0) {
      steps += -taken - 1;
      throw diverged(examples, "inner step " + (-taken - 1) + " saw a non-finite score or loss");
    }
    steps += taken;
    if (taken > 0) {
      double probe = 0;
      for (int j = 0; j < store.width(); j++) {
        probe += alphaNew[j] * 0.0;
      }
      if (probe != 0.0) {
        throw diverged(examples, "a new coefficient is not finite");
      }
      store.append(x, alphaNew, roundId, squaredNorm);
      appended++;
      double[] offered = exponents; // of the vector just appended: valid for the first reduction only
      while (budget > 0 && store.size() > budget) {
        policy.shrink(store, offered);
        offered = null;
        budgetReductions++;
      }
    }
    examples++;
  }

  /**
   * Refuses, before x is stored and with the model unchanged, a vector whose largest feature index would make the
   * scatter arrays of every later kernel row (this learner's, a predictor's, each merge part's: one double per index)
   * more than the heap holds: a stray index far beyond the data's was stored, and every later call failed (a review).
   */
  private void checkScatter(SparseVector x) {
    long length = x.maxIndex() + 1L;
    if (length > store.scatterLength()) {
      MemoryCheck.require(MemoryCheck.bytes(length, 8L * (2 + threads.threads())), "the scatter arrays of kernel rows over "
          + length + " feature indices (the largest index + 1)", "check the data for a stray feature index");
    }
  }

  /** Called once per round before the first step with K(x, x) (PA sets its n² here). */
  protected void beginRound(double selfKernel) {}

  /** K(x_t, x_t) of the current round's example, for incremental rescoring. */
  protected final double currentSelfKernel() {
    return currentSelf;
  }

  @Override
  public abstract int coefficients(double[] scores, LabelSet y, double[] coeff);

  /** Applies one step driven by {@code coeff} to {@link #alphaNew}. */
  @Override
  public abstract void step(double[] coeff);

  @Override
  public abstract void rescore(double[] previous, double[] coeff, double[] out);

  @Override
  public void checkFinite() {
    if (!store.allFinite()) {
      throw new DivergenceException(examples, describe() + " holds a non-finite support-vector coefficient after " + examples
          + " examples; the model is unusable (try a smaller eta or c)");
    }
  }

  private DivergenceException diverged(long example, String what) {
    return divergence.diverged(describe(), example, what);
  }

  void checkUsable() {
    divergence.checkUsable();
  }

  void checkScores(Scores out) {
    LearnerChecks.scores(out, numLabels);
  }

  void checkLabels(LabelSet y) {
    LearnerChecks.labels(y, numLabels);
  }

}
