package org.altml.core.features;

import java.util.Map;
import org.altml.sparse.SparseVector;

/**
 * A map z: R^d → R^D from input features to the features a linear learner sees, so that the linear
 * learner becomes a nonlinear one ({@link MappedLearner}): random Fourier features, a Nyström map. The
 * kind of a map (its name, parameters, factory and codec) is a {@link FeatureMapSpec}; an instance holds
 * the map's state (random rows generated so far, landmarks, a projection).
 *
 * <p>Life cycle: a map may need training data before it is defined (Nyström's landmarks): {@link #learn}
 * offers it every training example, in stream order, before that example is mapped, and {@link
 * #isFitted()} says when {@link #map} may be called. A map that needs no data is fitted from the start.
 * A map never depends on the order in which feature indices first appear, and d need not be known.
 *
 * <p>Single-threaded, as the learners: {@link #learn} and {@link #map} share the map's scratch. Other
 * threads map with a {@link #mapper()} of their own while nothing calls {@link #learn}.
 */
public interface FeatureMap {
  /** The map kind (its name, parameters and codec). */
  FeatureMapSpec spec();

  /** D, the number of output features (z ∈ R^D). */
  int dimension();

  /** Whether {@link #map} is defined; true from the start for maps that need no data. */
  boolean isFitted();

  /**
   * Offers a training example to the map before it is mapped: a map that is fitted on data takes what it
   * needs (Nyström keeps distinct examples as landmarks and fits once it has them all), another one may
   * prepare for its features (random Fourier features generate their rows). The example's arrays are not
   * kept; a map copies what it keeps.
   *
   * @throws IllegalArgumentException when the data cannot fit the map (a degenerate landmark set), saying why
   */
  void learn(SparseVector x);

  /**
   * Writes z(x) into {@code out[0..D)} with this map's own scratch; never changes the map.
   *
   * @throws IllegalStateException if the map is not fitted
   */
  void map(SparseVector x, double[] out);

  /** A mapper with scratch of its own over this map's current state, for one thread. */
  Mapper mapper();

  /** What the map holds, for a message about a map that is not fitted (e.g. "120 of 256 landmarks"). */
  String fitState();

  /** Approximate bytes of heap this map holds. */
  long ramBytesUsed();

  /**
   * Facts for reports, in order ({@code sigma2}, {@code seed}, sizes of the state), by lowerCamelCase name;
   * the map's name and D are added by the caller.
   */
  Map<String, Object> facts();

  /** Thread-confined mapping with scratch of its own ({@link #mapper()}). */
  @FunctionalInterface
  interface Mapper {
    /** Writes z(x) into {@code out[0..D)}. */
    void map(SparseVector x, double[] out);
  }
}
