package org.altml.core.features;

import java.io.IOException;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;

/**
 * Writes and reads the complete state of one feature-map kind: everything a restored map needs to map
 * exactly as before (seed, dimension, width, landmarks, projection). The mapped learner's codec
 * ({@link MappedSpec}) frames it between the map's name and the inner learner's body.
 */
public interface FeatureMapCodec {
  /** The version of the body this codec writes; bump it when the layout changes, and keep reading old ones. */
  int version();

  /**
   * Writes the state of {@code map} (a map of this codec's kind).
   *
   * @throws IllegalArgumentException if the map is of another kind
   */
  void write(FeatureMap map, StateOutput out) throws IOException;

  /**
   * Reads a state written by {@link #write} with body version {@code version} into a map of the kind, with
   * {@code settings} (those of the mapped learner, which hold the map's parameters). Checks every size
   * against {@link StateInput#remaining()} before allocating, and the stored values against the settings.
   *
   * @throws org.altml.core.learner.CorruptStateException when the body is inconsistent or truncated
   */
  FeatureMap read(Settings settings, StateInput in, int version) throws IOException;
}
