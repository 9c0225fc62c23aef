package org.altml.bench.core;

import java.util.concurrent.TimeUnit;
import org.altml.bench.state.LearnerState;
import org.altml.bench.state.YardstickStream;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Per-example cost of registered learner kinds ({@link LearnerState}: by name through the registry, at
 * their defaults, in float and double weights; FALT, SALT, PA-I and PA-II binary relevance unless
 * {@code -p learner=NAME} names others) on the C yardstick's RCV1-shaped stream ({@link YardstickStream}:
 * d = 47,236, 76 non-zeros, L = 101 and the industries-shaped 314).
 *
 * <p>{@code predictThenUpdate}: one online round per example, over a block of {@value #BLOCK} examples
 * per invocation (the score is ns per example), continuing through the stream across invocations and
 * wrapping at its end; the learner starts from zero at every iteration, not every invocation (JMH sample
 * 38: resetting per invocation would time the reset). {@code predict}: the model trained by one pass
 * over the stream at trial set-up, frozen, predicting the same blocks.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = "--add-modules=jdk.incubator.vector", jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class LearnerBenchmark {
  /** Examples per invocation. */
  public static final int BLOCK = 1000;

  /** An evolving learner, reset per iteration, and a cursor into the stream. */
  @State(Scope.Thread)
  public static class Online extends LearnerState {
    /** Creates the state; JMH sets the parameters. */
    public Online() {}

    /** A fresh learner at the start of the stream, once per iteration. */
    @Setup(Level.Iteration)
    public void reset(YardstickStream stream) {
      startFresh(stream.dataset());
    }
  }

  /** A learner trained by one pass over the stream, then frozen. */
  @State(Scope.Thread)
  public static class Trained extends LearnerState {
    /** Creates the state; JMH sets the parameters. */
    public Trained() {}

    /** One training pass over the whole stream, once per trial; checks that it learnt something. */
    @Setup(Level.Trial)
    public void train(YardstickStream stream) {
      Dataset data = stream.dataset();
      startFresh(data);
      for (int i = 0; i < data.size(); i++) {
        model.update(data.features(i, x), data.labels(i, y));
      }
      long predicted = 0;
      for (int i = 0; i < Math.min(1000, data.size()); i++) {
        model.predict(data.features(i, x), scores);
        predicted += scores.predictedCount();
      }
      if (predicted == 0) {
        throw new IllegalStateException(settings().describe() + " predicts no label after a pass over " + data.name());
      }
    }
  }

  /** Creates the benchmark. */
  public LearnerBenchmark() {}

  /** One online round (predict, then learn) per example; ns per example. */
  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public void predictThenUpdate(YardstickStream stream, Online s, Blackhole bh) {
    Dataset data = stream.dataset();
    s.cursor = onlineBlock(s.model, data, s.cursor, s.x, s.y, s.scores, bh);
  }

  /**
   * {@link #BLOCK} online rounds from example {@code cursor} on, wrapping at the end of {@code data};
   * returns the next cursor. The measured loop of every {@code predictThenUpdate} benchmark.
   */
  static int onlineBlock(
      OnlineMultiLabelLearner model, Dataset data, int cursor, SparseVector x, LabelSet y, Scores scores, Blackhole bh) {
    int n = data.size();
    int i = cursor;
    for (int b = 0; b < BLOCK; b++) {
      model.predictThenUpdate(data.features(i, x), data.labels(i, y), scores);
      bh.consume(scores.threshold());
      if (++i == n) {
        i = 0;
      }
    }
    return i;
  }

  /** Prediction by a frozen model; ns per example. */
  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public void predict(YardstickStream stream, Trained s, Blackhole bh) {
    Dataset data = stream.dataset();
    int n = data.size();
    int i = s.cursor;
    for (int b = 0; b < BLOCK; b++) {
      s.model.predict(data.features(i, s.x), s.scores);
      bh.consume(s.scores.threshold());
      if (++i == n) {
        i = 0;
      }
    }
    s.cursor = i;
  }
}
