package org.altml.core.model;

import java.util.List;
import org.altml.core.linear.LinearLearner;

/**
 * A model loaded by {@link ModelIo#read}.
 *
 * @param learner the learner with the saved weights, ready to predict and to continue training (its own
 *     {@link LinearLearner#examplesSeen()} counter starts again at 0)
 * @param labelNames the names of the L labels, in label-index order
 * @param examplesSeen the number of update rounds the learner had seen when it was saved
 */
public record SavedModel(LinearLearner learner, List<String> labelNames, long examplesSeen) {
  /** Copies the label names. */
  public SavedModel {
    labelNames = List.copyOf(labelNames);
  }
}
