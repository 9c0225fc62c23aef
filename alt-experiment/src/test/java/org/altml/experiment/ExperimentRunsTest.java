package org.altml.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.SharedResources;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;

class ExperimentRunsTest {
  /**
   * The permutation runs of every learner of a dataset share one set of resources over the training rows and
   * the test rows after them, kept only whole (each run visits each id once); the tuning has its own.
   */
  @Test
  void theRunsOfEveryLearnerShareOneIdSpaceOverTrainingAndTestRows() {
    Dataset train = TunerTest.corpus(60, 2);
    Dataset test = TunerTest.corpus(25, 3);
    CountingSpec.contexts.clear();
    Grid grid = Grid.of(new CountingSpec().defaults(), Grid.Mode.NONE, Map.of("eta", List.of("0.5", "1")), Set.of());
    Experiment.Learner tuned = Experiment.Learner.tuned(grid);
    Experiment.Learner given = Experiment.Learner.given(grid.settings().get(0)); // no grid needed
    assertEquals(grid.base().learner(), given.name());
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Experiment.Learner(null, null));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new Experiment.Learner(grid, org.altml.core.learner.LearnerRegistry.get("falt").defaults()));
    Experiment.DatasetPlan plan = new Experiment.DatasetPlan("c", train, test, List.of(tuned, given), FeatureScaling.NONE, "");
    Experiment.Config config = new Experiment.Config(TunerTest.config(Search.FULL, 2), 3, 1L, ZeroDivisionPolicy.SPEC, 0);
    Experiment.DatasetOutcome outcome = Experiment.run(plan, config, null, Experiment.Listener.NONE);
    int folds = config.tuning().folds();
    List<LearnerContext> contexts = CountingSpec.contexts;
    assertEquals(2 * folds + 2 * 3, contexts.size(), "tuning 2 settings x folds, then 3 runs of each learner");
    SharedResources runs = contexts.get(contexts.size() - 1).resources();
    for (LearnerContext c : contexts.subList(2 * folds, contexts.size())) {
      assertSame(runs, c.resources(), "one set for every run of every learner");
    }
    assertNotSame(contexts.get(0).resources(), runs, "the tuning's rows are the training set's alone");
    assertEquals(train.size() + test.size(), runs.numExamples());
    assertEquals(0, runs.firstId(train));
    assertEquals(train.size(), runs.firstId(test));
    assertTrue(runs.wholeOnly());
    assertEquals(1, runs.size(), "the resource is created once");
    assertTrue(outcome.runCaches().isEmpty(), "a resource without counters is not reported: " + outcome.runCaches());
  }

  /**
   * A learning curve has at most N points, evenly spaced, and its last is the end of the pass with the pass's final
   * metrics (n / N rounded down gave 55 points ending at 385 for n = 391 and N = 50).
   */
  @Test
  void aCurveHasAtMostNPointsAndEndsWithThePass() {
    Dataset train = TunerTest.corpus(391, 2);
    Dataset test = TunerTest.corpus(40, 3);
    Experiment.Learner given = Experiment.Learner.given(org.altml.core.learner.LearnerRegistry.get("falt").defaults());
    Experiment.DatasetPlan plan = new Experiment.DatasetPlan("c", train, test, List.of(given), FeatureScaling.NONE, "");
    for (int points : new int[] {50, 391, 7, 1, 1000}) {
      Experiment.Config config = new Experiment.Config(TunerTest.config(Search.FULL, 2), 2, 1L, ZeroDivisionPolicy.SPEC, points);
      Experiment.Curve curve = Experiment.run(plan, config, null, Experiment.Listener.NONE).learners().get(0).curve();
      long[] x = curve.examples();
      assertTrue(x.length <= points && x.length >= Math.min(points, 391) / 2, points + ": " + java.util.Arrays.toString(x));
      assertEquals(391, x[x.length - 1], points + ": the last point is the end of the pass");
      long every = x[0];
      for (int i = 1; i < x.length - 1; i++) {
        assertEquals(every, x[i] - x[i - 1], "evenly spaced");
      }
      if (points == 50) {
        assertEquals(49, x.length); // every 8 examples: 48 points, then the end
      }
    }
  }
}
