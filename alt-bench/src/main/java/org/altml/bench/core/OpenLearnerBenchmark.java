package org.altml.bench.core;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.altml.bench.state.LearnerState;
import org.altml.bench.state.RegisteredLearners;
import org.altml.bench.state.YardstickStream;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.linear.LinearLearner;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cost of an open label set once it stops growing (docs/spec.md#open-labels): per-example time of FALT and SALT
 * on the yardstick's RCV1-shaped stream ({@link YardstickStream}), created with L ({@code growth=fixed}) or created
 * with no label and grown to L one label at a time before the stream starts ({@code growth=open}: W's rows doubled
 * their stride on the way, 128 lanes for L = 101 where the fixed learner's rows hold 104 doubles or 112 floats). The
 * two should cost the same: the kernels compute the lanes L+1 needs whatever the stride. The round is {@link
 * LearnerBenchmark#predictThenUpdate}'s: {@value LearnerBenchmark#BLOCK} examples an invocation, the learner fresh
 * every iteration.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = "--add-modules=jdk.incubator.vector", jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class OpenLearnerBenchmark {
  /** A learner fresh every iteration, fixed-L or grown to L, and a cursor into the stream. */
  @State(Scope.Thread)
  public static class Learner {
    /** The linear kind. */
    @Param({"falt", "salt"})
    public String kind;

    /** Weight precision. */
    @Param({"float", "double"})
    public String precision;

    /** {@code fixed}: created with L; {@code open}: created with L = 0 and grown label by label to L. */
    @Param({"fixed", "open"})
    public String growth;

    OnlineMultiLabelLearner model;
    Scores scores;
    int cursor;
    final SparseVector x = new SparseVector();
    final LabelSet y = new LabelSet();

    /** Creates the state; JMH sets the parameters. */
    public Learner() {}

    /** A fresh learner at the start of the stream, once per iteration (d not given, as the learner benchmarks). */
    @Setup(Level.Iteration)
    public void reset(YardstickStream stream) {
      Dataset data = stream.dataset();
      int labels = data.numLabels();
      Settings s = RegisteredLearners.settings(kind, Map.of(CommonParameters.PRECISION.name(), precision));
      boolean open = growth.equals("open");
      if (!open && !growth.equals("fixed")) {
        throw new IllegalArgumentException("growth is fixed or open: " + growth);
      }
      model = s.spec().create(s, new LearnerContext(open ? 0 : labels, 0, data.size(), LearnerState.SEED));
      for (int l = 1; open && l <= labels; l++) {
        model.growLabels(l);
      }
      if (model.numLabels() != labels || !(model instanceof LinearLearner linear)) {
        throw new IllegalStateException(kind + " is not a linear learner of L = " + labels);
      }
      if (open && linear.stride() == linear.weights().lanes()) {
        throw new IllegalStateException("the grown learner's stride did not pass its lanes: nothing to measure");
      }
      scores = new Scores(labels);
      cursor = 0;
    }
  }

  /** Creates the benchmark. */
  public OpenLearnerBenchmark() {}

  /** One online round (predict, then learn) per example; ns per example. */
  @Benchmark
  @OperationsPerInvocation(LearnerBenchmark.BLOCK)
  public void predictThenUpdate(YardstickStream stream, Learner s, Blackhole bh) {
    s.cursor = LearnerBenchmark.onlineBlock(s.model, stream.dataset(), s.cursor, s.x, s.y, s.scores, bh);
  }
}
