/**
 * The paper's linear adaptive-label-thresholding learners: {@link org.altml.core.linear.Falt} (FALT,
 * section 3.1) and {@link org.altml.core.linear.Salt} (SALT, section 3.2), their configuration records and
 * registry specs ({@link org.altml.core.linear.FaltSpec}, {@link org.altml.core.linear.SaltSpec}), the ALT
 * loss ({@link org.altml.core.linear.AltLoss}, shared with kernel FALT), the shared base
 * {@link org.altml.core.linear.LinearLearner} (prediction, the M-step round, bias option, divergence
 * checks, the linear codec) and {@link org.altml.core.linear.WeightMatrix}, the one seam between the
 * learners and the storage precision: float or double rows, scoring, the rank-one and adaptive steps and
 * finiteness live there, so each learner has one code path and makes its decisions in double.
 */
package org.altml.core.linear;
