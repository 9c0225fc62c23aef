package org.altml.bench.peers;

import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * An ALT learner of any registered kind, built from its {@link Settings} through its spec: one pass of
 * {@code update} over the training set in the given order, then {@code predict} on the test set. The data
 * is ALT's own {@link Dataset} (no conversion); the timed training call builds a fresh learner with d in
 * its context (a linear learner sizes W once), as the peers allocate their models inside their timed calls.
 */
final class AltSystem implements PeerSystem {
  private final Settings settings;
  private final long seed;
  private Dataset train;
  private int[] order;
  private Dataset test;
  private OnlineMultiLabelLearner learner;

  AltSystem(Settings settings, long seed) {
    this.settings = settings;
    this.seed = seed;
  }

  /** The row name of the learner kind called {@code learner}. */
  static String label(String learner) {
    return "ALT " + learner;
  }

  @Override
  public String name() {
    return label(settings.learner());
  }

  @Override
  public String settings() {
    return settings.describe() + ", one pass";
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    this.train = train;
    this.order = order;
    this.test = test;
  }

  @Override
  public int train(long deadline) {
    int d = Math.max(train.numFeatures(), test.numFeatures());
    learner = settings.spec().create(settings, new LearnerContext(train.numLabels(), d, order.length, seed));
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
