/**
 * Evaluation protocols (paper, section 6.4) as plain loops: {@link org.altml.core.eval.TrainThenTest}
 * (one pass over the training set, then the frozen model on the test set, predicted on all cores) and
 * {@link org.altml.core.eval.Prequential} (predict-then-update with cumulative and sliding-window
 * metrics and a learning curve); {@link org.altml.core.eval.FeatureScaler} for the {@link
 * org.altml.core.eval.FeatureScaling} option every protocol records; {@link
 * org.altml.core.eval.RunRecord} for provenance. Protocols take a learner (or a factory), a config and
 * a seed and return an immutable result; they never print or write files. They time learning and
 * predicting with {@link java.lang.System#nanoTime()} and report the seconds in the result.
 */
package org.altml.core.eval;
