package org.altml.sparse.synth;

import java.util.List;
import java.util.Map;

/**
 * One example of an open stream with named features and named labels (docs/spec.md#open-features), as
 * {@link ZipfTextGenerator} makes it and {@link NamedExampleWriter} writes it.
 *
 * @param id the example's 0-based index in its stream
 * @param features feature name to value, in the order they are written
 * @param labels the relevant labels' names, in the order they are written
 */
public record NamedExample(long id, Map<String, Double> features, List<String> labels) {
  /** Copies both collections (unmodifiable; the order is kept). */
  public NamedExample {
    features = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(features));
    labels = List.copyOf(labels);
  }
}
