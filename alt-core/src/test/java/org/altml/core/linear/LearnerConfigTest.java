package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.baseline.PaConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class LearnerConfigTest {
  static void rejects(String expected, Executable e) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    assertTrue(ex.getMessage().contains(expected), ex.getMessage());
  }

  @Test
  void validatesNamingParameterAndValue() {
    rejects("eta must be positive and finite: 0.0", () -> new FaltConfig(0f, 1));
    rejects("eta must be positive and finite: NaN", () -> new FaltConfig(Float.NaN, 1));
    rejects("eta must be positive and finite: Infinity", () -> new SaltConfig(Float.POSITIVE_INFINITY, 1, 1));
    rejects("delta must be positive and finite: -1.0", () -> new SaltConfig(1, -1, 1));
    rejects("maxUpdatesPerExample (M) must be >= 1: 0", () -> new FaltConfig(1, 0));
    rejects("c must be positive and finite: 0.0", () -> new PaConfig(PaConfig.Variant.PA2, 0, 1));
    assertThrows(NullPointerException.class, () -> new PaConfig(null, 1, 1));
  }

  @Test
  void defaultsAndWithers() {
    assertEquals(new FaltConfig(1, 1), FaltConfig.defaults());
    assertEquals(new SaltConfig(1, 1, 1), SaltConfig.defaults());
    assertEquals(new PaConfig(PaConfig.Variant.PA1, 1, 1), PaConfig.defaults());
    assertEquals(new SaltConfig(2, 0.5f, 3), SaltConfig.defaults().withEta(2).withDelta(0.5f).withMaxUpdatesPerExample(3));
    assertEquals(new PaConfig(PaConfig.Variant.PA2, 4, 2),
        PaConfig.defaults().withVariant(PaConfig.Variant.PA2).withC(4).withMaxUpdatesPerExample(2));
    assertEquals(false, LearnerOptions.defaults().bias());
  }

  @Test
  void maxUpdatesFromFactor() {
    assertEquals(1, LearnerConfig.maxUpdatesFromFactor(0.125, 6), "ceil(0.75)");
    assertEquals(2, LearnerConfig.maxUpdatesFromFactor(0.25, 6), "ceil(1.5)");
    assertEquals(13, LearnerConfig.maxUpdatesFromFactor(0.125, 101), "ceil(12.625)");
    assertEquals(404, LearnerConfig.maxUpdatesFromFactor(4, 101));
    assertEquals(1, LearnerConfig.maxUpdatesFromFactor(1e-9, 1));
    rejects("m must be positive", () -> LearnerConfig.maxUpdatesFromFactor(0, 6));
    rejects("numLabels", () -> LearnerConfig.maxUpdatesFromFactor(1, 0));
  }
}
