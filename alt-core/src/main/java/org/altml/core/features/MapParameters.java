package org.altml.core.features;

import org.altml.core.learner.Parameter;

/**
 * The parameters the feature maps share, defined once so that {@code --map-dim} means one thing for every
 * map (σ² is {@link org.altml.core.learner.CommonParameters#SIGMA2}, shared with the kernel learners).
 */
public final class MapParameters {
  private MapParameters() {}

  /** The largest D: a row of Ω or of the projection holds D doubles, and a weight matrix D·(L+1). */
  public static final int MAX_DIMENSION = 1 << 20;

  /**
   * D, the number of output features z(x) ∈ R^D, with a map's own default (random Fourier features are
   * cheap per feature, Nyström's cost grows as D² per example and D³ to fit).
   */
  public static Parameter<Integer> mapDim(int defaultValue) {
    return Parameter.integer("mapDim", "D", "number D of mapped features z(x) the linear learner sees", defaultValue, 1,
        MAX_DIMENSION);
  }
}
