package org.altml.core.eval;

import org.altml.core.metric.MetricReport;

/**
 * Outcome of one {@link TrainThenTest} run.
 *
 * @param metrics every metric of the frozen model on the test set
 * @param trainSeconds wall-clock seconds of the training pass (learning only, data already in memory)
 * @param testSeconds wall-clock seconds of predicting the test set (all threads, metrics included)
 * @param trainExamples examples in the training pass
 * @param testExamples examples evaluated
 * @param config the protocol settings used (order, seed, scaling, zero-division policy, threads)
 * @param threads number of threads that predicted the test set
 * @param learner the trained model (for saving, or writing predictions with {@link #scaler()})
 * @param scaler the feature scaling fitted on the training set
 * @param record what was run on what ({@link RunRecord#key()} identifies the run)
 */
public record TrainThenTestResult(
    MetricReport metrics,
    double trainSeconds,
    double testSeconds,
    long trainExamples,
    long testExamples,
    TrainThenTest.Config config,
    int threads,
    org.altml.core.learner.OnlineMultiLabelLearner learner,
    FeatureScaler scaler,
    RunRecord record) {}
