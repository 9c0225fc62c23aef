package org.altml.core.learner;

import java.util.List;

/**
 * An optional capability of a learner kind ({@link LearnerSpec#averaging()}): the average of several models
 * of the kind, as data-parallel training by parameter mixing needs it (p workers learn online from their
 * share of the stream, and their models are averaged; McDonald, Hall and Mann 2010, "Distributed training
 * strategies for the structured perceptron"). Engines use only this interface, never a learner class, so a
 * kind that can be averaged works everywhere once its spec returns an averaging.
 *
 * <p>The linear kinds average W (bias row included) element-wise with equal weights; what happens to a kind's
 * other state (SALT's accumulator) is documented by the kind. The counters of the average are the sums of the
 * models' counters: it summarises every example the models learned from.
 */
public interface ModelAveraging {
  /**
   * A new learner whose model is the element-wise mean of the models of {@code learners} (at least one, all
   * of this kind, with equal settings and label count); the inputs are not changed. The mean is taken in
   * double and stored in the learners' precision; the summation order is the list's, so the result is
   * deterministic.
   *
   * @throws IllegalArgumentException if the list is empty or the learners differ in kind, settings or L
   */
  OnlineMultiLabelLearner average(List<? extends OnlineMultiLabelLearner> learners);
}
