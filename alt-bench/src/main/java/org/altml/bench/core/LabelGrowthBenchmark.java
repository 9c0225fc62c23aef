package org.altml.bench.core;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.altml.bench.state.LearnerState;
import org.altml.bench.state.RegisteredLearners;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LinearLearner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The time of one growth step of a linear learner (docs/spec.md#open-labels): {@code growLabels(L + 1)} of FALT with
 * d = {@code features} rows (RCV1's 47,236) allocated, at L = {@code labels} (10^3, 10^4). {@code step=inPlace}: L + 2
 * fits the stride and each row's threshold weight moves one lane on; {@code step=doubling}: L + 1 fills the stride
 * (the largest such L at or above {@code labels}), so the step doubles it and copies W once. Single shot: the
 * learner is built afresh before every step, outside the time.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 7)
@Fork(value = 1, jvmArgsPrepend = "--add-modules=jdk.incubator.vector", jvmArgsAppend = {"-Xms8g", "-Xmx8g"})
public class LabelGrowthBenchmark {
  /** A FALT learner of d rows, built before each step. */
  @State(Scope.Thread)
  public static class Grown {
    /** L before the step (in place), or where the search for a full stride starts (doubling). */
    @Param({"1000", "10000"})
    public int labels;

    /** {@code inPlace} or {@code doubling}. */
    @Param({"inPlace", "doubling"})
    public String step;

    /** Weight precision (float: 1.9 GB at L = 10^4; double needs twice that, and three times it while doubling). */
    @Param("float")
    public String precision;

    /** d, the rows of W. */
    @Param("47236")
    public int features;

    LinearLearner model;
    int strideBefore;

    /** Creates the state; JMH sets the parameters. */
    public Grown() {}

    /** A learner of d rows at the step's L (W zero, allocated and touched by the VM). */
    @Setup(Level.Invocation)
    public void build() {
      model = null; // the previous step's W may go before this one is allocated
      Settings s = RegisteredLearners.settings("falt", Map.of(CommonParameters.PRECISION.name(), precision));
      int l = labels;
      if (step.equals("doubling")) {
        LinearLearner probe = (LinearLearner) s.spec().create(s, LearnerContext.of(labels));
        l = probe.stride() - 1; // L + 1 fills the stride: the next label doubles it
      } else if (!step.equals("inPlace")) {
        throw new IllegalArgumentException("step is inPlace or doubling: " + step);
      }
      model = (LinearLearner) s.spec().create(s, new LearnerContext(l, features, -1, LearnerState.SEED));
      strideBefore = model.stride();
      boolean doubles = l + 2 > strideBefore;
      if (doubles != step.equals("doubling")) {
        throw new IllegalStateException("L = " + l + ", stride " + strideBefore + ": not a " + step + " step");
      }
    }

    /** Checks the step did what it names. */
    @TearDown(Level.Invocation)
    public void check() {
      if ((model.stride() != strideBefore) != step.equals("doubling")) {
        throw new IllegalStateException(step + " step: stride " + strideBefore + " -> " + model.stride());
      }
    }
  }

  /** Creates the benchmark. */
  public LabelGrowthBenchmark() {}

  /** One label more; ms per step. */
  @Benchmark
  public int growOneLabel(Grown g) {
    g.model.growLabels(g.model.numLabels() + 1);
    return g.model.stride();
  }
}
