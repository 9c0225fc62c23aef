package org.altml.core.elm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.junit.jupiter.api.Test;

/**
 * The ELMs on an open stream (docs/spec.md#open-kinds): their output layer is fixed by construction, so L = 0 is
 * refused at creation naming the kind and --max-labels, and growing L is refused naming the kind.
 */
class ElmOpenStreamTest {
  private static List<LearnerSpec> elms() {
    List<LearnerSpec> elms = LearnerRegistry.names().stream().map(LearnerRegistry::get).filter(s -> s instanceof ElmSpec).toList();
    assertTrue(elms.size() >= 2, "the ELM kinds: " + elms);
    return elms;
  }

  @Test
  void anOpenStartIsRefusedNamingTheKindAndMaxLabels() {
    for (LearnerSpec spec : elms()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> spec.create(spec.defaults().with(ElmSpec.HIDDEN.name(), 8), new LearnerContext(0, 10, -1, 1)), spec.name());
      assertTrue(e.getMessage().contains("the " + spec.name() + " learner's output layer is fixed by construction")
          && e.getMessage().contains("--max-labels"), e.getMessage());
    }
  }

  @Test
  void growingIsRefusedNamingTheKind() {
    for (LearnerSpec spec : elms()) {
      OnlineMultiLabelLearner elm = spec.create(spec.defaults().with(ElmSpec.HIDDEN.name(), 8), new LearnerContext(3, 10, -1, 1));
      assertFalse(elm.growsLabels(), spec.name());
      elm.growLabels(3); // the same L: nothing
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> elm.growLabels(4), spec.name());
      assertTrue(e.getMessage().contains(spec.name()) && e.getMessage().contains("--max-labels"), e.getMessage());
      assertEquals(3, elm.numLabels());
    }
  }
}
