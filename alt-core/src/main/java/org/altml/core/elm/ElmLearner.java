package org.altml.core.elm;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.DivergenceLatch;
import org.altml.core.learner.LearnerChecks;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * What the two ELM learners share (docs/spec.md#elm-initial-block): the seeded {@link HiddenLayer}, the output weights
 * β ∈ R^{H×L} (row-major, label scores o = h·β through {@link VectorMath#combineRows}), the initial block of
 * N0 examples, and the examples waiting for the next blocked least-squares step.
 *
 * <p><b>Rounds.</b> {@link #predict} writes o_p = h(x)·β_p as label p's score and 0 as the threshold score
 * (docs/spec.md#elm-threshold: the threshold is fixed at 0, Ŷ = {p : o_p &gt; 0}). Before the initial block is
 * solved β = 0, so every score is 0 and the prediction is empty (docs/spec.md#prediction: the first prediction is the
 * empty set; prequential runs score these N0 empty predictions like any other). {@link #update} computes
 * h(x) and the bipolar targets t_p = ±1 and queues them.
 *
 * <p><b>Blocks.</b> Queued examples are absorbed in blocks of up to B ({@code block}) by the block form of
 * the recursion, which equals B single-example steps in exact arithmetic (docs/spec.md#elm-recursion;
 * docs/spec.md#elm-properties says the result is independent of block size): a block costs a matrix product and a symmetric
 * rank-B update on P, which run near the FMA peak, where B single steps would each stream P through memory.
 * A block is absorbed when it is full, when the N0-th example arrives, and before any prediction: every
 * prediction sees every example learned before it, exactly as predict-then-update requires, whatever B.
 * B changes only speed and the last bits of rounding. It is not the prequential block of the OSML-ELM
 * reference script (which predicts a whole block with the model from before it).
 *
 * <p><b>Robustness</b> (docs/spec.md#elm-guards). In the block step the Cholesky factor of D = W⁻¹ + H_b·P·H_bᵀ checks
 * every pivot against its exact-arithmetic floor 1/w (1 for OSML-ELM): a smaller or non-finite pivot means
 * P lost positive semi-definiteness; the block is then redone one example at a time and an example whose
 * δ fails is skipped, counted ({@code guardSkips} in {@link #statistics()}) and logged once. P stays
 * bitwise symmetric by construction (the symmetric update writes each value to both triangles). A
 * non-finite score, weight or eigenvalue throws a {@link DivergenceException} naming the example and the
 * settings, after which the learner refuses every call; no NaN score is ever returned.
 *
 * <p>Single-threaded like every learner, except that ELM-OMLL may run its label loop on several threads
 * (same result). {@link #predictor()} absorbs the queue first; a predictor that finds examples queued
 * (an update after it was made) absorbs them under this learner's lock, so concurrent predictors are safe
 * while nothing updates.
 */
public abstract class ElmLearner implements OnlineMultiLabelLearner {
  private static final Logger LOG = Logger.getLogger(ElmLearner.class.getName());

  private final LearnerSpec spec;
  private final Settings settings;
  /** L. */
  protected final int numLabels;
  /** H. */
  protected final int hidden;
  /** The random hidden layer. */
  protected final HiddenLayer layer;
  /** N0, the size of the initial block. */
  protected final long initialExamples;
  /** B, the most examples absorbed by one block step. */
  protected final int blockSize;
  /** β, H rows of L label weights. */
  protected final double[] beta;

  /** The queued examples: B rows of h, then of targets ±1 and of weights (ELM-OMLL). */
  protected final double[] pendingH;
  /** Targets of the queued examples, B rows of L. */
  protected final double[] pendingT;
  /** The weights w_ip of the queued examples, B rows of L (1 for OSML-ELM). */
  protected final double[] pendingW;
  private volatile int pending;
  private long examples;
  private long guardSkips;
  private double minPivotRatio = Double.POSITIVE_INFINITY;
  private final DivergenceLatch divergence = new DivergenceLatch("try a smaller --hidden H, more initial examples, or --scale standardize");

  private final double[] h;
  private final double[] scores;
  private final float[] scratchRow;
  private final SparseVector view = new SparseVector();

  /**
   * Refuses L = 0, an open stream's start (docs/spec.md#open-kinds): an ELM's output layer is fixed by construction.
   *
   * @throws IllegalArgumentException naming the kind and the option that fixes L
   */
  static void requireFixedLabels(LearnerSpec spec, int numLabels) {
    if (numLabels == 0) {
      throw new IllegalArgumentException("the " + spec.name() + " learner's output layer is fixed by construction: an open"
          + " stream needs --max-labels (the most labels the stream may bring), or another kind (falt, salt, pa1, pa2)");
    }
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
  }

  /**
   * A learner with β = 0 and nothing queued.
   *
   * @param initialExamples N0 ≥ 1
   * @param blockSize B ≥ 1
   */
  protected ElmLearner(LearnerSpec spec, Settings settings, int numLabels, HiddenLayer layer, long initialExamples, int blockSize) {
    requireFixedLabels(spec, numLabels);
    if (initialExamples < 1) {
      throw new IllegalArgumentException("N0 must be >= 1: " + initialExamples);
    }
    if (blockSize < 1) {
      throw new IllegalArgumentException("the block size must be >= 1: " + blockSize);
    }
    // checked before anything is taken, the kernels' warm-up (5·L doubles) included
    MemoryCheck.require(MemoryCheck.bytes(8L * layer.hidden() + 16L * blockSize + 40L, numLabels)
        + 16L * blockSize * layer.hidden(), "the ELM output weights (H = " + layer.hidden() + ", L = " + numLabels + ")",
        "use a smaller --hidden H");
    KernelWarmup.ensure(numLabels);
    this.spec = spec;
    this.settings = settings;
    this.numLabels = numLabels;
    this.layer = layer;
    this.hidden = layer.hidden();
    this.initialExamples = initialExamples;
    this.blockSize = blockSize;
    this.beta = new double[hidden * numLabels];
    this.pendingH = new double[blockSize * hidden];
    this.pendingT = new double[blockSize * numLabels];
    this.pendingW = new double[blockSize * numLabels];
    Arrays.fill(pendingW, 1.0);
    this.h = new double[hidden];
    this.scores = new double[numLabels];
    this.scratchRow = new float[hidden];
  }

  @Override
  public final LearnerSpec spec() {
    return spec;
  }

  @Override
  public final Settings settings() {
    return settings;
  }

  @Override
  public final int numLabels() {
    return numLabels;
  }

  @Override
  public final long examplesSeen() {
    return examples;
  }

  /** H. */
  public final int hidden() {
    return hidden;
  }

  /** N0. */
  public final long initialExamples() {
    return initialExamples;
  }

  /** The hidden layer (live). */
  public final HiddenLayer layer() {
    return layer;
  }

  /** Whether the initial block has been solved (N0 examples learned): before that every score is 0. */
  public final boolean initialized() {
    return examples >= initialExamples;
  }

  /** Before the initial block is solved: how many examples it waits for, and how N0 is set. */
  @Override
  public final String notStartedReason() {
    if (initialized()) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "its first least-squares solve waits for N0 = %,d examples and it has learned"
        + " from %,d; N0 is initial (--initial), else initialFraction of a training set of known size, else (a stream)"
        + " the hidden size H", initialExamples, examples);
  }

  /** β[i][p] after absorbing the queued examples: for tests. */
  public final double beta(int hiddenUnit, int label) {
    absorbQueued();
    return beta[hiddenUnit * numLabels + label];
  }

  /** Examples skipped because a positivity guard failed (docs/spec.md#elm-guards). */
  public final long guardSkips() {
    return guardSkips;
  }

  // ---- rounds

  @Override
  public final void predict(SparseVector x, Scores out) {
    checkUsable();
    checkScores(out);
    absorbQueued();
    layer.compute(x, h, scratchRow, view);
    score(h, out, scores, false);
  }

  @Override
  public final void update(SparseVector x, LabelSet y) {
    checkUsable();
    checkLabels(y);
    layer.ensureFeatures(x.maxIndex() + 1);
    layer.compute(x, h, scratchRow, view);
    enqueue(y);
  }

  /** Predicts x with every earlier example learned, then queues it: h(x) is computed once. */
  @Override
  public final void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    checkUsable();
    checkScores(out);
    checkLabels(y);
    absorbQueued();
    layer.ensureFeatures(x.maxIndex() + 1);
    layer.compute(x, h, scratchRow, view);
    score(h, out, scores, true);
    enqueue(y);
  }

  @Override
  public final Predictor predictor() {
    checkUsable();
    absorbQueued();
    double[] ownH = new double[hidden];
    double[] ownScores = new double[numLabels];
    float[] ownRow = new float[hidden];
    SparseVector ownView = new SparseVector();
    return (x, out) -> {
      checkUsable();
      checkScores(out);
      absorbQueued();
      layer.compute(x, ownH, ownRow, ownView);
      score(ownH, out, ownScores, false);
    };
  }

  /** The scores of h(x); a non-finite one latches the learner's divergence when {@code learning}, else fails this call only. */
  private void score(double[] hv, Scores out, double[] d, boolean learning) {
    float[] s = out.array();
    if (!initialized()) {
      Arrays.fill(s, 0, numLabels + 1, 0f);
      return;
    }
    VectorMath.combineRows(hv, 0, hidden, beta, 0, numLabels, d, numLabels);
    for (int p = 0; p < numLabels; p++) {
      float v = (float) d[p];
      if (!Float.isFinite(v)) {
        String what = "predict computed a non-finite score for label " + p + " (" + d[p] + ")";
        throw learning ? diverged(examples, what) : divergence.notFinite(settings.describe(), examples, what);
      }
      s[p] = v;
    }
    s[numLabels] = 0f;
  }

  private void enqueue(LabelSet y) {
    int b = pending;
    System.arraycopy(h, 0, pendingH, b * hidden, hidden);
    int t = b * numLabels;
    Arrays.fill(pendingT, t, t + numLabels, -1.0);
    for (int k = 0; k < y.size(); k++) {
      pendingT[t + y.label(k)] = 1.0;
    }
    weights(y, pendingW, t);
    pending = b + 1;
    examples++;
    if (examples == initialExamples || pending == blockSize) {
      absorb();
    }
  }

  /** Absorbs the queued examples when the model is initialised (before that, scores are 0 anyway). */
  private void absorbQueued() {
    if (pending > 0 && initialized()) {
      synchronized (this) {
        if (pending > 0) {
          absorb();
        }
      }
    }
  }

  /** Absorbs every queued example (the initial statistics or a block step) and solves the initial block at N0. */
  private void absorb() {
    int k = pending;
    if (k == 0) {
      return;
    }
    long first = examples - k;
    try {
      if (first < initialExamples) {
        absorbInitial(k);
        if (examples == initialExamples) {
          solveInitial();
        }
      } else {
        absorbBlock(k);
      }
    } catch (ArithmeticException e) {
      pending = 0;
      throw diverged(first, e.getMessage());
    }
    pending = 0;
    checkOutput(first);
  }

  private void checkOutput(long first) {
    for (int i = 0; i < beta.length; i++) {
      if (!Double.isFinite(beta[i])) {
        throw diverged(first, "the output weights became non-finite (β[" + i / numLabels + "][" + i % numLabels + "] = " + beta[i]
            + ") in the block of examples " + first + ".." + (examples - 1));
      }
    }
  }

  /** Writes the weights w_ip of an example with labels y into {@code w[off..off+L)}; all 1 by default (OSML-ELM). */
  protected void weights(LabelSet y, double[] w, int off) {}

  /** Adds the k queued examples (rows 0..k) to the initial statistics (they are among the first N0). */
  protected abstract void absorbInitial(int k);

  /** Solves the initial block once its N0 examples are in (sets P and β). */
  protected abstract void solveInitial();

  /** One blocked recursive least-squares step over the k queued examples. */
  protected abstract void absorbBlock(int k);

  /**
   * Counts guard failures and the smallest pivot ratio seen; logs the first failure.
   *
   * @param example the (first) example concerned, for the message
   */
  protected final synchronized void noteGuard(long skipped, double pivotRatio, long example) {
    if (pivotRatio < minPivotRatio) {
      minPivotRatio = pivotRatio;
    }
    if (skipped > 0) {
      if (guardSkips == 0) {
        LOG.warning(() -> settings.describe() + ": an example from " + example + " on failed the positivity guard (pivot ratio "
            + pivotRatio + " < 1 − 1e-9: P lost positive semi-definiteness) and was skipped; further skips are only counted"
            + " (statistics: guardSkips).");
      }
      guardSkips += skipped;
    }
  }

  /** The index of the first queued example (for messages). */
  protected final long firstQueued(int k) {
    return examples - k;
  }

  // ---- statistics, state

  /**
   * The keys of {@link #statistics()} (of every ELM kind) that diagnose the matrices (ranks, eigenvalues, the symmetry
   * and diagonal of P, the pivots, the guard) and the memory formula: for the JSON and {@code --verbose}, not a
   * report's summary.
   */
  public static final java.util.Set<String> DIAGNOSTICS = java.util.Set.of("memory", "guardSkips", "minPivotRatio",
      "initialRank", "initialEigenvaluesDropped", "pinvTolerance", "initialLambdaMax", "initialLambdaMinKept",
      "initialConditionNumber", "pAsymmetry", "pMinDiagonal");

  /**
   * H, N0, B, the hidden-layer seed and activation, the memory held, the guard counts and the
   * conditioning checks of docs/spec.md#elm-guards (each kind adds its own), in a fixed order.
   */
  @Override
  public Map<String, Object> statistics() {
    absorbQueued();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hidden", hidden);
    m.put("initialExamples", initialExamples);
    m.put("initialized", initialized());
    m.put("block", blockSize);
    m.put("hiddenSeed", layer.seed());
    m.put("activation", layer.activation().cliName());
    m.put("inputFeatures", layer.numFeatures());
    m.put("ramBytesUsed", ramBytesUsed());
    m.put("memory", memoryFormula());
    m.put("guardSkips", guardSkips);
    m.put("minPivotRatio", Double.isInfinite(minPivotRatio) ? null : minPivotRatio);
    return m;
  }

  /** The memory bound in words, e.g. {@code "O(d·H + H²)"}. */
  protected abstract String memoryFormula();

  @Override
  public void checkFinite() {
    checkUsable();
    for (double v : beta) {
      if (!Double.isFinite(v)) {
        throw new DivergenceException(examples, settings.describe() + " holds a non-finite output weight after " + examples
            + " examples; the model is unusable");
      }
    }
  }

  /** Bytes of β, the queue and the scratch; subclasses add P. */
  protected long baseRamBytes() {
    return 256 + layer.ramBytesUsed() + 8L * beta.length + 8L * (pendingH.length + pendingT.length + pendingW.length)
        + 8L * (hidden + numLabels) + 4L * hidden;
  }

  /** Writes the counters, the queue and β (the subclass writes P after). */
  protected final void writeCommon(StateOutput out) throws IOException {
    out.writeLong(examples);
    out.writeLong(guardSkips);
    out.writeDouble(minPivotRatio);
    out.writeInt(layer.numFeatures());
    out.writeInt(pending);
    out.writeDoubles(pendingH, 0, pending * hidden);
    out.writeDoubles(pendingT, 0, pending * numLabels);
    out.writeDoubles(pendingW, 0, pending * numLabels);
    out.writeDoubles(beta, 0, beta.length);
  }

  /** Reads what {@link #writeCommon} wrote. */
  protected final void readCommon(StateInput in) throws IOException {
    examples = in.readLong();
    guardSkips = in.readLong();
    minPivotRatio = in.readDouble();
    int d = in.readInt();
    int k = in.readInt();
    if (examples < 0 || guardSkips < 0 || d < 0 || k < 0 || k > blockSize || k > examples) {
      throw in.corrupt("inconsistent ELM counters: " + examples + " examples, " + k + " queued, d = " + d);
    }
    // the input weights are regenerated from the seed, not read: only the heap must hold them
    MemoryCheck.require(4L * d * hidden, "the ELM input weights (" + d + " features × H = " + hidden + ") of the model " + in.source(),
        null);
    layer.ensureFeatures(d);
    in.readDoubles(pendingH, 0, k * hidden);
    in.readDoubles(pendingT, 0, k * numLabels);
    in.readDoubles(pendingW, 0, k * numLabels);
    in.readDoubles(beta, 0, beta.length);
    pending = k;
  }

  /** The upper triangle of the n×n matrix at {@code off} (stride n), row by row. */
  protected static void writeUpper(StateOutput out, double[] p, int off, int n) throws IOException {
    for (int i = 0; i < n; i++) {
      out.writeDoubles(p, off + i * n + i, n - i);
    }
  }

  /** Reads what {@link #writeUpper} wrote and mirrors it (so P is bitwise symmetric again). */
  protected static void readUpper(StateInput in, double[] p, int off, int n) throws IOException {
    in.requireValues((long) n * (n + 1) / 2, 8, "a symmetric matrix");
    for (int i = 0; i < n; i++) {
      in.readDoubles(p, off + i * n + i, n - i);
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        p[off + j * n + i] = p[off + i * n + j];
      }
    }
  }

  // ---- failures

  /** A divergence at example {@code example}; the learner refuses every later call. */
  protected final DivergenceException diverged(long example, String what) {
    return divergence.diverged(settings.describe(), example, what);
  }

  private void checkUsable() {
    divergence.checkUsable();
  }

  private void checkScores(Scores out) {
    LearnerChecks.scores(out, numLabels);
  }

  private void checkLabels(LabelSet y) {
    LearnerChecks.labels(y, numLabels);
  }
}
