package org.altml.core.eval;

import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The rounds of an open learner (docs/spec.md#open-labels): labels are vocabulary ids in order of first appearance, and
 * an example whose labels pass the {@link #known()} ones makes the learner grow to them before it learns from it. The
 * prediction of that example uses only the labels known before it, its new labels scored −∞ for the metrics
 * (docs/spec.md#open-prediction).
 *
 * <p>A kind that grows its labels ({@link OnlineMultiLabelLearner#growsLabels()}) is grown to exactly the known labels. A
 * kind whose output layer is fixed (the ELMs) serves as an open learner when it was made with a maximum L, its
 * capacity: its labels not yet seen are trained as irrelevant and never reported (docs/spec.md#open-kinds); a label past
 * the capacity is refused, naming the example. Single-threaded, as the learner.
 */
public final class OpenRounds {
  private final OnlineMultiLabelLearner learner;
  private int known;
  private Scores learnerScores;

  /**
   * Open rounds of {@code learner}, of which {@code known} labels have been seen (0 for a new learner; a loaded model's
   * vocabulary size to continue it).
   *
   * @throws IllegalArgumentException if {@code known} is negative or above the learner's L
   */
  public OpenRounds(OnlineMultiLabelLearner learner, int known) {
    if (known < 0 || known > learner.numLabels()) {
      throw new IllegalArgumentException("known labels " + known + " outside [0, " + learner.numLabels() + "]");
    }
    if (known < learner.numLabels() && learner.growsLabels()) {
      throw new IllegalArgumentException("the " + learner.name() + " learner has " + learner.numLabels() + " labels, " + known
          + " known: a learner that grows its labels has exactly the known ones");
    }
    this.learner = learner;
    this.known = known;
  }

  /**
   * Tells {@code learner} that its features will have at most {@code rows} rows (a vocabulary that hashes into 2^B rows):
   * a linear learner allocates them once, rather than growing its weight matrix by half again past the rows that can
   * occur (at B = 22 it asked for 6.25 million rows where 4.19 million can occur). Other kinds size nothing by d.
   */
  public static void reserveFeatureRows(OnlineMultiLabelLearner learner, int rows) {
    if (learner instanceof org.altml.core.linear.LinearLearner linear) {
      linear.ensureFeatures(rows);
    }
  }

  /** The learner. */
  public OnlineMultiLabelLearner learner() {
    return learner;
  }

  /** L_t: the labels seen so far (the labels a prediction reports). */
  public int known() {
    return known;
  }

  /** Whether {@code y} carries a label not yet known. */
  public boolean brings(LabelSet y) {
    return y.maxLabel() >= known;
  }

  /**
   * Makes the labels of {@code y} known (docs/spec.md#open-labels): grows the learner to them (their weights start at
   * zero), or, for a kind of fixed capacity, checks they fit it.
   *
   * @param where names the example for a message ("example 12 (line 13 of data.svm)")
   * @throws IllegalArgumentException when a label passes a fixed kind's capacity
   */
  public void grow(LabelSet y, String where) {
    int needed = y.maxLabel() + 1;
    if (needed <= known) {
      return;
    }
    if (learner.growsLabels()) {
      learner.growLabels(needed);
    } else if (needed > learner.numLabels()) {
      throw new IllegalArgumentException(where + " brings label " + needed + " of an open stream, but the " + learner.name()
          + " learner's output layer is fixed by construction at " + learner.numLabels() + " labels (--max-labels): give a"
          + " larger --max-labels, or use a kind that grows its labels (falt, salt, pa1, pa2, falt-k, ...)");
    }
    known = needed;
  }

  /**
   * Writes the scores of {@code x} over the labels known now into {@code out}, whose L may be larger: the labels from
   * {@link #known()} to {@code out.numLabels() - 1} (new labels of the example being predicted) are scored −∞, so they are
   * neither predicted nor ranked above a known label (docs/spec.md#open-prediction). The threshold is the learner's.
   *
   * @throws IllegalArgumentException if {@code out} has fewer labels than are known
   */
  public void predict(long id, SparseVector x, Scores out) {
    int numLabels = out.numLabels();
    if (numLabels < known) {
      throw new IllegalArgumentException("scores of " + numLabels + " labels for " + known + " known ones");
    }
    if (numLabels == learner.numLabels()) {
      learner.predict(id, x, out);
      if (known < numLabels) {
        java.util.Arrays.fill(out.array(), known, numLabels, Float.NEGATIVE_INFINITY);
      }
      return;
    }
    Scores own = learnerScores();
    learner.predict(id, x, own);
    project(own, out);
  }

  /**
   * {@code from}, the learner's scores, over the known labels into {@code to} (labels from {@link #known()} on −∞, the
   * learner's threshold): for a kind of fixed capacity, whose scores cover labels not yet seen.
   */
  public void project(Scores from, Scores to) {
    if (from == to) {
      return;
    }
    float[] source = from.array();
    float[] target = to.array();
    int copied = Math.min(known, Math.min(from.numLabels(), to.numLabels()));
    System.arraycopy(source, 0, target, 0, copied);
    java.util.Arrays.fill(target, copied, to.numLabels(), Float.NEGATIVE_INFINITY);
    target[to.numLabels()] = from.threshold();
  }

  private Scores learnerScores() {
    if (learnerScores == null || learnerScores.numLabels() != learner.numLabels()) {
      learnerScores = new Scores(learner.numLabels());
    }
    return learnerScores;
  }

  /**
   * One open training round: grows to {@code y}'s labels, then learns from the example ({@code alt train --open}).
   *
   * @param where names the example for a message
   */
  public void learn(long id, SparseVector x, LabelSet y, String where) {
    grow(y, where);
    learner.update(id, x, y);
  }

  /**
   * One open prequential round: the scores of {@code x} over the labels known before it into {@code out} (sized for
   * the labels known after it: at least {@code y}'s), then the growth, then the update.
   *
   * @param where names the example for a message
   */
  public void predictThenLearn(long id, SparseVector x, LabelSet y, Scores out, String where) {
    predict(id, x, out);
    learn(id, x, y, where);
  }
}
