package org.altml.core.linear;

import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * What the linear learner kinds' specs share: their own parameters followed by M (or the M factor), bias
 * and precision; M resolved against L; W allocated once when d is known; the linear codec.
 */
public abstract class LinearSpec implements LearnerSpec {
  private final String name;
  private final String description;
  private final List<Parameter<?>> parameters;

  /**
   * A kind called {@code name} taking {@code own} parameters before the shared ones.
   *
   * @param description one line, citing the paper's section
   */
  protected LinearSpec(String name, String description, List<Parameter<?>> own) {
    this(name, description, own, true);
  }

  /**
   * A kind called {@code name} taking {@code own} parameters before the shared ones; {@code paperTunesM}: whether
   * the paper's tuning searches the M factor for it (FALT(l) and SALT), or leaves M at 1 (the PA baselines,
   * whose paper grid is C alone): their M factor then has no paper grid, so tuning does not search it.
   */
  protected LinearSpec(String name, String description, List<Parameter<?>> own, boolean paperTunesM) {
    this.name = name;
    this.description = description;
    this.parameters = java.util.stream.Stream.concat(own.stream(), (paperTunesM ? Shared.SHARED : Shared.SHARED_FIXED_M).stream())
        .toList();
  }

  private static final class Shared {
    static final List<Parameter<?>> SHARED = List.of(CommonParameters.MAX_UPDATES, CommonParameters.MAX_UPDATES_FACTOR,
        CommonParameters.BIAS, CommonParameters.PRECISION);
    static final List<Parameter<?>> SHARED_FIXED_M = List.of(CommonParameters.MAX_UPDATES,
        CommonParameters.MAX_UPDATES_FACTOR.withPaperGrid(List.of()), CommonParameters.BIAS, CommonParameters.PRECISION);
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<Parameter<?>> parameters() {
    return parameters;
  }

  /** True: x·W, one weight row per feature, so any feature map composes with every linear kind. */
  @Override
  public final boolean isLinear() {
    return true;
  }

  @Override
  public final void validate(Settings settings) {
    CommonParameters.checkOneMaxUpdates(settings);
  }

  @Override
  public final OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    settings.requireKind(this);
    LinearLearner learner = create(settings, context.numLabels());
    learner.ensureFeatures(context.numFeatures());
    return learner;
  }

  /** A fresh learner with {@code settings} (of this kind) for {@code numLabels} labels, W without rows yet. */
  protected abstract LinearLearner create(Settings settings, int numLabels);

  /** W averaged element-wise (see {@link LinearLearner#average}). */
  @Override
  public final org.altml.core.learner.ModelAveraging averaging() {
    return LinearLearner::average;
  }

  @Override
  public final ModelCodec codec() {
    return LinearLearner.CODEC;
  }
}
