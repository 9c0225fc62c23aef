package org.altml.core.eval;

import java.util.List;
import org.altml.core.metric.MetricReport;

/**
 * Outcome of one {@link Prequential} run.
 *
 * @param cumulative metrics over every prediction
 * @param window metrics over the last min(examples, W) predictions
 * @param curve points every {@code config.sampleEvery()} examples, in order (unmodifiable)
 * @param examples examples predicted and learned
 * @param learningSeconds wall-clock seconds spent scaling, predicting and updating
 * @param config the protocol settings used
 * @param learner the learner after the stream (for saving)
 * @param scaler the scaling with its running statistics after the stream
 * @param record what was run on what
 */
public record PrequentialResult(
    MetricReport cumulative,
    MetricReport window,
    List<CurvePoint> curve,
    long examples,
    double learningSeconds,
    Prequential.Config config,
    org.altml.core.learner.OnlineMultiLabelLearner learner,
    FeatureScaler scaler,
    RunRecord record) {
  /** Copies the curve into an unmodifiable list. */
  public PrequentialResult {
    curve = List.copyOf(curve);
  }
}
