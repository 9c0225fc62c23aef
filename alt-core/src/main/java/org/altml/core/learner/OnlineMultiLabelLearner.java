package org.altml.core.learner;

import java.util.Map;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * An online multi-label learner: at each round it predicts label scores for x, then learns from the
 * true label set Y (paper, Algorithm 1). Every learner kind implements this one interface and is found by
 * name through {@link LearnerRegistry}; the protocols, the CLI, model files and benchmarks see nothing else.
 *
 * <p>{@link #predict} cannot see labels, so label leakage is impossible by construction. Examples may carry
 * an id, their position in their dataset ({@link #NO_ID} when unknown): learners that cache per-example
 * work (a Gram cache) use it, the others ignore it; the id never changes a result.
 *
 * <p>Learners are single-threaded, as fastutil's collections: {@code update}, {@code predictThenUpdate}
 * and the learner's own {@code predict} share the learner's scratch and must not run concurrently with
 * anything. To predict on many threads with a model that is no longer trained, give each thread its own
 * {@link #predictor()}. To start over, build a new learner.
 */
public interface OnlineMultiLabelLearner {
  /** The id of an example whose position in a dataset is unknown. */
  long NO_ID = -1L;

  /** The learner kind (its name, parameters and model codec). */
  LearnerSpec spec();

  /** The learner kind's name, e.g. {@code "falt"}. */
  default String name() {
    return spec().name();
  }

  /**
   * Exactly the settings this learner was created with ({@code spec().create(s, c).settings().equals(s)}): its kind
   * read every value from them, so nothing it runs with is missing from them. An M factor stays a factor here; {@code
   * CommonParameters.asRun} gives the M it resolved to on L, as model files record it.
   */
  Settings settings();

  /** Number of labels L. */
  int numLabels();

  /**
   * Whether {@link #growLabels} adds labels to this learner (docs/spec.md#open-kinds): true for the kinds whose labels
   * can appear mid-stream, false (the default) for those whose output layer is fixed by construction.
   */
  default boolean growsLabels() {
    return false;
  }

  /**
   * Grows L to {@code numLabels} for an open stream (docs/spec.md#open-labels): the new labels' weights (accumulators,
   * coefficients) start at zero, and every later round uses the new L in each step and normalization (|Ȳ|, the M
   * factor). Amortised: capacity doubles, no copy of the model per new label. The same L is a no-op.
   *
   * @throws UnsupportedOperationException naming the kind when it cannot grow ({@link #growsLabels()} is false)
   * @throws IllegalArgumentException if {@code numLabels} is below the current L
   */
  default void growLabels(int numLabels) {
    if (numLabels == numLabels()) {
      return;
    }
    throw new UnsupportedOperationException("the " + name() + " learner cannot grow its labels (its output layer is fixed"
        + " by construction): give it the most labels the stream may bring (--max-labels)");
  }

  /**
   * For the kinds that grow: how many labels {@link #growLabels growLabels(numLabels)} adds to {@code learner}, 0 at its L.
   *
   * @throws IllegalArgumentException if {@code numLabels} is below its L, naming the learner
   */
  static int labelsToAdd(OnlineMultiLabelLearner learner, int numLabels) {
    int l = learner.numLabels();
    if (numLabels < l) {
      throw new IllegalArgumentException("the " + learner.name() + " learner has " + l + " labels and cannot shrink to " + numLabels);
    }
    return numLabels - l;
  }

  /** Number of update rounds (examples learned from) since the model was created, also across a save and load. */
  long examplesSeen();

  /** Approximate bytes of heap this learner holds (model, state and scratch), as Lucene's {@code Accountable}. */
  long ramBytesUsed();

  /**
   * What the model is made of and the counters its kind keeps, for reports, by lowerCamelCase name in a
   * stable order: a kernel learner's number of support vectors and kernel evaluations, a feature map's
   * kind, dimension and σ², an ELM's hidden size and conditioning checks. Values are {@link String},
   * {@link Number}, {@link Boolean} or null. Reports ({@code alt evaluate --json}, {@code alt prequential --json})
   * print them for every learner without knowing any kind, beside {@link #name()} and
   * {@link #ramBytesUsed()}. Values describe the learner as it is now; the call may allocate (not for hot
   * loops). None by default.
   */
  default Map<String, Object> statistics() {
    return Map.of();
  }

  /**
   * Why this learner has not started to learn yet, so that every prediction is still empty whatever the example,
   * or null when it has: a kind that learns nothing before some start (an ELM's first least-squares solve after
   * its first N0 examples) says what it waits for, so that a run that ended before the start can tell the user
   * instead of reporting a model that predicts nothing. A sentence fragment naming the parameter to change. Null
   * by default.
   */
  default String notStartedReason() {
    return null;
  }

  /**
   * Writes the L label scores and the threshold score of {@code x} into {@code out}; never changes the
   * model. A linear learner's weights for features beyond those seen in training are zero, so such features
   * contribute nothing; a kernel's distances, an ELM's hidden layer and a feature map do see them (another
   * reason to refuse data of many more features). Uses the learner's own scratch: not for concurrent use (see
   * {@link #predictor()}).
   *
   * @throws DivergenceException when a score is not finite
   */
  void predict(SparseVector x, Scores out);

  /** {@link #predict(SparseVector, Scores)} of the example with id {@code id}. */
  default void predict(long id, SparseVector x, Scores out) {
    predict(x, out);
  }

  /**
   * One online round of learning on {@code (x, y)}: up to M inner update steps.
   *
   * @throws DivergenceException naming the example when a score, loss or weight is not finite
   * @throws IllegalArgumentException when a label is not below L
   */
  void update(SparseVector x, LabelSet y);

  /** {@link #update(SparseVector, LabelSet)} of the example with id {@code id}. */
  default void update(long id, SparseVector x, LabelSet y) {
    update(x, y);
  }

  /** Predicts {@code x} into {@code out} with the current model, then learns from {@code (x, y)}. */
  default void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    predict(x, out);
    update(x, y);
  }

  /** {@link #predictThenUpdate(SparseVector, LabelSet, Scores)} of the example with id {@code id}. */
  default void predictThenUpdate(long id, SparseVector x, LabelSet y, Scores out) {
    predictThenUpdate(x, y, out);
  }

  /**
   * The block entry point of prediction: {@code out[k]} receives the scores of {@code block}'s example k,
   * exactly as {@link #predict(long, SparseVector, Scores)} would write them (a learner may compute the
   * block in one pass over its model, but every example's scores equal those of the one-example call, bit
   * for bit, whatever the block). By default one example at a time.
   */
  default void predict(ExampleBlock block, Scores[] out) {
    for (int k = 0; k < block.size(); k++) {
      predict(block.id(k), block.features(k), out[k]);
    }
  }

  /**
   * The block entry point of learning: the rounds of {@code block}'s examples in order, as
   * {@link #update(long, SparseVector, LabelSet)} one after the other (a learner may share work between
   * them, e.g. kernel rows against the model as it was before the block, so results may differ from
   * one-example calls in summation order only). By default one example at a time.
   */
  default void update(ExampleBlock block) {
    for (int k = 0; k < block.size(); k++) {
      update(block.id(k), block.features(k), block.labels(k));
    }
  }

  /**
   * The block entry point of prequential evaluation: for each example of {@code block} in order, its
   * scores with the model as it is before that example's update into {@code out[k]}, then its update, as
   * {@link #predictThenUpdate(long, SparseVector, LabelSet, Scores)} one after the other (up to summation
   * order, as {@link #update(ExampleBlock)}). By default one example at a time.
   */
  default void predictThenUpdate(ExampleBlock block, Scores[] out) {
    for (int k = 0; k < block.size(); k++) {
      predictThenUpdate(block.id(k), block.features(k), block.labels(k), out[k]);
    }
  }

  /**
   * A new predictor over this learner's current model with scratch of its own, for one thread: many
   * predictors may predict concurrently while nothing updates the learner. It reads the live model (a
   * later update is visible to it, but must not run concurrently with it).
   */
  Predictor predictor();

  /**
   * Predictors for a model that no longer changes (a saved model applied to a file): by default a new
   * {@link #predictor()} per call. A learner may prepare something once that all of them share (a double
   * linear model: a float copy of W from which {@link Predictor#predictLabels} decides most labels, see
   * {@code LinearLearner}). Their predictions are this model's; they must not be used after the model changes.
   */
  default java.util.function.Supplier<Predictor> frozenPredictors() {
    return this::predictor;
  }

  /**
   * {@link #frozenPredictors()} for a pass that will score about {@code nonZeros} feature values in all (a test
   * pass of known size): a learner prepares its shared copy only when the pass is long enough to pay for it, and
   * gives plain {@link #predictor()}s otherwise. By default {@link #frozenPredictors()}.
   */
  default java.util.function.Supplier<Predictor> frozenPredictors(long nonZeros) {
    return frozenPredictors();
  }

  /**
   * Checks every value of the model (a full scan, for saving and after training).
   *
   * @throws DivergenceException naming the learner and the examples seen when a value is not finite
   */
  void checkFinite();
}
