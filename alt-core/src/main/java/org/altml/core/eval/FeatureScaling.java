package org.altml.core.eval;

/**
 * Feature scaling applied by a protocol before the learner sees x; recorded in every result. The paper
 * uses raw features ({@link #NONE}, the default). See {@link FeatureScaler} for the exact transforms.
 */
public enum FeatureScaling {
  /** Features as stored. */
  NONE,
  /**
   * Per-feature standardization (x_f − μ_f) / σ_f, with μ and σ fitted on the training set only
   * (train-then-test) or kept as running statistics updated after each prediction (prequential). Output
   * is dense over the features with statistics; meant for dense data (emotions, scene, yeast).
   */
  STANDARDIZE,
  /** Unit-L2 row normalization x / ||x||_2 (zero rows stay zero). */
  L2;

  /** Lower-case name, as the CLI's {@code --scale} takes it. */
  public String cliName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The scaling named {@code name}, case-insensitively ({@code none}, {@code standardize}, {@code l2}).
   *
   * @throws IllegalArgumentException for another name
   */
  public static FeatureScaling parse(String name) {
    for (FeatureScaling s : values()) {
      if (s.name().equalsIgnoreCase(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown scaling \"" + name + "\"; expected none, standardize or l2");
  }
}
