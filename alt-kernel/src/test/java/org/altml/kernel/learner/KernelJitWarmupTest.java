package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.eval.JitWarmup;
import org.altml.core.learner.LearnerRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The kernel kinds (and a random-feature map in front of FALT) take the JIT warm-up's synthetic stream. */
class KernelJitWarmupTest {
  @ParameterizedTest
  @ValueSource(strings = {"falt-k", "pa1-k", "pa2-k", "falt+rff"})
  void warmsUpWithoutRefusing(String name) throws InterruptedException {
    JitWarmup warmup = JitWarmup.start(LearnerRegistry.get(name).defaults(), 9, 12, 60_000_000_000L);
    for (int i = 0; i < 6_000 && warmup.examples() < 500 && warmup.failure() == null; i++) {
      Thread.sleep(5);
    }
    warmup.close();
    assertNull(warmup.failure(), () -> name + ": " + warmup.failure());
    assertTrue(warmup.examples() >= 500, () -> name + " warmed up on " + warmup.examples() + " examples");
  }
}
