package org.altml.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.LearnerConfig;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.linear.LinearLearner;
import org.altml.core.learner.Precision;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;
import picocli.CommandLine.Option;

/**
 * Which linear learner to build and with what hyperparameters: the options {@code evaluate},
 * {@code prequential} and {@code train} share (a picocli mixin). Defaults as in the paper's untuned
 * setting: η = 1, δ = 1, C = 1, M = 1, no bias; weights in double precision (faithful to SPEC.md's float64
 * rules; {@code --precision float} is the fast option). An option that does not apply to the chosen learner
 * (for example {@code --delta} with {@code falt}) is an error rather than silently ignored.
 */
public final class LearnerSettings {
  /** The learners the CLI can build, by their command-line and model-file names. */
  enum Kind {
    /** FALT, first-order adaptive label thresholding. */
    falt,
    /** SALT, second-order (AdaGrad-style) adaptive label thresholding. */
    salt,
    /** PA-I binary relevance. */
    pa1,
    /** PA-II binary relevance. */
    pa2
  }

  /** The learner. */
  @Option(
      names = "--learner",
      required = true,
      paramLabel = "NAME",
      description = "falt, salt, pa1 or pa2.")
  Kind kind;

  /** η, or null for the default 1. */
  @Option(names = "--eta", paramLabel = "E", description = "falt, salt: learning rate η > 0 (default: 1).")
  Float eta;

  /** δ, or null for the default 1. */
  @Option(names = "--delta", paramLabel = "D", description = "salt: δ > 0 of the adaptive step (default: 1).")
  Float delta;

  /** C, or null for the default 1. */
  @Option(names = "--c", paramLabel = "C", description = "pa1, pa2: aggressiveness C > 0 (default: 1).")
  Float c;

  /** M, or null. */
  @Option(
      names = "--max-updates",
      paramLabel = "M",
      description = "At most M update steps per example, stopping at zero loss (default: 1).")
  Integer maxUpdates;

  /** The paper's M factor m, or null. */
  @Option(
      names = "--max-updates-factor",
      paramLabel = "m",
      description = "Instead of --max-updates: M = max(1, ceil(m·L)), the paper's search grid m ∈ [2^-3, 2^2].")
  Double maxUpdatesFactor;

  /** Append a constant bias feature. */
  @Option(names = "--bias", description = "Append a constant bias feature 1 to every example (default: off, as in the paper).")
  boolean bias;

  /** Weight precision, "double" or "float". */
  @Option(
      names = "--precision",
      paramLabel = "P",
      description = "Weight precision: double (default; agrees with a float64 implementation of the paper's rules)"
          + " or float (half the memory traffic, faster; long runs may drift from float64 by float rounding).")
  String precision = "double";

  /** Creates the options with their defaults (picocli fills them). */
  public LearnerSettings() {}

  /**
   * Checks the options against each other and their ranges, naming the option.
   *
   * @throws IllegalArgumentException for a value out of range or an option the learner does not take
   */
  void validate() {
    if (eta != null && kind != Kind.falt && kind != Kind.salt) {
      throw new IllegalArgumentException("--eta applies to falt and salt, not " + kind);
    }
    if (delta != null && kind != Kind.salt) {
      throw new IllegalArgumentException("--delta applies to salt only, not " + kind);
    }
    if (c != null && kind != Kind.pa1 && kind != Kind.pa2) {
      throw new IllegalArgumentException("--c applies to pa1 and pa2, not " + kind);
    }
    positive("--eta", eta);
    positive("--delta", delta);
    positive("--c", c);
    if (maxUpdates != null && maxUpdatesFactor != null) {
      throw new IllegalArgumentException("give --max-updates or --max-updates-factor, not both");
    }
    if (maxUpdates != null && maxUpdates < 1) {
      throw new IllegalArgumentException("--max-updates must be >= 1: " + maxUpdates);
    }
    if (maxUpdatesFactor != null && !(maxUpdatesFactor > 0 && Double.isFinite(maxUpdatesFactor))) {
      throw new IllegalArgumentException("--max-updates-factor must be positive and finite: " + maxUpdatesFactor);
    }
    precision();
  }

  /** The --precision value as a {@link Precision}. */
  Precision precision() {
    return switch (precision == null ? "" : precision) {
      case "double" -> Precision.DOUBLE;
      case "float" -> Precision.FLOAT;
      default -> throw new IllegalArgumentException("--precision must be double or float, not '" + precision + "'");
    };
  }

  /** The command-line name of a precision: "double" or "float". */
  static String precisionName(Precision p) {
    return p == Precision.DOUBLE ? "double" : "float";
  }

  private static void positive(String option, Float value) {
    if (value != null && !(value > 0f && Float.isFinite(value))) {
      throw new IllegalArgumentException(option + " must be positive and finite: " + value);
    }
  }

  /** M for {@code numLabels} labels: --max-updates, else from --max-updates-factor, else 1. */
  int maxUpdates(int numLabels) {
    if (maxUpdates != null) {
      return maxUpdates;
    }
    if (maxUpdatesFactor != null) {
      return LearnerConfig.maxUpdatesFromFactor(maxUpdatesFactor, numLabels);
    }
    return 1;
  }

  /**
   * A fresh learner for {@code numLabels} labels.
   *
   * @throws IllegalArgumentException if the options are invalid
   */
  LinearLearner create(int numLabels) {
    validate();
    int m = maxUpdates(numLabels);
    LearnerOptions options = LearnerOptions.defaults().withBias(bias).withPrecision(precision());
    float e = eta != null ? eta : 1f;
    float cc = c != null ? c : 1f;
    return switch (kind) {
      case falt -> new Falt(numLabels, new FaltConfig(e, m), options);
      case salt -> new Salt(numLabels, new SaltConfig(e, delta != null ? delta : 1f, m), options);
      case pa1 -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, cc, m), options);
      case pa2 -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA2, cc, m), options);
    };
  }

  /** The learner's settings for a run record, e.g. {@code {eta=1.0, maxUpdates=1, bias=false, precision=double}}. */
  static Map<String, String> settings(LinearLearner learner) {
    Map<String, String> s = new LinkedHashMap<>();
    switch (learner.config()) {
      case FaltConfig f -> s.put("eta", Float.toString(f.eta()));
      case SaltConfig f -> {
        s.put("eta", Float.toString(f.eta()));
        s.put("delta", Float.toString(f.delta()));
      }
      case PaConfig p -> s.put("c", Float.toString(p.c()));
      default -> { }
    }
    s.put("maxUpdates", Integer.toString(learner.config().maxUpdatesPerExample()));
    s.put("bias", Boolean.toString(learner.options().bias()));
    s.put("precision", precisionName(learner.precision()));
    s.put("numLabels", Integer.toString(learner.numLabels()));
    return s;
  }

  /** The settings in one line, e.g. {@code falt eta=1.0 maxUpdates=1 bias=false numLabels=6}. */
  static String describe(LinearLearner learner) {
    StringBuilder sb = new StringBuilder(learner.name());
    settings(learner).forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }
}
