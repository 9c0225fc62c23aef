package org.altml.core.linear;

import java.io.IOException;
import java.util.Objects;
import org.altml.core.learner.CommonParameters;
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
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * Base of the linear multi-label learners (FALT, SALT, PA binary relevance): a feature-major
 * {@link WeightMatrix} W ∈ R^{d×(L+1)}, prediction s = x·W (label scores s_1..s_L, threshold score
 * s_{L+1}), and the online round of SPEC.md ({@link InnerSteps}): up to M inner steps on the same example,
 * each recomputing the scores and stopping as soon as the loss is zero. A subclass supplies only the loss's
 * coefficients ({@link #coefficients}, in double) and the step they drive ({@link #step}, through the
 * weight matrix's precision seam): one code path for float and double storage.
 *
 * <p>Precision ({@link LearnerOptions#precision()}): the weights are stored in float or double; the scores
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

  private final int numLabels;
  private final int stride;
  private final int maxUpdates;
  private final LearnerOptions options;
  private final WeightMatrix weights;
  private final double[] scores;
  private final double[] stepScores;
  private final float[] floatScratch;
  private final double[] coeff;
  private SparseVector current;
  private long examples;
  private long steps;
  private final DivergenceLatch divergence = new DivergenceLatch("try a smaller eta or scaled features");

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
    this.options = Objects.requireNonNull(options, "options");
    this.weights = new WeightMatrix(numLabels + 1, 0, options.precision(), options.bias());
    this.stride = weights.stride();
    MemoryCheck.require(28L * stride, "the scratch of " + numLabels + " labels", "check the number of labels");
    this.scores = new double[stride];
    this.stepScores = new double[stride];
    this.coeff = new double[stride];
    this.floatScratch = new float[stride];
  }

  /** The hyperparameters this learner was built with. */
  public abstract LearnerConfig config();

  /** The settings of this learner's spec for {@code config} and the options. */
  protected final Settings baseSettings(Settings kindSettings) {
    return kindSettings.with(CommonParameters.MAX_UPDATES.name(), maxUpdates)
        .with(CommonParameters.BIAS.name(), options.bias())
        .with(CommonParameters.PRECISION.name(), CommonParameters.precisionName(options.precision()));
  }

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

  /** Values per weight row: L+1 padded as {@link WeightMatrix#stride()} says. */
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
    return options.precision();
  }

  @Override
  public final long examplesSeen() {
    return examples;
  }

  /** Total number of inner update steps applied so far (at most M per example). */
  public final long updateSteps() {
    return steps;
  }

  /** Name and settings in one line, for messages. */
  public final String describe() {
    return settings().describe();
  }

  @Override
  public long ramBytesUsed() {
    return 128 + weights.ramBytesUsed() + 4L * stride * Double.BYTES + (long) stride * Float.BYTES;
  }

  @Override
  public final void predict(SparseVector x, Scores out) {
    checkUsable();
    predictInto(x, out, scores, floatScratch);
  }

  @Override
  public final Predictor predictor() {
    double[] own = new double[stride];
    float[] ownScratch = new float[stride];
    return (x, out) -> {
      checkUsable();
      predictInto(x, out, own, ownScratch);
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
    return () -> new FrozenPredictor(shadow);
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

  /** A predictor of {@link #frozenPredictors()}: scratch of its own over the shared float copy. */
  private final class FrozenPredictor implements Predictor {
    private final FloatShadow shadow;
    private final double[] own = new double[stride];
    private final float[] ownScratch = new float[stride];
    /** Lanes whose exact score a metric needs ({@link #forMetrics}); all false between examples. */
    private final boolean[] tied = new boolean[numLabels + 1];
    /** The largest |s| of the last {@link #shadowScores}. */
    private float shadowMax;

    FrozenPredictor(FloatShadow shadow) {
      this.shadow = shadow;
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      checkUsable();
      predictInto(x, out, own, ownScratch);
    }

    @Override
    public void predictLabels(ExampleBlock block, Scores[] scratch, int[][] labels, int[] counts) {
      checkUsable();
      for (int k = 0; k < block.size(); k++) {
        counts[k] = labels(block.features(k), scratch[k], labels[k]);
      }
    }

    @Override
    public int predictLabels(SparseVector x, Scores scratch, int[] out) {
      checkUsable();
      return labels(x, scratch, out);
    }

    @Override
    public void predictForMetrics(ExampleBlock block, Scores[] out) {
      checkUsable();
      for (int k = 0; k < block.size(); k++) {
        forMetrics(block.features(k), block.labels(k), out[k]);
      }
    }

    /**
     * The float copy's scores, with the exact ones (predict's bits) at every lane some comparison of the metrics
     * could get wrong. Each lane of the copy lies within delta of predict's float score S (|copy − double| is
     * within the error bound, and rounding the double to float moves it by at most |S|·2^-24). Two lanes more
     * than 2·delta apart therefore compare strictly as their S do, and so does either one's S against the other's
     * copy. Only pairs the metrics compare (each label against the threshold, every label against each true
     * label) within 2·delta of each other get both lanes' exact scores; every comparison then comes out as S's.
     */
    private void forMetrics(SparseVector x, LabelSet y, Scores scores) {
      double bound = shadowScores(x, scores);
      if (bound != bound) {
        return; // predict's scores
      }
      float[] s = scores.array();
      double delta = bound + (shadowMax + bound) * 0x1p-24 + 0x1p-149;
      // the double arithmetic of delta rounds too; and the band is tested on float differences, so rounded up to a
      // float: |fl(s_j − c)| <= band for every lane the exact difference puts within it (and perhaps a few more,
      // which only get their exact scores)
      float band = roundUp(2 * delta * (1 + 0x1p-20));
      boolean[] exact = tied;
      // the threshold's lane, then each true label's: every label within the band of it is near a tie with it
      boolean any = markNear(s, numLabels, band, exact);
      int[] ya = y.array();
      for (int q = y.offset(), end = q + y.size(); q < end; q++) {
        if (ya[q] >= 0 && ya[q] < numLabels) { // the metrics refuse any other, with the message
          any |= markNear(s, ya[q], band, exact);
        }
      }
      if (!any) {
        return;
      }
      for (int j = 0; j <= numLabels; j++) {
        if (exact[j]) {
          exact[j] = false;
          float v = (float) shadow.exactScore(x, j); // as predict rounds it
          if (!Float.isFinite(v)) {
            predictInto(x, scores, own, ownScratch); // throws, naming the example
            return;
          }
          s[j] = v;
        }
      }
    }

    /**
     * The float copy's scores of x into {@code scores}, returning their error bound ({@link
     * FloatShadow#errorBound}) and keeping their largest |s| in {@link #shadowMax}; or, when they
     * are not finite or near float's range, predict's scores with its checks, returning NaN.
     */
    private double shadowScores(SparseVector x, Scores scores) {
      checkScores(scores);
      float[] s = scores.array();
      shadow.scores(x, s);
      double bound = shadow.errorBound(x);
      shadowMax = moderateMax(s, numLabels + 1);
      if (!(bound < 1e30) || !(shadowMax < 1e37f)) {
        predictInto(x, scores, own, ownScratch);
        return Double.NaN;
      }
      return bound;
    }

    /**
     * Marks in {@code exact} every label within {@code band} of lane {@code ref}'s score (other than {@code ref}), and
     * {@code ref} itself when any is; returns whether any is ({@link VectorMath#markWithin}, which also counts and
     * marks {@code ref}'s own lane: left as it was when no other is near).
     */
    private boolean markNear(float[] s, int ref, float band, boolean[] exact) {
      boolean label = ref < numLabels;
      boolean was = label && exact[ref];
      int near = VectorMath.markWithin(s, 0, numLabels, s[ref], band, exact, 0) - (label ? 1 : 0);
      if (near == 0) {
        if (label) {
          exact[ref] = was;
        }
        return false;
      }
      exact[ref] = true;
      return true;
    }

    private int labels(SparseVector x, Scores scratch, int[] out) {
      double bound = shadowScores(x, scratch);
      if (bound != bound) {
        return scratch.predicted(out); // predict's scores
      }
      float[] s = scratch.array();
      double e = 2 * bound; // |(s_j - t) - (the double scores' difference)| <= e
      float t = s[numLabels];
      // above: the double scores differ by more than float's spacing at their magnitude m (at most m·2^-23,
      // doubled; 2^-148 covers subnormals), so rounded to float s_j stays above; below: s_j is below. m bounds
      // every lane's magnitude (the largest |s|, t's included, plus e), so one pair of bounds serves all labels
      double m = shadowMax + e;
      double aboveGap = e + m * 0x1p-22 + 0x1p-148;
      double belowGap = -e;
      // first without a branch per label (the comparisons' outcomes are data, about half the labels pass on some
      // streams, and a mispredicted branch per label cost more than the scores): the sign bit of a difference of
      // finite doubles is set iff it is negative (a difference is 0 only for equal operands, and then +0)
      int c = 0;
      long neither = 0;
      for (int j = 0; j < numLabels; j++) {
        double gap = (double) s[j] - t;
        long above = Double.doubleToRawLongBits(aboveGap - gap) >>> 63; // gap > aboveGap
        long below = Double.doubleToRawLongBits(gap - belowGap) >>> 63; // gap < belowGap
        neither |= 1 - above - below; // both cannot hold: aboveGap > 0 >= belowGap
        out[c] = j;
        c += (int) above;
      }
      if (neither == 0) {
        return c;
      }
      double threshold = Double.NaN; // the exact threshold score, when some label needs it
      c = 0;
      for (int j = 0; j < numLabels; j++) {
        double gap = (double) s[j] - t;
        boolean above = gap > aboveGap;
        boolean below = gap < belowGap;
        if (above == below) { // neither: near a tie, rare, decided from the double scores
          if (threshold != threshold) {
            threshold = shadow.exactScore(x, numLabels);
          }
          above = (float) shadow.exactScore(x, j) > (float) threshold; // as Scores.predicted compares them
        }
        out[c] = j;
        c += above ? 1 : 0;
      }
      return c;
    }
  }

  /** The smallest float at least {@code v} (v finite, below float's largest value). */
  static float roundUp(double v) {
    float f = (float) v;
    return f < v ? Math.nextUp(f) : f;
  }

  /**
   * The largest |s| of {@code s[0, n)} when every one is finite and far inside float's range (|s| < 1e37), else
   * infinity (a NaN among them included).
   */
  private static float moderateMax(float[] s, int n) {
    boolean ok = true;
    float max = 0f;
    for (int i = 0; i < n; i++) {
      float a = Math.abs(s[i]);
      ok &= a < 1e37f;
      max = Math.max(a, max);
    }
    return ok ? max : Float.POSITIVE_INFINITY;
  }

  private void predictInto(SparseVector x, Scores out, double[] d, float[] scratch) {
    checkScores(out);
    float[] s = out.array();
    float probe;
    if (weights.scoresIfFloat(x, s)) {
      probe = InnerSteps.finiteProbe(s, numLabels + 1); // float storage: the float scores are the scores
    } else {
      weights.scores(x, d, scratch);
      probe = InnerSteps.roundInto(d, s, stride);
    }
    if (probe != 0f) {
      throw divergence.notFinite(describe(), examples, "scores " + out); // a prediction alone: nothing to latch
    }
  }

  @Override
  public final void update(SparseVector x, LabelSet y) {
    checkUsable();
    checkLabels(y);
    if (x.nnz() == 0 && !options.bias()) {
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
      for (int j = 0; j < stride; j++) {
        scores[j] = s[j]; // float storage: the caller's float scores are exact; decisions widen them once
      }
      probe = InnerSteps.finiteProbe(s, numLabels + 1);
    } else {
      weights.scores(x, scores, floatScratch);
      probe = InnerSteps.roundInto(scores, s, stride);
    }
    if (probe != 0f) {
      // the prediction a prequential run scores, as predict() refuses it (a score beyond float range included)
      throw diverged(examples, "predict computed a non-finite score " + out);
    }
    if (x.nnz() == 0 && !options.bias()) {
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

  private void checkUsable() {
    divergence.checkUsable();
  }

  private void checkScores(Scores out) {
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
        int base = f < out.numRows() ? w.rowOffset() + f * stride : 0;
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
