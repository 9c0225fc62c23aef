package org.altml.bench.peers;

import java.util.Locale;
import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.linear.LinearLearner;
import org.altml.core.learner.Precision;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;

/** The single place where the comparison builds ALT learners ({@code org.altml.core.linear} / {@code baseline}). */
public final class AltLearners {
  private AltLearners() {}

  /** The ALT learners of the comparison. */
  public enum Kind {
    /** FALT. */
    FALT("ALT FALT"),
    /** SALT. */
    SALT("ALT SALT"),
    /** PA-I binary relevance. */
    PA1("ALT PA-I BR"),
    /** PA-II binary relevance. */
    PA2("ALT PA-II BR");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** Table row name. */
    public String label() {
      return label;
    }
  }

  /**
   * ALT settings of a run, shared by every ALT learner (each uses the ones that apply to it); the
   * defaults are the CLI's ({@code alt evaluate}): η = 1, δ = 1, C = 1, M = 1, no bias.
   *
   * @param eta FALT/SALT step size η
   * @param delta SALT's δ
   * @param c PA's aggressiveness C
   * @param maxUpdates M, the maximum number of update steps per example
   * @param bias append a constant bias feature (every ALT learner alike)
   * @param precision weight precision (the library's default is double; float is the fast mode)
   */
  public record Settings(float eta, float delta, float c, int maxUpdates, boolean bias, Precision precision) {
    /** The CLI's defaults. */
    public static Settings defaults() {
      return new Settings(1f, 1f, 1f, 1, false, Precision.DOUBLE);
    }

    /** The settings {@code kind} uses, as text for the results. */
    public String describe(Kind kind) {
      String m = ", M=" + maxUpdates + (bias ? ", bias" : "") + ", " + precision.name().toLowerCase(Locale.ROOT);
      return switch (kind) {
        case FALT -> "eta=" + fmt(eta) + m;
        case SALT -> "eta=" + fmt(eta) + ", delta=" + fmt(delta) + m;
        case PA1, PA2 -> "C=" + fmt(c) + m;
      };
    }

    private static String fmt(float v) {
      return String.format(Locale.ROOT, "%s", v);
    }
  }

  /** A fresh learner of the given kind for {@code numLabels} labels. */
  public static LinearLearner create(Kind kind, int numLabels, Settings s) {
    LearnerOptions options = LearnerOptions.defaults().withBias(s.bias()).withPrecision(s.precision());
    return switch (kind) {
      case FALT -> new Falt(numLabels, new FaltConfig(s.eta(), s.maxUpdates()), options);
      case SALT -> new Salt(numLabels, new SaltConfig(s.eta(), s.delta(), s.maxUpdates()), options);
      case PA1 -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, s.c(), s.maxUpdates()), options);
      case PA2 -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA2, s.c(), s.maxUpdates()), options);
    };
  }
}
