package org.altml.bench.core;

import java.util.concurrent.TimeUnit;
import org.altml.bench.state.LearnerState;
import org.altml.bench.state.RealDataset;
import org.altml.sparse.data.Dataset;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link LearnerBenchmark}'s online round on real data (bibtex, rcv1subset1), ns per example, for the same
 * registered learners and precisions ({@link LearnerState}). Needs the shared datasets
 * ({@code -Dalt.datasets=PATH}); without them every trial fails at set-up with "dataset absent" (see
 * {@link RealDataset}): exclude the class with {@code -e RealData}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = "--add-modules=jdk.incubator.vector", jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class RealDataLearnerBenchmark {
  /** Examples per invocation. */
  public static final int BLOCK = LearnerBenchmark.BLOCK;

  /** An evolving learner, reset per iteration, and a cursor into the stream. */
  @State(Scope.Thread)
  public static class Online extends LearnerState {
    /** Creates the state; JMH sets the parameters. */
    public Online() {}

    /** A fresh learner at the start of the stream, once per iteration. */
    @Setup(Level.Iteration)
    public void reset(RealDataset data) {
      startFresh(data.dataset());
    }
  }

  /** Creates the benchmark. */
  public RealDataLearnerBenchmark() {}

  /** One online round (predict, then learn) per example; ns per example. */
  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public void predictThenUpdate(RealDataset real, Online s, Blackhole bh) {
    Dataset data = real.dataset();
    s.cursor = LearnerBenchmark.onlineBlock(s.model, data, s.cursor, s.x, s.y, s.scores, bh);
  }
}
