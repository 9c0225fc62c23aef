/**
 * The extreme-learning-machine baselines of the paper (section 6): {@link org.altml.core.elm.OsmlElm}
 * (OSML-ELM, confirmed from its public code) and {@link org.altml.core.elm.ElmOmll} (ELM-OMLL, reconstructed;
 * solver B in {@code CoupledOmll}), registered as {@code osml-elm} and {@code elm-omll} by
 * {@link org.altml.core.elm.ElmSpec}. Both share the seeded, feature-order-free {@link
 * org.altml.core.elm.HiddenLayer} and {@link org.altml.core.elm.ElmLearner}'s blocked recursive least squares,
 * whose matrix product and symmetric rank-B update are {@link org.altml.core.math.VectorMath} kernels.
 * {@code docs/spec.md#elm} is the specification; every decision it leaves open is stated in the class that
 * makes it.
 */
package org.altml.core.elm;
