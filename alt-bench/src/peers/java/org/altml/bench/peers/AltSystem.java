package org.altml.bench.peers;

import org.altml.core.learner.Scores;
import org.altml.core.linear.LinearLearner;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * An ALT learner: one pass of {@code update} over the training set in the given order, then
 * {@code predict} on the test set. The data is ALT's own {@link Dataset} (no conversion); the timed
 * training call builds a fresh learner and sizes W for d once, as the peers allocate their models inside
 * their timed calls.
 */
final class AltSystem implements PeerSystem {
  private final AltLearners.Kind kind;
  private final AltLearners.Settings settings;
  private Dataset train;
  private int[] order;
  private Dataset test;
  private LinearLearner learner;

  AltSystem(AltLearners.Kind kind, AltLearners.Settings settings) {
    this.kind = kind;
    this.settings = settings;
  }

  @Override
  public String name() {
    return kind.label();
  }

  @Override
  public String settings() {
    return settings.describe(kind) + ", one pass";
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    this.train = train;
    this.order = order;
    this.test = test;
  }

  @Override
  public int train(long deadline) {
    learner = AltLearners.create(kind, train.numLabels(), settings);
    learner.ensureFeatures(Math.max(train.numFeatures(), test.numFeatures()));
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i : order) {
      learner.update(train.features(i, x), train.labels(i, y));
    }
    return order.length;
  }

  @Override
  public int predict(Scores[] out, long deadline) {
    SparseVector x = new SparseVector();
    for (int i = 0; i < test.size(); i++) {
      learner.predict(test.features(i, x), out[i]);
    }
    return test.size();
  }

  @Override
  public void close() {
    learner = null;
  }
}
