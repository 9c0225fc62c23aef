package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The linear learners' configs are views of their settings: every value comes from the {@link Settings} given to
 * create, validated once by the parameters, and {@code settings()} returns those settings (before, FALT, SALT and PA
 * rebuilt their settings from a config, so a parameter they forgot would have been saved as its default, and an M
 * factor came back as M).
 */
class LearnerConfigTest {
  static void rejects(String expected, Executable e) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    assertTrue(ex.getMessage().contains(expected), ex.getMessage());
  }

  private static LinearLearner create(Settings s, int numLabels) {
    return (LinearLearner) s.spec().create(s, LearnerContext.of(numLabels));
  }

  @Test
  void settingsValidateNamingParameterAndValue() {
    Settings falt = LearnerRegistry.get("falt").defaults();
    rejects("eta (η) must be > 0 and finite: 0.0", () -> falt.with("eta", 0f));
    rejects("eta (η) must be > 0 and finite: NaN", () -> falt.with("eta", Float.NaN));
    rejects("delta (δ) must be > 0 and finite: -1.0", () -> LearnerRegistry.get("salt").defaults().with("delta", -1f));
    rejects("maxUpdates (M) must be in [1, 2147483647]", () -> falt.with("maxUpdates", 0));
    rejects("c (C) must be > 0 and finite: 0.0", () -> LearnerRegistry.get("pa2").defaults().with("c", 0f));
  }

  @Test
  void configsAreTheSettingsValues() {
    Settings s = LearnerRegistry.get("salt").defaults().with("eta", 2f).with("delta", 0.5f).with("maxUpdates", 3);
    Salt salt = (Salt) create(s, 4);
    assertSame(s, salt.settings());
    assertEquals(new SaltConfig(2, 0.5f, 3), salt.config());
    Settings pa = LearnerRegistry.get("pa2").defaults().with("c", 4f).with("maxUpdates", 2).with("bias", true);
    PaBinaryRelevance p = (PaBinaryRelevance) create(pa, 3);
    assertEquals(new PaConfig(PaConfig.Variant.PA2, 4, 2), p.config());
    assertSame(pa, p.settings());
    assertTrue(p.hasBias());
    Falt falt = (Falt) create(LearnerRegistry.get("falt").defaults(), 2);
    assertEquals(new FaltConfig(CommonParameters.ETA.defaultValue(), CommonParameters.MAX_UPDATES.defaultValue()),
        falt.config(), "the defaults are the parameters'");
  }

  /** An M factor stays a factor in the settings; M = max(1, ceil(m·L)) is the config's and what a model file records. */
  @Test
  void anMFactorIsKeptAndResolvedAgainstL() {
    Settings falt = LearnerRegistry.get("falt").defaults();
    int[][] cases = {{125, 6, 1}, {250, 6, 2}, {125, 101, 13}, {4000, 101, 404}};
    for (int[] c : cases) {
      Settings s = falt.with("maxUpdatesFactor", c[0] / 1000.0);
      LinearLearner l = create(s, c[1]);
      assertEquals(s, l.settings(), "as given");
      assertEquals(c[2], l.config().maxUpdatesPerExample(), s.key());
      assertEquals(c[2], l.maxUpdates(), s.key());
      Settings asRun = CommonParameters.asRun(s, c[1]);
      assertEquals(Integer.valueOf(c[2]), asRun.get(CommonParameters.MAX_UPDATES));
      assertTrue(!asRun.isSet(CommonParameters.MAX_UPDATES_FACTOR), asRun.key());
      assertTrue(l.describe().contains(" maxUpdates=" + c[2] + " "), l.describe());
    }
    assertEquals(1, create(falt.with("maxUpdatesFactor", 1e-9), 1).maxUpdates());
  }
}
