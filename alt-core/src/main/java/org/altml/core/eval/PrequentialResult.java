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
 */
public record PrequentialResult(
    MetricReport cumulative,
    MetricReport window,
    List<CurvePoint> curve,
    long examples,
    double learningSeconds,
    Prequential.Config config) {
  /** Copies the curve into an unmodifiable list. */
  public PrequentialResult {
    curve = List.copyOf(curve);
  }
}
