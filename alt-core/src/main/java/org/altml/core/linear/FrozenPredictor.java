package org.altml.core.linear;

import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A predictor of {@link LinearLearner#frozenPredictors()} over a double model: scratch of its own over the shared
 * float copy of W ({@link WeightMatrix#floatShadow}), deciding each label from the float scores when they are far
 * enough from a tie and from the exact double scores otherwise, so that its labels are those of
 * {@link LinearLearner#predictor()}.
 */
final class FrozenPredictor implements Predictor {
  private final LinearLearner learner;
  private final int numLabels;
  private final FloatShadow shadow;
  private final double[] own;
  private final float[] ownScratch;
  /** Lanes whose exact score a metric needs ({@link #forMetrics}); all false between examples. */
  private final boolean[] tied;
  /** The largest |s| of the last {@link #shadowScores}. */
  private float shadowMax;

  FrozenPredictor(LinearLearner learner, FloatShadow shadow) {
    this.learner = learner;
    this.numLabels = learner.numLabels();
    this.shadow = shadow;
    this.own = new double[learner.stride()];
    this.ownScratch = new float[learner.stride()];
    this.tied = new boolean[numLabels + 1];
  }

  @Override
  public void predict(SparseVector x, Scores out) {
    learner.checkUsable();
    learner.predictInto(x, out, own, ownScratch);
  }

  @Override
  public void predictLabels(ExampleBlock block, Scores[] scratch, int[][] labels, int[] counts) {
    learner.checkUsable();
    for (int k = 0; k < block.size(); k++) {
      counts[k] = labels(block.features(k), scratch[k], labels[k]);
    }
  }

  @Override
  public int predictLabels(SparseVector x, Scores scratch, int[] out) {
    learner.checkUsable();
    return labels(x, scratch, out);
  }

  @Override
  public void predictForMetrics(ExampleBlock block, Scores[] out) {
    learner.checkUsable();
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
          learner.predictInto(x, scores, own, ownScratch); // throws, naming the example
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
    learner.checkScores(scores);
    float[] s = scores.array();
    shadow.scores(x, s);
    double bound = shadow.errorBound(x);
    shadowMax = moderateMax(s, numLabels + 1);
    if (!(bound < 1e30) || !(shadowMax < 1e37f)) {
      learner.predictInto(x, scores, own, ownScratch);
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
}
