package org.altml.core.linear;

import org.altml.core.baseline.PaConfig;
import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Settings;

/**
 * Linear learners for tests, made as users make them: from {@link Settings} of the registered kind, through its
 * spec's factory (the learners have no other constructor).
 */
public final class TestLinear {
  private TestLinear() {}

  /** Bias and precision, the options every linear kind takes. */
  public record Opts(boolean bias, Precision precision) {
    /** No bias, double precision: the parameters' defaults. */
    public static Opts defaults() {
      Settings d = LearnerRegistry.get("falt").defaults();
      return new Opts(d.get(org.altml.core.learner.CommonParameters.BIAS), org.altml.core.learner.CommonParameters.precision(d));
    }

    /** A copy with {@code bias} replaced. */
    public Opts withBias(boolean bias) {
      return new Opts(bias, precision);
    }

    /** A copy with {@code precision} replaced. */
    public Opts withPrecision(Precision precision) {
      return new Opts(bias, precision);
    }
  }

  /** Settings of {@code kind} with M and the options. */
  public static Settings settings(String kind, int maxUpdates, Opts o) {
    return LearnerRegistry.get(kind).defaults().with("maxUpdates", maxUpdates).with("bias", o.bias())
        .with("precision", o.precision());
  }

  /** FALT with η and M, without bias, in double. */
  public static Falt falt(int numLabels, float eta, int maxUpdates) {
    return falt(numLabels, eta, maxUpdates, Opts.defaults());
  }

  /** FALT with η, M and the options. */
  public static Falt falt(int numLabels, float eta, int maxUpdates, Opts o) {
    return (Falt) create(settings("falt", maxUpdates, o).with("eta", eta), numLabels);
  }

  /** SALT with η, δ and M, without bias, in double. */
  public static Salt salt(int numLabels, float eta, float delta, int maxUpdates) {
    return salt(numLabels, eta, delta, maxUpdates, Opts.defaults());
  }

  /** SALT with η, δ, M and the options. */
  public static Salt salt(int numLabels, float eta, float delta, int maxUpdates, Opts o) {
    return (Salt) create(settings("salt", maxUpdates, o).with("eta", eta).with("delta", delta), numLabels);
  }

  /** PA-I or PA-II binary relevance with C and M, without bias, in double. */
  public static PaBinaryRelevance pa(int numLabels, PaConfig.Variant variant, float c, int maxUpdates) {
    return pa(numLabels, variant, c, maxUpdates, Opts.defaults());
  }

  /** PA-I or PA-II binary relevance with C, M and the options. */
  public static PaBinaryRelevance pa(int numLabels, PaConfig.Variant variant, float c, int maxUpdates, Opts o) {
    String kind = variant == PaConfig.Variant.PA1 ? "pa1" : "pa2";
    return (PaBinaryRelevance) create(settings(kind, maxUpdates, o).with("c", c), numLabels);
  }

  private static LinearLearner create(Settings s, int numLabels) {
    return (LinearLearner) s.spec().create(s, LearnerContext.of(numLabels));
  }
}
