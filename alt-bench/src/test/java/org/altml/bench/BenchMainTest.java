package org.altml.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.altml.bench.state.LearnerState;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;

/** The learner benchmarks' default learners come from the registry, not from a list in the code. */
class BenchMainTest {
  @Test
  void theDefaultLearnersAreTheRegisteredLinearKinds() throws Exception {
    List<String> linear = new ArrayList<>();
    for (LearnerSpec spec : LearnerRegistry.all()) {
      if (spec.isLinear()) {
        linear.add(spec.name());
      }
    }
    assertTrue(linear.contains("falt") && linear.size() >= 2, linear.toString());
    assertEquals(linear, BenchMain.linearKinds());
    Options expanded = BenchMain.withRegistryLearners(new CommandLineOptions("LearnerBenchmark"));
    assertEquals(linear, new ArrayList<>(expanded.getParameter(BenchMain.LEARNER).get()));
    Options named = BenchMain.withRegistryLearners(new CommandLineOptions("-p", "learner=salt"));
    assertEquals(List.of("salt"), new ArrayList<>(named.getParameter(BenchMain.LEARNER).get()));
  }

  @Test
  void theDefaultValueUnexpandedFailsTheTrialSayingWhatItStandsFor() {
    LearnerState state = new LearnerState() {};
    state.learner = BenchMain.LINEAR;
    state.precision = "float";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, state::checkLearner);
    assertTrue(e.getMessage().contains("falt") && e.getMessage().contains("-p learner="), e.getMessage());
  }
}
