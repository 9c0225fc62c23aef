package org.altml.bench.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;

class RegisteredLearnersTest {

  @Test
  void valuesAreSetOnTheKindsThatTakeThemAndTheRestStayAtTheRegistrysDefaults() {
    Map<String, String> values = Map.of("eta", "0.5", "c", "2", "precision", "float");
    Settings falt = RegisteredLearners.settings("falt", values);
    assertEquals(0.5f, falt.get(CommonParameters.ETA));
    assertEquals("float", falt.get(CommonParameters.PRECISION));
    assertEquals(CommonParameters.MAX_UPDATES.defaultValue(), falt.get(CommonParameters.MAX_UPDATES));
    Settings pa1 = RegisteredLearners.settings("pa1", values);
    assertEquals(2f, pa1.get(CommonParameters.C), "pa1 takes c and ignores eta");
    assertEquals(LearnerRegistry.get("salt").defaults(), RegisteredLearners.settings("salt", Map.of()));
  }

  @Test
  void unknownNamesAndBadValuesAreRefusedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RegisteredLearners.settings("nope", Map.of()));
    assertTrue(e.getMessage().contains("falt"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RegisteredLearners.settings("falt", Map.of("eta", "-1")));
  }

  @Test
  void learnerStateBuildsTheNamedKindInTheNamedPrecisionAndFailsFastOnAnUnknownName() {
    LearnerState state = new LearnerState() {};
    state.learner = "salt";
    state.precision = "float";
    state.checkLearner();
    Dataset data = YardstickStream.generate(50, 5, 3, 20);
    state.startFresh(data);
    assertEquals("salt", state.model.name());
    assertEquals("float", state.model.settings().get(CommonParameters.PRECISION));
    assertEquals(5, state.scores.numLabels());

    LearnerState unknown = new LearnerState() {};
    unknown.learner = "nope";
    unknown.precision = "float";
    assertThrows(IllegalArgumentException.class, unknown::checkLearner);
  }
}
