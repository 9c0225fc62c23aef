package org.altml.core.metric;

import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;

/**
 * Accumulates every {@link Measure} over a stream of (truth, scores) pairs in one pass: the predicted
 * set, |Y ∩ Ŷ| and the ranks are computed once per example and feed all metrics. Cost per example
 * O(L + |Y|·L) (the second term is the ranking pass, which {@link #EvaluationSuite(int,
 * ZeroDivisionPolicy, boolean)} can switch off); nothing is allocated per example.
 *
 * <p>Sums are exact (see the package doc), so {@link #merge merging} per-thread suites in any order
 * gives the same {@link #report()} as one suite that accepted every example. Not thread-safe.
 */
public final class EvaluationSuite {
  private final ExampleEvaluator evaluator;
  private final MetricSums sums;

  /** A suite over {@code numLabels} labels with the default policy {@link ZeroDivisionPolicy#SPEC}. */
  public EvaluationSuite(int numLabels) {
    this(numLabels, ZeroDivisionPolicy.defaults(), true);
  }

  /** A suite over {@code numLabels} labels with the given zero-division policy. */
  public EvaluationSuite(int numLabels, ZeroDivisionPolicy policy) {
    this(numLabels, policy, true);
  }

  /**
   * A suite over {@code numLabels} labels.
   *
   * @param ranking whether to compute the ranking metrics (ranking loss, one-error, coverage, average
   *     precision); when false they are reported as NaN and each example costs O(L)
   * @throws IllegalArgumentException if {@code numLabels < 1}
   */
  public EvaluationSuite(int numLabels, ZeroDivisionPolicy policy, boolean ranking) {
    this.evaluator = new ExampleEvaluator(numLabels, policy, ranking);
    this.sums = new MetricSums(numLabels, policy);
  }

  /**
   * Adds one example: truth Y and the learner's scores (Ŷ = {i : s_i > s_{L+1}}).
   *
   * @throws IllegalArgumentException if a true label is not below L, the scores have another L, or a
   *     score is NaN
   */
  public void accept(LabelSet truth, Scores scores) {
    evaluator.evaluate(truth, scores);
    sums.add(evaluator);
  }

  /**
   * In place: adds every example of {@code other} to this suite.
   *
   * @throws IllegalArgumentException if L, the policy or the ranking switch differ
   */
  public void merge(EvaluationSuite other) {
    if (other.evaluator.ranking != evaluator.ranking) {
      throw new IllegalArgumentException("cannot merge a suite with ranking=" + other.evaluator.ranking + " into one with ranking=" + evaluator.ranking);
    }
    sums.merge(other.sums);
  }

  /**
   * Writes the suite's exact state (L, policy, ranking switch, every sum and count), for checkpoints of
   * streaming engines: {@link #read} restores a suite that reports, merges and continues bit for bit as
   * this one would.
   */
  public void write(java.io.DataOutput out) throws java.io.IOException {
    out.writeInt(numLabels());
    out.writeUTF(policy().name());
    out.writeBoolean(ranking());
    sums.write(out);
  }

  /**
   * Reads a suite written by {@link #write}.
   *
   * @throws java.io.IOException if reading fails or the state is not one {@link #write} wrote
   */
  public static EvaluationSuite read(java.io.DataInput in) throws java.io.IOException {
    int numLabels = in.readInt();
    if (numLabels < 1) {
      throw new java.io.IOException("not an evaluation suite state: " + numLabels + " labels");
    }
    ZeroDivisionPolicy policy;
    try {
      policy = ZeroDivisionPolicy.valueOf(in.readUTF());
    } catch (IllegalArgumentException e) {
      throw new java.io.IOException("not an evaluation suite state: " + e.getMessage(), e);
    }
    EvaluationSuite suite = new EvaluationSuite(numLabels, policy, in.readBoolean());
    suite.sums.read(in);
    return suite;
  }

  /** Number of examples accepted. */
  public long count() {
    return sums.examples;
  }

  /** Number of labels L. */
  public int numLabels() {
    return evaluator.numLabels;
  }

  /** The zero-division policy. */
  public ZeroDivisionPolicy policy() {
    return evaluator.policy;
  }

  /** Whether the ranking metrics are computed. */
  public boolean ranking() {
    return evaluator.ranking;
  }

  /** The value of one metric so far (cheaper than a full {@link #report()} for most metrics). */
  public double value(Measure measure) {
    return !evaluator.ranking && measure.needsRanking() ? Double.NaN : sums.value(measure);
  }

  /** An immutable snapshot of every metric over the examples accepted so far. */
  public MetricReport report() {
    return sums.report(evaluator.ranking);
  }

  /** Forgets every accepted example. */
  public void reset() {
    sums.clear();
  }

  /** A new, empty suite with the same L, policy and ranking switch (e.g. one per thread). */
  public EvaluationSuite newEmpty() {
    return new EvaluationSuite(evaluator.numLabels, evaluator.policy, evaluator.ranking);
  }
}
