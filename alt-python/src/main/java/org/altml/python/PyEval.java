package org.altml.python;

import java.io.IOException;
import java.util.List;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;

/**
 * The evaluation protocols for {@code altml.evaluate} and {@code altml.prequential}, on a CSR feature matrix and a
 * label-indicator matrix given as primitive arrays: the metrics of a trained {@link PyLearner} on labelled rows as
 * {@code alt test} and {@code alt evaluate} compute them ({@link TrainThenTest#test}, the model's own scaling), and
 * predict-score-learn over the rows in order as {@code alt prequential} does ({@link Prequential#run}).
 */
public final class PyEval {
  private PyEval() {}

  /**
   * The metrics of the (frozen) {@code learner} on X and Y under the zero-division policy {@code zeroDivision} (spec,
   * zero or one), X scaled as the learner's training data was.
   *
   * @throws IllegalArgumentException when Y has another number of labels than the learner, X and Y other row counts,
   *     the arrays are not CSR matrices, or the policy is unknown
   * @throws IllegalStateException when the learner has not learnt anything
   */
  public static PyMetrics evaluate(PyLearner learner, int[] indptr, int[] indices, float[] data, int[] yIndptr,
      int[] yIndices, int numLabels, String zeroDivision) {
    ZeroDivisionPolicy policy = policy(zeroDivision);
    OnlineMultiLabelLearner model = learner.learner();
    if (numLabels != model.numLabels()) {
      throw new IllegalArgumentException("Y has " + numLabels + " label columns but the " + model.name() + " learner has "
          + model.numLabels() + " labels: give Y one column per label of the learner (0 to " + (model.numLabels() - 1) + ")");
    }
    Dataset test = CsrRows.dataset(indptr, indices, data, yIndptr, yIndices, 0, numLabels, null);
    int threads = Runtime.getRuntime().availableProcessors();
    return new PyMetrics(TrainThenTest.test(model, test, learner.scaler(), policy, threads).metrics());
  }

  /**
   * Prequential evaluation of {@code learner} over the rows of X and Y in order: each row predicted, scored, then
   * learnt; metrics cumulative and over the last {@code window} rows, a curve point every {@code every} rows. A learner
   * that has not started is made for Y's {@code numLabels} labels (named {@code names}, or null) as {@code alt
   * prequential} makes it (no training-set size); one that has goes on learning, its scaling going on from its own
   * statistics.
   *
   * @throws IllegalArgumentException when Y has another number of labels than a started learner, X and Y other row
   *     counts, the arrays are not CSR matrices, the window or period is below 1, or the policy is unknown
   */
  public static PyPrequential prequential(PyLearner learner, int[] indptr, int[] indices, float[] data, int[] yIndptr,
      int[] yIndices, int numFeatures, int numLabels, List<String> names, int window, long every, String zeroDivision)
      throws IOException {
    ZeroDivisionPolicy policy = policy(zeroDivision);
    if (window < 1) {
      throw new IllegalArgumentException("window must be at least 1 (the examples the window metrics cover), not " + window);
    }
    if (every < 1) {
      throw new IllegalArgumentException("every must be at least 1 (examples between curve points), not " + every);
    }
    Dataset stream = CsrRows.dataset(indptr, indices, data, yIndptr, yIndices, numFeatures, numLabels, names);
    learner.start(numLabels, names, stream.numFeatures(), -1);
    FeatureScaler scaler = learner.scaler();
    Prequential.Config config = new Prequential.Config(window, every, scaler.scaling(), policy, Long.MAX_VALUE)
        .withScaler(scaler);
    return new PyPrequential(Prequential.run(learner.learner(), stream.stream(), config));
  }

  private static ZeroDivisionPolicy policy(String name) {
    try {
      return ZeroDivisionPolicy.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("zero_division " + e.getMessage(), e);
    }
  }
}
