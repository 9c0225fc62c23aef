package org.altml.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.core.testing.ModuleRules;
import org.junit.jupiter.api.Test;

/** alt-experiment's module-info exports every package (it has no internal ones). */
class ExperimentModuleTest {
  @Test
  void descriptorKeepsTheModuleRules() {
    assertEquals("org.altml.experiment", ModuleRules.check(Experiment.class).name());
  }
}
