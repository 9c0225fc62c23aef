package org.altml.core.learner;

import java.io.IOException;

/**
 * Writes and reads the complete state of one learner kind's model: everything a restored learner needs to
 * continue exactly as if it had never stopped (weights, accumulators, counters, random-generator state).
 * The settings, the label count and the file framing (magic, versions, checksum) are written by the caller
 * ({@code org.altml.core.model.ModelIo}); a codec writes only the body.
 */
public interface ModelCodec {
  /** The version of the body this codec writes; bump it when the layout changes, and keep reading old ones. */
  int version();

  /**
   * Writes the state of {@code learner} (a learner of this codec's kind).
   *
   * @throws IllegalArgumentException if the learner is of another kind or holds a non-finite value
   */
  void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException;

  /**
   * Reads a state written by {@link #write} with body version {@code version} into a learner built with
   * {@code settings} for {@code context}. Checks every size against {@link StateInput#remaining()} before
   * allocating.
   *
   * @throws CorruptStateException when the body is inconsistent or truncated
   */
  OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version) throws IOException;
}
