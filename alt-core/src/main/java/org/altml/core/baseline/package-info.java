/**
 * Linear baselines of the paper's experiments: passive-aggressive binary relevance,
 * {@link org.altml.core.baseline.PaBinaryRelevance} (PA-I and PA-II), on the same feature-major layout
 * as FALT and SALT.
 */
package org.altml.core.baseline;
