package org.altml.experiment.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.LearnerSpec;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.junit.jupiter.api.Test;

/** A block's --learners, --given and --fix as learners to tune or run, checked before any data is read. */
class PlanLearnersTest {
  @Test
  void parameterNamesTakeOptionSpellings() {
    assertEquals("maxUpdatesFactor", PlanLearners.parameterName("falt", "max-updates-factor"));
    assertEquals("maxUpdatesFactor", PlanLearners.parameterName("falt", "--max-updates-factor"));
    assertEquals("maxUpdatesFactor", PlanLearners.parameterName("falt", "maxUpdatesFactor"));
    assertEquals("eta", PlanLearners.parameterName("falt", "--eta"));
    assertEquals("no-such", PlanLearners.parameterName("falt", "no-such"), "left for the settings to refuse");
    assertEquals("eta", PlanLearners.parameterName("nope", "eta"), "an unknown learner is named elsewhere");
    // every registered kind: each parameter by its name, its option and its option without dashes
    for (LearnerSpec kind : LearnerRegistry.all()) {
      for (Parameter<?> p : kind.parameters()) {
        assertEquals(p.name(), PlanLearners.parameterName(kind.name(), p.name()));
        assertEquals(p.name(), PlanLearners.parameterName(kind.name(), p.option()));
        assertEquals(p.name(), PlanLearners.parameterName(kind.name(), p.option().substring(2)));
      }
    }
  }

  @Test
  void learnersAreTunedOrGiven() {
    List<Experiment.Learner> l = PlanLearners.of("", List.of("FALT", "salt"), List.of("falt:eta=0.25"),
        List.of("salt:max-updates-factor=1"), Grid.Mode.COARSE);
    assertEquals(2, l.size());
    assertNotNull(l.get(0).given());
    assertEquals("0.25", String.valueOf(l.get(0).given().values().get("eta")));
    assertNull(l.get(1).given());
    assertTrue(l.get(1).grid().axes().stream().noneMatch(a -> a.parameter().name().equals("maxUpdatesFactor")),
        "a fixed value is not tuned");
  }

  @Test
  void badBlocksAreRefusedWhereTheyAre() {
    String w = "p.plan:2: ";
    String[][] cases = {
      {"falt,falt", "", "", "p.plan:2: --learners names falt twice"},
      {"falt", "falt:eta=1", "falt:eta=1", "p.plan:2: falt: --given sets every value and skips the tuning"},
      {"nope", "", "", "p.plan:2: --learners: "},
      {"falt", "falt", "", "p.plan:2: --given takes LEARNER:NAME=VALUE,...: falt"},
      {"falt", "", "falt:eta", "p.plan:2: --fix takes LEARNER:NAME=VALUE,...: falt:eta"},
      {"falt", "falt:eta=1,--eta=2", "", "p.plan:2: --given sets falt's eta twice"},
      {"falt", "salt:eta=1", "", "p.plan:2: --given names salt, which is not in --learners"},
      {"falt", "", "falt:no-such=1", "p.plan:2: falt: "},
    };
    for (String[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanLearners.of(w,
          List.of(c[0].split(",")), c[1].isEmpty() ? List.of() : List.of(c[1]), c[2].isEmpty() ? List.of() : List.of(c[2]),
          Grid.Mode.PAPER));
      assertTrue(e.getMessage().startsWith(c[3]), c[3] + " <- " + e.getMessage());
    }
  }
}
