package org.altml.bench.core;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The test pass's metrics per example ({@link EvaluationSuite#accept}: the paper's seven and the six others, the
 * ranking ones included), at the RCV1-shaped stream's L = 101 with three true labels and about half the labels above
 * the threshold (the yardstick stream's predictions), over 1,024 precomputed examples. {@code acceptScalar} forks run
 * the {@link VectorMath} kernels in their scalar specification, {@code acceptPanama} on the Vector API, so their
 * ratio is what the SIMD kernels save in the metrics; the trial fails at set-up when the fork did not get the
 * implementation it asked for. Results: ns per example.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MetricsBenchmark {
  private static final int EXAMPLES = 1024;

  /** L, the number of labels. */
  @Param("101")
  public int labels;

  /** True labels per example. */
  @Param("3")
  public int relevant;

  private Scores[] scores;
  private LabelSet[] truth;
  private EvaluationSuite suite;

  @Setup
  public void setUp() {
    String wanted = System.getProperty("alt.vectorization", "auto");
    if (!wanted.equals("auto") && !VectorMath.implementation().startsWith(wanted)) {
      throw new IllegalStateException("asked for " + wanted + ", got " + VectorMath.implementation());
    }
    SplittableRandom r = new SplittableRandom(7);
    scores = new Scores[EXAMPLES];
    truth = new LabelSet[EXAMPLES];
    for (int i = 0; i < EXAMPLES; i++) {
      scores[i] = new Scores(labels);
      float[] s = scores[i].array();
      for (int j = 0; j <= labels; j++) {
        s[j] = (float) r.nextGaussian();
      }
      s[labels] = 0f; // about half the labels above the threshold
      int[] y = r.ints(0, labels).distinct().limit(relevant).toArray();
      truth[i] = LabelSet.of(y);
    }
    suite = new EvaluationSuite(labels, ZeroDivisionPolicy.SPEC);
  }

  @Benchmark
  @OperationsPerInvocation(EXAMPLES)
  @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Dalt.vectorization=scalar"})
  public long acceptScalar() {
    return acceptAll();
  }

  @Benchmark
  @OperationsPerInvocation(EXAMPLES)
  @Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Dalt.vectorization=panama"})
  public long acceptPanama() {
    return acceptAll();
  }

  private long acceptAll() {
    for (int i = 0; i < EXAMPLES; i++) {
      suite.accept(truth[i], scores[i]);
    }
    return suite.count();
  }
}
