/**
 * Linear baselines of the paper's experiments: passive-aggressive binary relevance,
 * {@link org.altml.core.baseline.PaBinaryRelevance} (PA-I and PA-II, kinds {@code pa1} and {@code pa2} through
 * {@link org.altml.core.baseline.PaSpec}), on the same feature-major layout as FALT and SALT, and
 * {@link org.altml.core.baseline.PaLoss}, the step sizes τ shared with the kernel PA learners (which pass
 * K(x, x) for ||x||²).
 */
package org.altml.core.baseline;
