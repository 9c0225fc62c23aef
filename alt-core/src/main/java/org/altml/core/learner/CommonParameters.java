package org.altml.core.learner;

import java.util.ArrayList;
import java.util.List;

/**
 * The parameters several learner kinds share, defined once so that each means one thing everywhere
 * (one {@code --eta} option for FALT, SALT and the kernel learners) and its default lives in one place.
 * Grids are those of docs/spec.md#grids: η, δ, σ² ∈ 2^[-10..10], C ∈ 2^[-15..10], M factor ∈ 2^[-3..2].
 */
public final class CommonParameters {
  private CommonParameters() {}

  /** η, the step size of FALT and SALT (paper, eq. rule and Algorithm 3); default 1. */
  public static final Parameter<Float> ETA =
      Parameter.positiveFloat("eta", "η", "learning rate η > 0", 1f, powersOfTwoF(-10, 10));

  /** δ of SALT's H = δI + diag(s); default 1. */
  public static final Parameter<Float> DELTA =
      Parameter.positiveFloat("delta", "δ", "δ > 0 of the adaptive step", 1f, powersOfTwoF(-10, 10));

  /**
   * C, the aggressiveness of PA-I/PA-II and the regularisation factor of ELM-OMLL (ridge λ = 1/C; the
   * paper searches 2^[-10..10] there); default 1.
   */
  public static final Parameter<Float> C =
      Parameter.positiveFloat("c", "C", "aggressiveness C > 0 (pa1, pa2), regularisation factor C > 0, ridge 1/C (elm-omll)", 1f,
          powersOfTwoF(-15, 10));

  /**
   * σ², the width of the RBF kernel K(x, x') = exp(−||x − x'||² / (2σ²)) (the paper's δ², docs/spec.md#rbf-kernel); default
   * 1, the paper's grid 2^[-10..10]. One parameter for every kind that uses the RBF kernel, directly (kernel
   * learners) or through a feature map approximating it ({@code rff}, {@code nystrom}): one {@code --sigma2}.
   */
  public static final Parameter<Double> SIGMA2 = Parameter.positiveDouble("sigma2", "σ²",
      "RBF width σ² > 0 of K(x, x') = exp(-||x - x'||² / (2σ²)) (the paper's δ²)", 1.0, powersOfTwoD(-10, 10));

  /** M, the maximum number of update steps per example (docs/spec.md#m-steps); default 1. */
  public static final Parameter<Integer> MAX_UPDATES = Parameter.integer(
      "maxUpdates", "M", "at most M update steps per example, stopping at zero loss", 1, 1, Integer.MAX_VALUE);

  /** The paper's M factor m: M = max(1, ⌈m·L⌉), searched in 2^[-3..2]; unset by default. */
  public static final Parameter<Double> MAX_UPDATES_FACTOR = Parameter.positiveDouble("maxUpdatesFactor", "m",
      "instead of maxUpdates: M = max(1, ceil(m·L)), the paper's grid m in 2^[-3..2]", null, powersOfTwoD(-3, 2))
      .insteadOf("maxUpdates");

  /** A constant bias feature 1 appended to every example; off by default, as in the paper. */
  public static final Parameter<Boolean> BIAS =
      Parameter.flag("bias", "append a constant bias feature 1 to every example (off in the paper)");

  /** The weights' storage precision: double (the default, exact against float64) or float (the fast mode). */
  public static final Parameter<String> PRECISION = Parameter.choice("precision",
      "weight precision: double (agrees with a float64 implementation of the paper's rules) or float (faster)",
      "double", List.of("double", "float"));

  /** The precision named by {@link #PRECISION} in {@code settings}. */
  public static Precision precision(Settings settings) {
    return settings.get(PRECISION).equals("float") ? Precision.FLOAT : Precision.DOUBLE;
  }

  /** The text value of {@link #PRECISION} for {@code precision}. */
  public static String precisionName(Precision precision) {
    return precision == Precision.FLOAT ? "float" : "double";
  }

  /**
   * M for {@code numLabels} labels: from {@link #MAX_UPDATES_FACTOR} when it is set (M = max(1, ⌈m·L⌉)),
   * else {@link #MAX_UPDATES}.
   *
   * @throws IllegalArgumentException if M would exceed {@link Integer#MAX_VALUE}
   */
  public static int maxUpdates(Settings settings, int numLabels) {
    Double m = settings.get(MAX_UPDATES_FACTOR);
    if (m == null) {
      return settings.get(MAX_UPDATES);
    }
    double updates = Math.ceil(m * numLabels);
    if (updates > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("M = ceil(" + m + "·" + numLabels + ") exceeds " + Integer.MAX_VALUE);
    }
    return Math.max(1, (int) updates);
  }

  /**
   * {@code settings} as text ({@link Settings#asText()}) as run on {@code numLabels} labels: with {@link
   * #MAX_UPDATES_FACTOR} set, {@code maxUpdates} is the M the factor resolves to ({@link #maxUpdates}), not the unused
   * default beside it, so that a record shows both the factor given and the M used.
   */
  public static java.util.Map<String, String> asTextAsRun(Settings settings, int numLabels) {
    java.util.Map<String, String> text = settings.asText();
    if (settings.spec().hasParameter(MAX_UPDATES.name()) && settings.spec().hasParameter(MAX_UPDATES_FACTOR.name())
        && settings.isSet(MAX_UPDATES_FACTOR)) {
      text.put(MAX_UPDATES.name(), Integer.toString(maxUpdates(settings, numLabels)));
    }
    return text;
  }

  /**
   * {@code settings} as run on {@code numLabels} labels: with {@link #MAX_UPDATES_FACTOR} set, the factor unset and
   * {@code maxUpdates} the M it resolves to ({@link #maxUpdates}); otherwise {@code settings} themselves. What a model
   * file records and a report's one-line description shows: the M a learner ran with, which a factor decides only
   * together with L.
   */
  public static Settings asRun(Settings settings, int numLabels) {
    if (!settings.spec().hasParameter(MAX_UPDATES_FACTOR.name()) || !settings.isSet(MAX_UPDATES_FACTOR)) {
      return settings;
    }
    return settings.with(MAX_UPDATES_FACTOR.name(), null).with(MAX_UPDATES.name(), maxUpdates(settings, numLabels));
  }

  /**
   * Refuses settings that give both {@link #MAX_UPDATES} (other than its default) and {@link #MAX_UPDATES_FACTOR}.
   *
   * @throws IllegalArgumentException naming both
   */
  public static void checkOneMaxUpdates(Settings settings) {
    if (settings.isSet(MAX_UPDATES_FACTOR) && settings.get(MAX_UPDATES) != 1) {
      throw new IllegalArgumentException("give maxUpdates (--max-updates) or maxUpdatesFactor (--max-updates-factor), not both");
    }
  }

  /** 2^lo, ..., 2^hi as floats. */
  public static List<Float> powersOfTwoF(int lo, int hi) {
    List<Float> g = new ArrayList<>();
    for (int e = lo; e <= hi; e++) {
      g.add((float) Math.scalb(1.0, e));
    }
    return g;
  }

  /** 2^lo, ..., 2^hi as doubles. */
  public static List<Double> powersOfTwoD(int lo, int hi) {
    List<Double> g = new ArrayList<>();
    for (int e = lo; e <= hi; e++) {
      g.add(Math.scalb(1.0, e));
    }
    return g;
  }
}
