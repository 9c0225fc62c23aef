/**
 * Evaluation protocols (paper, section 6.4) as building blocks: {@link org.altml.core.eval.TrainThenTest}
 * (one pass over the training set, then the frozen model on the test set, predicted on several cores) and
 * {@link org.altml.core.eval.Prequential} (predict-then-update with cumulative and sliding-window metrics
 * and a learning curve). Each takes a learner kind's {@link org.altml.core.learner.Settings} and a
 * {@link org.altml.core.learner.LearnerContext}, data as {@link org.altml.core.eval.DataView}s (rows of a
 * dataset by index: cross-validation folds without copying), a thread budget on the shared
 * {@link org.altml.core.eval.ProtocolThreads} pool (no pool per call), derives every seed explicitly
 * ({@link org.altml.core.eval.Seeds}), and returns an immutable result with the trained learner and a
 * {@link org.altml.core.eval.RunRecord} whose {@link org.altml.core.eval.RunRecord#key()} identifies the
 * run. {@link org.altml.core.eval.FeatureScaler} implements the {@link org.altml.core.eval.FeatureScaling}
 * option and is saved with models. Protocols never print or write files; they time learning and predicting
 * with {@link java.lang.System#nanoTime()}.
 */
package org.altml.core.eval;
