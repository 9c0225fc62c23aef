package org.altml.python;

import java.util.List;
import org.altml.core.eval.CurvePoint;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.metric.Measure;

/**
 * One prequential run as {@code altml.prequential} reads it: the cumulative and last-window metrics, and the learning
 * curve as flat arrays (one entry per point, or one row of {@link #metricCount()} values per point), so that it
 * crosses into Python in a few calls.
 */
public final class PyPrequential {
  private final PrequentialResult result;

  PyPrequential(PrequentialResult result) {
    this.result = result;
  }

  /** Metrics over every prediction. */
  public PyMetrics cumulative() {
    return new PyMetrics(result.cumulative());
  }

  /** Metrics over the last min(examples, W) predictions. */
  public PyMetrics window() {
    return new PyMetrics(result.window());
  }

  /** Examples predicted and learned. */
  public long examples() {
    return result.examples();
  }

  /** Seconds spent scaling, predicting and learning. */
  public double learningSeconds() {
    return result.learningSeconds();
  }

  /** Metrics per curve point (every metric of {@link PyMetrics#names()}). */
  public int metricCount() {
    return Measure.values().length;
  }

  /** The examples count of each curve point. */
  public long[] curveExamples() {
    return result.curve().stream().mapToLong(CurvePoint::examples).toArray();
  }

  /** The learning seconds of each curve point. */
  public double[] curveSeconds() {
    return result.curve().stream().mapToDouble(CurvePoint::learningSeconds).toArray();
  }

  /** The cumulative metrics of each curve point, row-major (points × {@link #metricCount()}). */
  public double[] curveCumulative() {
    return rows(false);
  }

  /** The window metrics of each curve point, row-major (points × {@link #metricCount()}). */
  public double[] curveWindow() {
    return rows(true);
  }

  /** The examples left out of the cumulative ranking loss at each curve point. */
  public long[] curveRankingLossLeftOut() {
    return result.curve().stream().mapToLong(p -> p.cumulative().rankingLossLeftOut()).toArray();
  }

  /** The examples left out of the window's ranking loss at each curve point. */
  public long[] curveWindowRankingLossLeftOut() {
    return result.curve().stream().mapToLong(p -> p.window().rankingLossLeftOut()).toArray();
  }

  private double[] rows(boolean window) {
    List<CurvePoint> curve = result.curve();
    Measure[] measures = Measure.values();
    double[] out = new double[curve.size() * measures.length];
    for (int i = 0; i < curve.size(); i++) {
      CurvePoint p = curve.get(i);
      for (Measure m : measures) {
        out[i * measures.length + m.ordinal()] = (window ? p.window() : p.cumulative()).get(m);
      }
    }
    return out;
  }
}
