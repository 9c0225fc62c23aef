package org.altml.core.eval;

import org.altml.core.metric.MetricReport;

/**
 * One point of a prequential learning curve.
 *
 * @param examples examples predicted and learned so far
 * @param cumulative metrics over all {@code examples} predictions
 * @param window metrics over the last min(examples, W) predictions
 * @param learningSeconds wall-clock seconds spent scaling, predicting and updating so far (not reading
 *     the stream, not computing metrics)
 */
public record CurvePoint(long examples, MetricReport cumulative, MetricReport window, double learningSeconds) {}
