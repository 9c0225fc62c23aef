package org.altml.core.metric;

import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;

/** One {@link Measure} as a standalone {@link MultiLabelMetric}, skipping the ranking pass when not needed. */
final class SingleMetric implements MultiLabelMetric {
  private final Measure measure;
  private final EvaluationSuite suite;

  SingleMetric(Measure measure, int numLabels, ZeroDivisionPolicy policy) {
    this.measure = measure;
    this.suite = new EvaluationSuite(numLabels, policy, measure.needsRanking());
  }

  @Override
  public void accept(LabelSet truth, Scores scores) {
    suite.accept(truth, scores);
  }

  @Override
  public void growLabels(int numLabels) {
    suite.growLabels(numLabels);
  }

  @Override
  public double value() {
    return suite.value(measure);
  }

  @Override
  public String name() {
    return measure.metricName();
  }

  @Override
  public long count() {
    return suite.count();
  }

  @Override
  public void merge(MultiLabelMetric other) {
    if (!(other instanceof SingleMetric o) || o.measure != measure) {
      throw new IllegalArgumentException("cannot merge " + other.name() + " into " + name());
    }
    suite.merge(o.suite);
  }

  @Override
  public void reset() {
    suite.reset();
  }

  @Override
  public String toString() {
    return name() + "=" + value() + " over " + count() + " examples";
  }
}
