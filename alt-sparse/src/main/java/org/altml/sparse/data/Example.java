package org.altml.sparse.data;

import java.util.Objects;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * One labelled example, owning its data; for tests and small programs (streams hand out reusable views
 * instead, so that a pass allocates nothing per example).
 *
 * @param features the feature vector x
 * @param labels the relevant labels Y
 */
public record Example(SparseVector features, LabelSet labels) {
  /** Checks that both parts are present. */
  public Example {
    Objects.requireNonNull(features, "features");
    Objects.requireNonNull(labels, "labels");
  }
}
