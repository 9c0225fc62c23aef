package org.altml.core.baseline;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LinearLearner;
import org.altml.core.linear.LinearSpec;

/**
 * The {@code pa1} and {@code pa2} learner kinds: {@link PaBinaryRelevance} with C, M (or the M factor),
 * bias and precision. Two kinds of one class: {@link Pa1} and {@link Pa2} are what
 * {@link java.util.ServiceLoader} instantiates.
 */
public abstract sealed class PaSpec extends LinearSpec permits PaSpec.Pa1, PaSpec.Pa2 {
  private final PaConfig.Variant variant;
  private final String title;

  private PaSpec(PaConfig.Variant variant, String name, String title) {
    // the paper tunes C alone for PA-I/PA-II-BR(l) (section 6.4); M stays 1 unless given
    super(name, title + " binary relevance (baseline; Crammer et al. 2006)", List.of(CommonParameters.C), false);
    this.variant = variant;
    this.title = title;
  }

  @Override
  public String paperName() {
    return title + "-BR(l)";
  }

  /** The {@code pa1} kind. */
  public static final class Pa1 extends PaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa1() {
      super(PaConfig.Variant.PA1, "pa1", "PA-I");
    }
  }

  /** The {@code pa2} kind. */
  public static final class Pa2 extends PaSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Pa2() {
      super(PaConfig.Variant.PA2, "pa2", "PA-II");
    }
  }

  /** PA-I or PA-II. */
  public PaConfig.Variant variant() {
    return variant;
  }

  @Override
  protected LinearLearner create(Settings settings, int numLabels) {
    return new PaBinaryRelevance(settings, numLabels, variant);
  }
}
