/**
 * Feature maps approximating the RBF kernel, which turn any linear learner into a nonlinear one
 * ({@code org.altml.core.features.MappedLearner}): {@link org.altml.kernel.features.RandomFourierFeatures}
 * ({@code rff}) and {@link org.altml.kernel.features.NystromMap} ({@code nystrom}), registered from this
 * module in {@code META-INF/services/org.altml.core.features.FeatureMapSpec}.
 */
package org.altml.kernel.features;
