package org.altml.core.learner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Learner names ignore case, and near misses find the nearest name ("did you mean"). */
class NameSuggestionTest {
  @Test
  void nearestByEditsWithSwaps() {
    List<String> names = List.of("falt", "salt", "pa1", "pa2", "falt-k");
    assertEquals(Optional.of("falt"), NameSuggestion.nearest("flat", names), "a swap is one edit");
    assertEquals(Optional.of("falt"), NameSuggestion.nearest("FALT", names), "case ignored");
    assertEquals(Optional.of("falt-k"), NameSuggestion.nearest("falt_k", names));
    assertEquals(Optional.empty(), NameSuggestion.nearest("xgboost", names));
    assertEquals(Optional.empty(), NameSuggestion.nearest("falt", names), "a known name needs no suggestion");
    assertEquals(Optional.of("evaluate"), NameSuggestion.nearest("evalute", List.of("evaluate", "experiment")));
    assertEquals(1, NameSuggestion.distance("flat", "falt"));
    assertEquals(2, NameSuggestion.distance("abc", "a"));
  }

  @Test
  void theRegistryIgnoresCaseAndSuggests() {
    assertSame(LearnerRegistry.get("falt"), LearnerRegistry.get("FALT"));
    assertTrue(LearnerRegistry.contains("Salt"));
    assertEquals("falt", LearnerRegistry.get("Falt").defaults().learner());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> LearnerRegistry.get("flat"));
    assertTrue(e.getMessage().startsWith("no learner called 'flat'; did you mean 'falt'? (known: "), e.getMessage());
  }
}
