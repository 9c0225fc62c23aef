/**
 * The paper's linear adaptive-label-thresholding learners: {@link org.altml.core.linear.Falt} (FALT,
 * section 3.1) and {@link org.altml.core.linear.Salt} (SALT, section 3.2), their configuration records,
 * the feature-major {@link org.altml.core.linear.WeightMatrix}, the shared base
 * {@link org.altml.core.linear.LinearLearner} (prediction, M inner steps, bias option, divergence
 * checks) and {@link org.altml.core.learner.DivergenceException}.
 */
package org.altml.core.linear;
