package org.altml.core.linear;

import java.io.IOException;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.DivergenceLatch;
import org.altml.core.learner.InnerSteps;
import org.altml.core.learner.LearnerChecks;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Base of the linear multi-label learners (FALT, SALT, PA binary relevance): a feature-major
 * {@link WeightMatrix} W ∈ R^{d×(L+1)}, prediction s = x·W (label scores s_1..s_L, threshold score
 * s_{L+1}), and the online round of docs/spec.md#m-steps ({@link InnerSteps}): up to M inner steps on the same example,
 * each recomputing the scores and stopping as soon as the loss is zero. A subclass supplies only the loss's
 * coefficients ({@link #coefficients}, in double) and the step they drive ({@link #step}, through the
 * weight matrix's precision seam): one code path for float and double storage.
 *
 * <p>Precision ({@link #precision()}, the {@code precision} parameter): the weights are stored in float or double; the scores
 * come out of {@link WeightMatrix#scores} in double either way and every learning decision (margins,
 * losses, coefficients, τ) is made in double. Only the scores handed back in {@link Scores} are rounded to
 * float.
 *
 * <p>Hot paths allocate nothing. Features beyond the current d grow W in {@link #update}; in
 * {@link #predict} they contribute nothing and W does not grow. A learner built with a known d
 * ({@link LearnerContext#numFeatures()}) allocates W once.
 *
 * <p>Divergence: every score vector the learner computes and every loss is checked for NaN and infinity;
 * the first non-finite value throws a {@link DivergenceException} naming the example index and the
 * settings, and the learner then refuses every call with an {@link IllegalStateException}.
 *
 * <p>Single-threaded; {@link #predictor()} gives other threads their own scratch over a frozen model.
 */
public abstract class LinearLearner implements OnlineMultiLabelLearner, InnerSteps.Round {
  /** The codec of every linear learner: counters, W with its bias row, then the subclass's extra state. */
  public static final ModelCodec CODEC = new Codec();

  private final Settings settings;
  private int numLabels;
  /** The lanes of W's rows the kernels compute ({@link WeightMatrix#lanes()}): the scratch's length. */
  private int lanes;
  private int maxUpdates;
  private final boolean bias;
  private final Precision precision;
  private final WeightMatrix weights;
  private double[] scores;
  private double[] stepScores;
  private float[] floatScratch;
  private double[] coeff;
  private SparseVector current;
  private long examples;
  private long steps;
  private final DivergenceLatch divergence = new DivergenceLatch("try a smaller eta or scaled features");

  /**
   * Creates a learner with W = 0 and no feature rows yet, with the values of {@code settings} (of a {@link LinearSpec},
   * validated when they were made): M (from the M factor against L when that is set), bias and precision here, the
   * kind's own parameters in the subclass. {@link #settings()} returns {@code settings} as given.
   *
   * @throws IllegalArgumentException if {@code numLabels < 0} (0 is an open learner before its first label: W holds
   *     the threshold alone and every prediction is empty)
   */
  protected LinearLearner(Settings settings, int numLabels) {
    if (numLabels < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + numLabels);
    }
    this.settings = settings;
    this.numLabels = numLabels;
    this.maxUpdates = CommonParameters.maxUpdates(settings, numLabels);
    this.bias = settings.get(CommonParameters.BIAS);
    this.precision = CommonParameters.precision(settings);
    this.weights = new WeightMatrix(numLabels + 1, 0, precision, bias);
    this.lanes = weights.lanes();
    allocateScratch();
  }

  private void allocateScratch() {
    MemoryCheck.require(28L * lanes, "the scratch of " + numLabels + " labels", "check the number of labels");
    this.scores = new double[lanes];
    this.stepScores = new double[lanes];
    this.coeff = new double[lanes];
    this.floatScratch = new float[lanes];
  }

  /** True: FALT, SALT and PA binary relevance grow their labels (docs/spec.md#open-kinds). */
  @Override
  public final boolean growsLabels() {
    return true;
  }

  /**
   * Grows L to {@code numLabels} (docs/spec.md#open-labels): each row of W (and the bias row, and the subclass's state
   * of W's shape: SALT's G²) gets zero lanes for the new labels, its threshold weight moving one lane on per label, in
   * place until L+1 passes the stride, which then doubles ({@link WeightMatrix#growWidth}); M is resolved again against
   * the new L when it is an M factor. Predictors made before keep working on their own scratch; frozen predictors
   * ({@link #frozenPredictors()}) are snapshots and must be made again, as after any update.
   *
   * @throws IllegalArgumentException if {@code numLabels} is below L
   */
  @Override
  public final void growLabels(int numLabels) {
    checkUsable();
    if (OnlineMultiLabelLearner.labelsToAdd(this, numLabels) == 0) {
      return;
    }
    int newMaxUpdates = CommonParameters.maxUpdates(settings, numLabels); // may refuse: before anything changes
    weights.growWidth(numLabels + 1);
    growExtraState(numLabels + 1);
    this.numLabels = numLabels;
    this.maxUpdates = newMaxUpdates;
    if (weights.lanes() != lanes) {
      this.lanes = weights.lanes();
      allocateScratch();
    }
    labelsGrown(numLabels);
  }

  /** Widens the subclass's state of W's shape (SALT's G²) to {@code width} lanes as W; nothing by default. */
  protected void growExtraState(int width) {}

  /** Called once L has grown to {@code numLabels}: the subclass resolves its values (M) again; nothing by default. */
  protected void labelsGrown(int numLabels) {}

  /** The hyperparameters this learner runs with, read from its {@link #settings()} (M resolved against L). */
  public abstract LearnerConfig config();

  /** The kind, from the settings this learner was created with. */
  @Override
  public final LearnerSpec spec() {
    return settings.spec();
  }

  /** Exactly the settings this learner was created with (an M factor stays a factor; {@link #maxUpdates()} is M). */
  @Override
  public final Settings settings() {
    return settings;
  }

  /** M, the most update steps per example: maxUpdates, or the M factor resolved against L. */
  public final int maxUpdates() {
    return maxUpdates;
  }

  /** Whether a constant bias feature 1 is appended to every example. */
  public final boolean hasBias() {
    return bias;
  }

  @Override
  public final int numLabels() {
    return numLabels;
  }

  /** Current number of feature rows d of W (the largest feature index trained on, plus one, or more). */
  public final int numFeatures() {
    return weights.numRows();
  }

  /** Values per weight row: L+1 padded as {@link WeightMatrix#stride()} says (wider after growth: capacity). */
  public final int stride() {
    return weights.stride();
  }

  /**
   * Makes W at least {@code numFeatures} rows tall, in place (new rows are zero); lets a caller that
   * knows d allocate once instead of growing.
   */
  public void ensureFeatures(int numFeatures) {
    weights.ensureRows(numFeatures);
  }

  /** The weight matrix W with its bias row (live, not a copy): for inspection and tests. */
  public final WeightMatrix weights() {
    return weights;
  }

  /** Bias weight of {@code lane} (label, or L for the threshold); 0 without the bias option. */
  public final double biasWeight(int lane) {
    return weights.biasWeight(lane);
  }

  /** The storage precision of W. */
  public final Precision precision() {
    return precision;
  }

  @Override
  public final long examplesSeen() {
    return examples;
  }

  /** Total number of inner update steps applied so far (at most M per example). */
  public final long updateSteps() {
    return steps;
  }

  /** Name and settings in one line, for messages (M as run: the M factor resolved against L). */
  public final String describe() {
    return CommonParameters.asRun(settings, numLabels).describe();
  }

  @Override
  public long ramBytesUsed() {
    return 128 + weights.ramBytesUsed() + 4L * lanes * Double.BYTES + (long) lanes * Float.BYTES;
  }

  @Override
  public final void predict(SparseVector x, Scores out) {
    checkUsable();
    predictInto(x, out, scores, floatScratch);
  }

  @Override
  public final Predictor predictor() {
    return new Predictor() {
      private double[] own = new double[lanes];
      private float[] ownScratch = new float[lanes];

      @Override
      public void predict(SparseVector x, Scores out) {
        checkUsable();
        if (own.length != lanes) { // L grew since this predictor was made
          own = new double[lanes];
          ownScratch = new float[lanes];
        }
        predictInto(x, out, own, ownScratch);
      }
    };
  }

  /**
   * With double storage, predictors that share a float copy of W ({@link WeightMatrix#floatShadow}) and decide
   * each label from float scores when the two scores compared are farther apart than their error bounds and
   * float's spacing, so that the rounded double scores compare the same way; the other labels (near a tie) are
   * decided from their double scores, computed lane by lane exactly as {@link #predictor()} computes them. So
   * {@link Predictor#predictLabels} gives the labels of {@link #predictor()}, with half the memory traffic: a
   * double W that does not fit the last-level cache is read from memory for every example, its float copy may
   * fit. {@link Predictor#predict} is {@link #predictor()}'s, and {@link Predictor#predictForMetrics} takes the
   * exact scores only of lanes near a tie in a comparison the metrics make. Float storage: {@link #predictor()}.
   */
  @Override
  public final java.util.function.Supplier<Predictor> frozenPredictors() {
    FloatShadow shadow = weights.floatShadow();
    if (shadow == null) {
      return this::predictor;
    }
    return () -> new FrozenPredictor(this, shadow);
  }

  /**
   * {@link #frozenPredictors()} when the pass reads each row of W {@value #SHADOW_PAYS} times on average or more:
   * making the float copy reads the double rows once and writes the copy, about 1,280 bytes per row, and each
   * row a pass then reads costs 384 bytes less. A shorter pass (a small fold of a wide dataset) reads W itself.
   */
  @Override
  public final java.util.function.Supplier<Predictor> frozenPredictors(long nonZeros) {
    return nonZeros >= SHADOW_PAYS * (long) weights.numRows() ? frozenPredictors() : this::predictor;
  }

  /** How many reads per row of W, on average, pay for its float copy ({@link #frozenPredictors(long)}). */
  private static final int SHADOW_PAYS = 4;

  /** The scores of x into {@code out} through {@code d} and {@code scratch}, checked finite (predict's path). */
  void predictInto(SparseVector x, Scores out, double[] d, float[] scratch) {
    checkScores(out);
    float[] s = out.array();
    float probe;
    if (weights.scoresIfFloat(x, s)) {
      probe = InnerSteps.finiteProbe(s, numLabels + 1); // float storage: the float scores are the scores
    } else {
      weights.scores(x, d, scratch);
      probe = InnerSteps.roundInto(d, s, lanes);
    }
    if (probe != 0f) {
      throw divergence.notFinite(describe(), examples, "scores " + out); // a prediction alone: nothing to latch
    }
  }

  @Override
  public final void update(SparseVector x, LabelSet y) {
    checkUsable();
    checkLabels(y);
    if (x.nnz() == 0 && !bias) {
      examples++; // zero-norm x: nothing changes
      return;
    }
    ensureFeatures(x.maxIndex() + 1);
    weights.scores(x, scores, floatScratch);
    round(x, y);
  }

  /**
   * Predicts {@code x} into {@code out} with the current model, then learns from {@code (x, y)}; the
   * first inner step reuses the scores just computed, and {@code out} keeps those pre-update scores.
   */
  @Override
  public final void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    checkUsable();
    checkScores(out);
    checkLabels(y);
    ensureFeatures(x.maxIndex() + 1); // new rows are zero: the prediction is unchanged
    float[] s = out.array();
    float probe;
    if (weights.scoresIfFloat(x, s)) {
      for (int j = 0; j < lanes; j++) {
        scores[j] = s[j]; // float storage: the caller's float scores are exact; decisions widen them once
      }
      probe = InnerSteps.finiteProbe(s, numLabels + 1);
    } else {
      weights.scores(x, scores, floatScratch);
      probe = InnerSteps.roundInto(scores, s, lanes);
    }
    if (probe != 0f) {
      // the prediction a prequential run scores, as predict() refuses it (a score beyond float range included)
      throw diverged(examples, "predict computed a non-finite score " + out);
    }
    if (x.nnz() == 0 && !bias) {
      examples++;
      return;
    }
    round(x, y);
  }

  private void round(SparseVector x, LabelSet y) {
    beginRound(x);
    current = x;
    int taken = InnerSteps.run(this, scores, stepScores, y, coeff, maxUpdates);
    current = null;
    if (taken < 0) {
      steps += -taken - 1;
      throw diverged(examples, "inner step " + (-taken - 1) + " saw a non-finite score or loss");
    }
    steps += taken;
    examples++;
  }

  /** Called once per round before the first step (e.g. PA computes ||x||² here). */
  protected void beginRound(SparseVector x) {}

  /**
   * Fills {@code coeff[0..L]} with the loss gradient's coefficients for the current {@code scores} (the
   * gradient of row f is x_f·coeff; pad lanes stay 0) and returns the number of violated margins: 0 means
   * zero loss (the round stops), -1 a score or the loss that is not finite.
   */
  @Override
  public abstract int coefficients(double[] scores, LabelSet y, double[] coeff);

  @Override
  public final void step(double[] c) {
    step(current, c);
  }

  /** Applies one update step driven by {@code coeff} to the rows x touches (through {@link #weights()}). */
  protected abstract void step(SparseVector x, double[] coeff);

  /** Linear rescoring: x·W again. */
  @Override
  public final void rescore(double[] previous, double[] c, double[] out) {
    weights.scores(current, out, floatScratch);
  }

  @Override
  public void checkFinite() {
    if (!weights.allFinite() || !extraStateFinite()) {
      throw new DivergenceException(examples, describe() + " holds a non-finite weight after " + examples
          + " examples; the model is unusable (try a smaller eta or --scale l2)");
    }
  }

  /** Whether the subclass's extra state (SALT's accumulator) is finite; true by default. */
  protected boolean extraStateFinite() {
    return true;
  }

  /** Writes the subclass's extra state (SALT's accumulator) after W; nothing by default. */
  protected void writeExtraState(StateOutput out) throws IOException {}

  /** Reads what {@link #writeExtraState} wrote; nothing by default. */
  protected void readExtraState(StateInput in) throws IOException {}

  private DivergenceException diverged(long example, String what) {
    return divergence.diverged(describe(), example, what);
  }

  void checkUsable() {
    divergence.checkUsable();
  }

  void checkScores(Scores out) {
    LearnerChecks.scores(out, numLabels);
  }

  private void checkLabels(LabelSet y) {
    LearnerChecks.labels(y, numLabels);
  }

  /**
   * The element-wise mean of the models of {@code learners} (linear learners of one kind with equal settings
   * and L): W and its bias row averaged in double with equal weights, in list order, rows missing from a
   * shorter W counted as zero; examples and steps summed; the subclass's extra state averaged by
   * {@link #averageExtraState}. The inputs are not changed.
   *
   * @throws IllegalArgumentException if the list is empty or the learners differ in kind, settings or L
   */
  public static OnlineMultiLabelLearner average(java.util.List<? extends OnlineMultiLabelLearner> learners) {
    if (learners.isEmpty()) {
      throw new IllegalArgumentException("no models to average");
    }
    java.util.List<LinearLearner> models = new java.util.ArrayList<>();
    OnlineMultiLabelLearner first = learners.get(0);
    for (OnlineMultiLabelLearner l : learners) {
      if (!(l instanceof LinearLearner linear) || !l.settings().equals(first.settings()) || l.numLabels() != first.numLabels()
          || l.getClass() != first.getClass()) {
        throw new IllegalArgumentException("cannot average " + l.settings() + " (L = " + l.numLabels() + ") with "
            + first.settings() + " (L = " + first.numLabels() + ")");
      }
      models.add(linear);
    }
    int rows = 0;
    for (LinearLearner l : models) {
      rows = Math.max(rows, l.weights.numRows());
    }
    LinearLearner mean = (LinearLearner) first.settings().spec().create(first.settings(), LearnerContext.of(first.numLabels()));
    mean.ensureFeatures(rows);
    java.util.List<WeightMatrix> ws = new java.util.ArrayList<>();
    for (LinearLearner l : models) {
      ws.add(l.weights);
      mean.examples += l.examples;
      mean.steps += l.steps;
    }
    averageInto(ws, mean.weights);
    mean.averageExtraState(models);
    return mean;
  }

  /** Sets {@code out} (as tall as the tallest input, zero) to the element-wise mean of {@code in}. */
  protected static void averageInto(java.util.List<WeightMatrix> in, WeightMatrix out) {
    int stride = out.stride();
    int width = out.width();
    double scale = 1.0 / in.size();
    double[] sum = new double[stride];
    for (int f = 0; f <= out.numRows(); f++) { // the last "row" is the bias row
      java.util.Arrays.fill(sum, 0.0);
      for (WeightMatrix w : in) {
        if (f < out.numRows() && f >= w.numRows()) {
          continue;
        }
        int base = f < out.numRows() ? w.rowOffset() + f * w.stride() : 0; // a grown input's rows may be wider
        if (w.isDouble()) {
          double[] a = f < out.numRows() ? w.rowsDouble() : w.biasRowDouble();
          for (int k = 0; k < width; k++) {
            sum[k] += a[base + k];
          }
        } else {
          float[] a = f < out.numRows() ? w.rows() : w.biasRow();
          for (int k = 0; k < width; k++) {
            sum[k] += a[base + k];
          }
        }
      }
      int base = f < out.numRows() ? out.rowOffset() + f * stride : 0;
      if (out.isDouble()) {
        double[] a = f < out.numRows() ? out.rowsDouble() : out.biasRowDouble();
        for (int k = 0; k < width; k++) {
          a[base + k] = sum[k] * scale;
        }
      } else {
        float[] a = f < out.numRows() ? out.rows() : out.biasRow();
        for (int k = 0; k < width; k++) {
          a[base + k] = (float) (sum[k] * scale);
        }
      }
    }
  }

  /**
   * Sets this (fresh) learner's extra state to the average of {@code models}' (SALT: the mean of G²); nothing
   * by default.
   */
  protected void averageExtraState(java.util.List<LinearLearner> models) {}

  /** Counters, W and its bias row, then the subclass's extra state; version 1. */
  private static final class Codec implements ModelCodec {
    @Override
    public int version() {
      return 1;
    }

    @Override
    public void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException {
      if (!(learner instanceof LinearLearner l)) {
        throw new IllegalArgumentException("not a linear learner: " + learner.name());
      }
      l.checkFinite();
      out.writeLong(l.examples);
      out.writeLong(l.steps);
      l.weights.write(out);
      l.writeExtraState(out);
    }

    @Override
    public OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version)
        throws IOException {
      if (version != 1) {
        throw in.corrupt("linear model body version " + version + " (this build reads version 1)");
      }
      LinearLearner l = (LinearLearner) settings.spec().create(settings, context.withNumFeatures(0));
      l.examples = in.readLong();
      l.steps = in.readLong();
      if (l.examples < 0 || l.steps < 0) {
        throw in.corrupt("negative counters: " + l.examples + " examples, " + l.steps + " steps");
      }
      l.weights.read(in);
      l.readExtraState(in);
      if (!l.weights.allFinite() || !l.extraStateFinite()) {
        throw in.corrupt("holds a non-finite weight");
      }
      return l;
    }
  }
}
