package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import java.util.List;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The JIT warm-up drives every registered kind through its training, prediction and metrics paths, and stops. */
class JitWarmupTest {
  static Stream<Settings> settings() {
    return LearnerRegistry.all().stream().map(spec -> spec.defaults());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void everyKindTakesTheSyntheticStreamAndStopsOnClose(Settings settings) throws InterruptedException {
    JitWarmup warmup = JitWarmup.start(settings, 7, 40, 60_000_000_000L);
    long deadline = System.nanoTime() + 30_000_000_000L;
    // past the initial block of the learners that have one (the warm-up tells them 4,096 examples)
    while (warmup.examples() < 2_000 && warmup.failure() == null && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    warmup.close();
    assertNull(warmup.failure(), () -> settings + " refused the warm-up stream: " + warmup.failure());
    assertTrue(warmup.examples() >= 2_000, () -> settings + " warmed up on only " + warmup.examples() + " examples in 30 s");
    long after = warmup.examples();
    Thread.sleep(20);
    assertEquals(after, warmup.examples(), "the warm-up went on after close()");
  }

  @Test
  void stopsOnItsOwnAtItsTimeLimit() throws InterruptedException {
    JitWarmup warmup = JitWarmup.start(LearnerRegistry.get("falt").defaults(), 3, 5, 1_000_000L);
    Thread.sleep(200);
    long after = warmup.examples();
    Thread.sleep(20);
    assertEquals(after, warmup.examples(), "the warm-up ran past its time limit");
    warmup.close();
  }

  @Test
  void dropsALearnerThatHoldsTooMuchOfTheHeap() throws InterruptedException {
    LearnerSpec heavy = new LearnerSpec() {
      @Override
      public String name() {
        return "heavy";
      }

      @Override
      public String description() {
        return "reports more memory than the heap has";
      }

      @Override
      public List<Parameter<?>> parameters() {
        return List.of();
      }

      @Override
      public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
        return new FakeLearners.FrequencyLearner(context.numLabels()) {
          @Override
          public long ramBytesUsed() {
            return Runtime.getRuntime().maxMemory();
          }
        };
      }

      @Override
      public ModelCodec codec() {
        throw new UnsupportedOperationException();
      }
    };
    JitWarmup warmup = JitWarmup.start(heavy.defaults(), 4, 8, 60_000_000_000L);
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (warmup.failure() == null && warmup.examples() == 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    warmup.close();
    assertEquals(0, warmup.examples(), "it trained the heavy learner");
    assertTrue(String.valueOf(warmup.failure()).contains("heap"), String.valueOf(warmup.failure()));
  }

  @Test
  void refusesNoLabels() {
    assertThrows(IllegalArgumentException.class, () -> JitWarmup.start(LearnerRegistry.get("falt").defaults(), 0, 5, 1L));
  }
}
