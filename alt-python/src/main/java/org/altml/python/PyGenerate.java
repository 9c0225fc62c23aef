package org.altml.python;

import java.util.Map;
import java.util.stream.IntStream;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;
import org.altml.sparse.synth.SynthShapes;

/**
 * The seeded synthetic corpora of {@code alt generate} for {@code altml.generate}: the same shape options, resolved
 * the same way (unset ones keep the generator's defaults; a small d lowers the default non-zeros per row), so the
 * same arguments give the examples {@code alt generate} writes, bit for bit. Messages name the Python arguments.
 */
public final class PyGenerate {
  /** The generators' configuration names and the Python arguments that set them, for messages. */
  private static final Map<String, String> ARGUMENTS = Map.of(
      "numFeatures", "n_features", "numLabels", "n_labels", "labelCardinality", "cardinality",
      "labelNoise", "noise", "meanNonZeros", "mean_nnz", "modelNonZerosPerLabel", "model_nnz",
      "numCentres", "centres");

  private PyGenerate() {}

  /**
   * Examples {@code skip + 1 .. skip + examples} of the corpus of kind {@code kind} (text or dense) and seed {@code
   * seed}; a null shape argument keeps the default.
   *
   * @throws IllegalArgumentException naming the Python argument of a value out of range
   */
  public static PyData generate(String kind, int examples, int skip, long seed, Integer numFeatures, Integer numLabels,
      Double cardinality, Double noise, Integer meanNonZeros, Integer modelNonZeros, Integer centres) {
    if (examples < 0) {
      throw new IllegalArgumentException("n_examples must be >= 0: " + examples);
    }
    if (skip < 0 || (long) skip + examples > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("skip must be >= 0 and skip + n_examples at most " + Integer.MAX_VALUE + ": " + skip);
    }
    Dataset data;
    try {
      data = switch (kind) {
        case "text" -> {
          if (centres != null) {
            throw new IllegalArgumentException("centres applies to kind='dense' only");
          }
          yield new SparseTextGenerator(SynthShapes.text(seed, numFeatures, meanNonZeros, modelNonZeros, numLabels,
              cardinality, noise)).generate(skip + examples);
        }
        case "dense" -> {
          if (meanNonZeros != null || modelNonZeros != null) {
            throw new IllegalArgumentException("mean_nnz and model_nnz apply to kind='text' only");
          }
          yield new NonlinearDenseGenerator(SynthShapes.dense(seed, numFeatures, numLabels, centres, cardinality, noise))
              .generate(skip + examples);
        }
        default -> throw new IllegalArgumentException("kind must be 'text' or 'dense', not '" + kind + "'");
      };
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(withArgumentNames(e.getMessage()), e);
    }
    if (skip > 0) {
      data = data.subset(IntStream.range(skip, skip + examples).toArray());
    }
    return PyData.of(data);
  }

  private static String withArgumentNames(String message) {
    String m = message == null ? "invalid configuration" : message;
    for (Map.Entry<String, String> e : ARGUMENTS.entrySet()) {
      m = m.replaceAll("\\b" + e.getKey() + "\\b", e.getValue());
    }
    return m;
  }
}
