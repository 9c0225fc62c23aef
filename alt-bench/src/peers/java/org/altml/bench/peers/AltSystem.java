package org.altml.bench.peers;

import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/** An ALT learner through {@link OnlineMultiLabelLearner}: one pass of {@code update}, then {@code predict}. */
final class AltSystem implements PeerSystem {
  private final AltLearners.Kind kind;
  private Dataset train;
  private int[] order;
  private Dataset test;
  private OnlineMultiLabelLearner learner;

  AltSystem(AltLearners.Kind kind) {
    this.kind = kind;
  }

  @Override
  public String name() {
    return kind.label();
  }

  @Override
  public String settings() {
    return kind.settings() + ", one pass" + (AltLearners.interim() ? " (interim learner, see AltLearners)" : "");
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    this.train = train;
    this.order = order;
    this.test = test;
  }

  @Override
  public int train(long deadline) {
    learner = AltLearners.create(kind, train.numLabels(), Math.max(train.numFeatures(), test.numFeatures()));
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i : order) {
      learner.update(train.features(i, x), train.labels(i, y));
    }
    return order.length;
  }

  @Override
  public int predict(boolean[][] predicted, float[][] scores, long deadline) {
    SparseVector x = new SparseVector();
    Scores out = new Scores(test.numLabels());
    int numLabels = test.numLabels();
    for (int i = 0; i < test.size(); i++) {
      learner.predict(test.features(i, x), out);
      float[] a = out.array();
      float t = a[numLabels];
      float[] si = scores[i];
      boolean[] pi = predicted[i];
      for (int l = 0; l < numLabels; l++) {
        si[l] = a[l];
        pi[l] = a[l] > t;
      }
    }
    return test.size();
  }

  @Override
  public void close() {
    learner = null;
  }
}
