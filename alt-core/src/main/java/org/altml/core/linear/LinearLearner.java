package org.altml.core.linear;

import java.util.Arrays;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * Base of the linear multi-label learners (FALT, SALT, PA binary relevance): a feature-major
 * {@link WeightMatrix} W ∈ R^{d×(L+1)}, prediction s = x·W (label scores s_1..s_L, threshold score
 * s_{L+1}), and the online round of SPEC.md: up to M inner steps on the same example, each recomputing
 * the scores and stopping as soon as the loss is zero. Subclasses supply the loss gradient as a
 * coefficient vector c (one float per lane of a row, pad lanes 0) and the row update it drives.
 *
 * <p>Precision ({@link LearnerOptions#precision()}): in {@link Precision#FLOAT} mode W, the scores and
 * every learning decision are float. In {@link Precision#DOUBLE} mode (the default) W and the bias row
 * are double ({@link WeightMatrix#rowsDouble()}, {@link #biasWeightsDouble()}), the scores are computed
 * in double (into {@link Scores#doubleArray()}), and the margins, losses and coefficients are decided on
 * those double scores through the double overloads of {@link #coefficients} and {@link #applyStep}; only
 * the scores handed back in {@link Scores} are rounded to float. The two paths are parallel: the double
 * one mirrors the float one step for step.
 *
 * <p>Hot paths allocate nothing: scratch arrays are sized once (one row of {@link #stride()} floats
 * each). Features beyond the current d grow W in {@link #update}; in {@link #predict} they contribute
 * nothing and W does not grow. The optional bias feature ({@link LearnerOptions#bias()}) is a constant
 * 1 whose weights live in a dedicated row ({@link #biasWeights()}).
 *
 * <p>Divergence: every score vector the learner computes (in predict and at every inner step) and
 * every loss is checked for NaN and infinity at the cost of one multiply-add per label; the first
 * non-finite value throws a {@link DivergenceException} naming the example index and the settings, and
 * the learner then refuses every call with an {@link IllegalStateException}. A non-finite weight is
 * therefore reported at the first score that reads it, no later.
 *
 * <p>Single-threaded, as fastutil's collections: no call may run concurrently with {@link #update} or
 * {@link #predictThenUpdate}. {@link #predict} on a model that is no longer trained may run from many
 * threads, each with its own {@link Scores}.
 */
public abstract class LinearLearner implements OnlineMultiLabelLearner {
  /** The constant bias feature as a one-entry sparse vector {0: 1}, addressing the bias row. */
  protected static final SparseVector BIAS_FEATURE = SparseVector.of(new int[] {0}, new float[] {1f});

  private final int numLabels;
  private final int stride;
  private final int maxUpdates;
  private final LearnerOptions options;
  private final boolean bias;
  private final WeightMatrix weights;
  private final float[] biasRow;
  private final float[] coeff;
  private final float[] stepScores;
  private final boolean isDouble;
  private final double[] biasRowDouble;
  private final double[] coeffDouble;
  private final double[] stepScoresDouble;
  private long examples;
  private long steps;
  private String failure;

  /**
   * Creates a learner with W = 0 and no feature rows yet.
   *
   * @throws IllegalArgumentException if {@code numLabels < 1}
   * @throws NullPointerException if {@code config} or {@code options} is null
   */
  protected LinearLearner(int numLabels, LearnerConfig config, LearnerOptions options) {
    if (numLabels < 1) {
      throw new IllegalArgumentException("numLabels must be >= 1: " + numLabels);
    }
    this.numLabels = numLabels;
    this.maxUpdates = config.maxUpdatesPerExample();
    this.options = java.util.Objects.requireNonNull(options, "options");
    this.bias = options.bias();
    this.isDouble = options.precision() == Precision.DOUBLE;
    this.weights = new WeightMatrix(numLabels + 1, 0, options.precision());
    this.stride = weights.stride();
    this.biasRow = new float[stride];
    this.coeff = new float[stride];
    this.stepScores = new float[stride];
    this.biasRowDouble = isDouble ? new double[stride] : null;
    this.coeffDouble = isDouble ? new double[stride] : null;
    this.stepScoresDouble = isDouble ? new double[stride] : null;
  }

  /** Short name used by the CLI and model files: {@code "falt"}, {@code "salt"}, {@code "pa1"}, {@code "pa2"}. */
  public abstract String name();

  /** The hyperparameters this learner was built with. */
  public abstract LearnerConfig config();

  /** The options (bias, precision) this learner was built with. */
  public final LearnerOptions options() {
    return options;
  }

  @Override
  public final int numLabels() {
    return numLabels;
  }

  /** Current number of feature rows d of W (the largest feature index trained on, plus one, or more). */
  public final int numFeatures() {
    return weights.numRows();
  }

  /** Floats per weight row: L+1 rounded up to {@link Scores#PAD}. */
  public final int stride() {
    return stride;
  }

  /**
   * Makes W at least {@code numFeatures} rows tall, in place (new rows are zero); lets a caller that
   * knows d allocate once instead of growing.
   */
  public void ensureFeatures(int numFeatures) {
    weights.ensureRows(numFeatures);
  }

  /**
   * The weight matrix W (live, not a copy): for model files, inspection and tests. Writing to it
   * changes the model.
   */
  public final WeightMatrix weights() {
    return weights;
  }

  /**
   * The bias row: the L+1 weights of the constant bias feature, then zero padding ({@link #stride()}
   * floats; live, not a copy). All zero when the bias option is off.
   *
   * @throws IllegalStateException in {@link Precision#DOUBLE} mode (use {@link #biasWeightsDouble()})
   */
  public final float[] biasWeights() {
    if (isDouble) {
      throw new IllegalStateException("the weights are stored in double: use biasWeightsDouble()");
    }
    return biasRow;
  }

  /**
   * The bias row of a {@link Precision#DOUBLE} learner, as {@link #biasWeights()} for float.
   *
   * @throws IllegalStateException in {@link Precision#FLOAT} mode (use {@link #biasWeights()})
   */
  public final double[] biasWeightsDouble() {
    if (!isDouble) {
      throw new IllegalStateException("the weights are stored in float: use biasWeights()");
    }
    return biasRowDouble;
  }

  /** Bias weight of {@code lane} (label, or L for the threshold), in either precision. */
  public final double biasWeight(int lane) {
    java.util.Objects.checkIndex(lane, numLabels + 1);
    return isDouble ? biasRowDouble[lane] : biasRow[lane];
  }

  /** The storage precision of W (and of every learning decision). */
  public final Precision precision() {
    return options.precision();
  }

  /** Number of update rounds (examples passed to {@code update}/{@code predictThenUpdate}) so far. */
  public final long examplesSeen() {
    return examples;
  }

  /** Total number of inner update steps applied so far (at most M per example). */
  public final long updateSteps() {
    return steps;
  }

  /** Name, config and options in one line, for messages and run records. */
  public final String describe() {
    return name() + " " + config() + " " + options;
  }

  @Override
  public final void predict(SparseVector x, Scores out) {
    checkUsable();
    checkScores(out);
    if (isDouble) {
      predictDouble(x, out);
      return;
    }
    float[] s = out.array();
    computeScores(x, s);
    if (!allFinite(s, numLabels + 1)) {
      throw diverged(examples, "predict computed a non-finite score " + out);
    }
  }

  /**
   * Whether s[0..n) are all finite: s·0 is ±0 for a finite s and NaN otherwise, and a sum of such terms is
   * NaN iff one is, in any order. Four independent sums instead of one chain of n dependent adds.
   */
  private static boolean allFinite(float[] s, int n) {
    float p0 = 0f;
    float p1 = 0f;
    float p2 = 0f;
    float p3 = 0f;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      p0 += s[i] * 0f;
      p1 += s[i + 1] * 0f;
      p2 += s[i + 2] * 0f;
      p3 += s[i + 3] * 0f;
    }
    for (; i < n; i++) {
      p0 += s[i] * 0f;
    }
    return (p0 + p1) + (p2 + p3) == 0f;
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
    if (isDouble) {
      computeScoresDouble(x, stepScoresDouble);
      roundDouble(x, y, stepScoresDouble);
      return;
    }
    computeScores(x, stepScores);
    round(x, y, stepScores);
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
    if (isDouble) {
      predictThenUpdateDouble(x, y, out);
      return;
    }
    float[] s = out.array();
    computeScores(x, s);
    if (x.nnz() == 0 && !bias) {
      examples++;
      return;
    }
    round(x, y, s);
  }

  /** One online round: up to M steps, the first on {@code first} (read only), stopping at zero loss. */
  private void round(SparseVector x, LabelSet y, float[] first) {
    beginRound(x);
    final float[] c = coeff;
    float[] s = first;
    for (int step = 0; ; ) {
      int violated = coefficients(s, y, c);
      if (violated <= 0) {
        if (violated < 0) {
          throw diverged(examples, "inner step " + step + " saw a non-finite score or loss");
        }
        break; // f_t(W) = 0
      }
      applyStep(x, c);
      steps++;
      if (++step == maxUpdates) {
        break;
      }
      s = stepScores;
      computeScores(x, s);
    }
    examples++;
  }

  /**
   * Writes the scores x·W (and the bias row when the option is on) into {@code out[0..stride)}. Reads
   * only: safe from several threads on a frozen model.
   */
  final void computeScores(SparseVector x, float[] out) {
    float[] rows = weights.rows();
    if ((long) (x.maxIndex() + 1) * stride <= rows.length) {
      VectorMath.sparseTimesRows(x, rows, stride, out, stride);
    } else {
      // Slow path (predict only): features without a row contribute nothing. Indices are sorted.
      Arrays.fill(out, 0, stride, 0f);
      int capacity = rows.length / stride;
      int[] idx = x.indices();
      float[] val = x.values();
      for (int k = x.offset(), end = x.offset() + x.nnz(); k < end && idx[k] < capacity; k++) {
        VectorMath.axpy(val[k], rows, idx[k] * stride, out, 0, stride);
      }
    }
    if (bias) {
      VectorMath.axpy(1f, biasRow, 0, out, 0, stride);
    }
  }

  /** Called once per round before the first step (e.g. PA computes ||x||² here). */
  protected void beginRound(SparseVector x) {}

  /**
   * Fills {@code coeff[0..L]} with the loss gradient's coefficients for the current {@code scores} (the
   * gradient of row f is x_f·coeff; pad lanes must stay 0) and returns the number of violated margins:
   * 0 means zero loss (the round stops), -1 means a score or the loss is not finite.
   */
  protected abstract int coefficients(float[] scores, LabelSet y, float[] coeff);

  /**
   * Applies one update step driven by {@code coeff} to the rows x touches and, when the bias option is
   * on, to the bias row ({@link #BIAS_FEATURE} against {@link #biasWeights()}).
   */
  protected abstract void applyStep(SparseVector x, float[] coeff);

  /** The backing array of W, re-read after growth (see {@link WeightMatrix#rows()}). */
  protected final float[] rows() {
    return weights.rows();
  }

  /** The double backing array of W in {@link Precision#DOUBLE} mode, re-read after growth. */
  protected final double[] rowsDouble() {
    return weights.rowsDouble();
  }

  /** Whether the bias option is on. */
  protected final boolean hasBias() {
    return bias;
  }

  // ---- Precision.DOUBLE: the same round as above, step for step, on double scores and weights ----

  /**
   * As {@link #coefficients(float[], LabelSet, float[])}, in double: decides the margins and the loss
   * on double scores and fills double coefficients ({@link Precision#DOUBLE} mode).
   */
  protected abstract int coefficients(double[] scores, LabelSet y, double[] coeff);

  /**
   * As {@link #applyStep(SparseVector, float[])} on the double rows ({@link #rowsDouble()}) and the double
   * bias row ({@link #biasWeightsDouble()}).
   */
  protected abstract void applyStep(SparseVector x, double[] coeff);

  private void predictDouble(SparseVector x, Scores out) {
    double[] d = out.doubleArray();
    computeScoresDouble(x, d);
    float probe = roundInto(d, out.array());
    if (probe != 0f) {
      throw diverged(examples, "predict computed a non-finite score " + out);
    }
  }

  private void predictThenUpdateDouble(SparseVector x, LabelSet y, Scores out) {
    double[] d = out.doubleArray();
    computeScoresDouble(x, d);
    roundInto(d, out.array());
    if (x.nnz() == 0 && !bias) {
      examples++;
      return;
    }
    roundDouble(x, y, d);
  }

  /** Rounds the double scores into the float buffer; returns 0, or NaN when some rounded score is not finite. */
  private float roundInto(double[] d, float[] s) {
    float probe = 0f;
    for (int i = 0; i < stride; i++) {
      float v = (float) d[i];
      s[i] = v;
      probe += v * 0f; // NaN iff some score is NaN or infinite (also beyond float's range)
    }
    return probe;
  }

  /** {@link #round} in double. */
  private void roundDouble(SparseVector x, LabelSet y, double[] first) {
    beginRound(x);
    final double[] c = coeffDouble;
    double[] s = first;
    for (int step = 0; ; ) {
      int violated = coefficients(s, y, c);
      if (violated <= 0) {
        if (violated < 0) {
          throw diverged(examples, "inner step " + step + " saw a non-finite score or loss");
        }
        break; // f_t(W) = 0
      }
      applyStep(x, c);
      steps++;
      if (++step == maxUpdates) {
        break;
      }
      s = stepScoresDouble;
      computeScoresDouble(x, s);
    }
    examples++;
  }

  /** {@link #computeScores} on the double rows, in double. Reads only. */
  final void computeScoresDouble(SparseVector x, double[] out) {
    double[] rows = weights.rowsDouble();
    if ((long) (x.maxIndex() + 1) * stride <= rows.length) {
      VectorMath.sparseTimesRows(x, rows, stride, out, stride);
    } else {
      // Slow path (predict only): features without a row contribute nothing. Indices are sorted.
      Arrays.fill(out, 0, stride, 0.0);
      int capacity = rows.length / stride;
      int[] idx = x.indices();
      float[] val = x.values();
      for (int k = x.offset(), end = x.offset() + x.nnz(); k < end && idx[k] < capacity; k++) {
        VectorMath.axpy(val[k], rows, idx[k] * stride, out, 0, stride);
      }
    }
    if (bias) {
      VectorMath.axpy(1.0, biasRowDouble, 0, out, 0, stride);
    }
  }

  private DivergenceException diverged(long example, String what) {
    failure = describe() + " diverged at example " + example + " (0-based update round): " + what
        + "; the model is unusable (try a smaller eta or scaled features)";
    return new DivergenceException(example, failure);
  }

  private void checkUsable() {
    if (failure != null) {
      throw new IllegalStateException("learner refused: it diverged earlier: " + failure);
    }
  }

  private void checkScores(Scores out) {
    if (out.numLabels() != numLabels) {
      throw new IllegalArgumentException("Scores has " + out.numLabels() + " labels, learner has " + numLabels);
    }
  }

  private void checkLabels(LabelSet y) {
    if (y.maxLabel() >= numLabels) {
      throw new IllegalArgumentException("label " + y.maxLabel() + " outside [0, " + numLabels + ")");
    }
  }
}
