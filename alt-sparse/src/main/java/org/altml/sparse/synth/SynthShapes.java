package org.altml.sparse.synth;

/**
 * The generators' configurations from the shape options a user gives (null: not given, the default kept), resolved
 * one way for every front end ({@code alt generate}, Python's {@code altml.generate}), so that the same options give
 * the same corpus everywhere: a small d given alone lowers the default non-zeros per row (and per planted label
 * vector) to fit it.
 */
public final class SynthShapes {
  private SynthShapes() {}

  /** The text generator's configuration: {@link SparseTextGenerator.Config#defaults()} overridden by the options given. */
  public static SparseTextGenerator.Config text(long seed, Integer numFeatures, Integer meanNonZeros, Integer modelNonZeros,
      Integer numLabels, Double cardinality, Double noise) {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withSeed(seed);
    // d first: the default mean non-zeros must still fit a smaller d, so lower it when d is small
    if (numFeatures != null) {
      c = meanNonZeros == null && c.meanNonZeros() > numFeatures / 2
          ? new SparseTextGenerator.Config(numFeatures, Math.max(1, numFeatures / 2), c.numLabels(),
              c.labelCardinality(), c.labelNoise(), Math.min(c.modelNonZerosPerLabel(), numFeatures), c.seed())
          : new SparseTextGenerator.Config(numFeatures, meanNonZeros != null ? meanNonZeros : c.meanNonZeros(),
              c.numLabels(), c.labelCardinality(), c.labelNoise(),
              Math.min(modelNonZeros != null ? modelNonZeros : c.modelNonZerosPerLabel(), numFeatures), c.seed());
    }
    if (meanNonZeros != null) {
      c = c.withMeanNonZeros(meanNonZeros);
    }
    if (modelNonZeros != null) {
      c = c.withModelNonZerosPerLabel(modelNonZeros);
    }
    if (numLabels != null || cardinality != null || noise != null) {
      c = new SparseTextGenerator.Config(c.numFeatures(), c.meanNonZeros(),
          numLabels != null ? numLabels : c.numLabels(),
          cardinality != null ? cardinality : c.labelCardinality(),
          noise != null ? noise : c.labelNoise(),
          c.modelNonZerosPerLabel(), c.seed());
    }
    return c;
  }

  /** The dense generator's configuration: {@link NonlinearDenseGenerator.Config#defaults()} overridden by the options given. */
  public static NonlinearDenseGenerator.Config dense(long seed, Integer numFeatures, Integer numLabels, Integer centres,
      Double cardinality, Double noise) {
    NonlinearDenseGenerator.Config d = NonlinearDenseGenerator.Config.defaults();
    return new NonlinearDenseGenerator.Config(
        numFeatures != null ? numFeatures : d.numFeatures(),
        numLabels != null ? numLabels : d.numLabels(),
        centres != null ? centres : d.numCentres(),
        cardinality != null ? cardinality : d.labelCardinality(),
        noise != null ? noise : d.labelNoise(),
        seed);
  }
}
