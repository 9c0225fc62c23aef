package org.altml.bench.core;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.sparse.SparseVector;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The block sizes of the generated row kernels ({@code alt-core/src/codegen/kernels.properties}) side by side in one
 * run: each {@code passSizes} value runs in its own fork with the passes narrowed to a subset of the generated
 * sizes ({@code -Dalt.vectorization.passSizes}, read once when the kernels load), so a size pays when dropping it
 * makes a kernel slower at some width. {@code all}: every generated size; {@code today}: 1..8, 12, 13, 14, 16 (the
 * sizes kept before the kernels were generated); {@code max8}: passes of at most 8 blocks; {@code pow2}: 1, 2, 4, 8,
 * 16. Widths: the paper's L+1 102, 229 and 314 and 120 (15 double blocks at 512 bits, where a size 15 would
 * serve). Results are bit-identical whatever the sizes (each lane sums in k order); only speed differs.
 *
 * <pre>
 *   java -jar alt-bench/target/benchmarks.jar BlockSizeBenchmark -f 1 -wi 2 -i 3 -w 1 -r 1
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules=jdk.incubator.vector", "-Dalt.vectorization=panama"})
public class BlockSizeBenchmark {
  /** Row width. */
  @Param({"102", "120", "229", "314"})
  public int size;

  /** Which pass sizes the fork keeps: all, today, max8 or pow2. */
  @Param({"all", "today", "max8", "pow2"})
  public String passSizes;

  private static final int FEATURES = 1000;
  private static final int NNZ = 76;

  private float[] rows;
  private float[] coeff;
  private float[] out;
  private double[] rowsDouble;
  private double[] coeffDouble;
  private double[] outDouble;
  private double[] combineCoeff;
  private SparseVector x;
  private int stride;
  private float sign = 1f;

  /** Creates the benchmark; JMH sets the parameters. */
  public BlockSizeBenchmark() {}

  /**
   * Narrows the pass sizes before the kernels load, checks that the fork runs the Vector API, builds seeded data.
   *
   * @throws IllegalStateException if the fork does not run the Vector API or the kernels loaded before
   */
  @Setup(Level.Trial)
  public void setUp() {
    String sizes = switch (passSizes) {
      case "all" -> null;
      case "today" -> "1,2,3,4,5,6,7,8,12,13,14,16";
      case "max8" -> "1,2,3,4,5,6,7,8";
      case "pow2" -> "1,2,4,8,16";
      default -> throw new IllegalArgumentException("passSizes " + passSizes + ": give all, today, max8 or pow2");
    };
    if (sizes != null) {
      System.setProperty("alt.vectorization.passSizes", sizes);
    }
    if (!VectorMath.implementation().startsWith("panama")) {
      throw new IllegalStateException("fork runs " + VectorMath.implementation() + ", not the Vector API");
    }
    SplittableRandom random = new SplittableRandom(0x5EED_0002L);
    stride = Scores.paddedLength(size);
    rows = VectorMathBenchmark.randomArray(random, FEATURES * stride);
    coeff = VectorMathBenchmark.randomArray(random, size);
    out = new float[stride];
    rowsDouble = VectorMathBenchmark.randomDoubles(random, FEATURES * stride);
    coeffDouble = VectorMathBenchmark.randomDoubles(random, size);
    outDouble = new double[stride];
    combineCoeff = VectorMathBenchmark.randomDoubles(random, NNZ);
    x = VectorMathBenchmark.randomSparse(random, FEATURES, NNZ);
  }

  private float flip() {
    sign = -sign;
    return sign;
  }

  /** Row scores over double rows. */
  @Benchmark
  public double[] sparseTimesRowsDouble() {
    VectorMath.sparseTimesRows(x, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** Rank-one update of double rows. */
  @Benchmark
  public void addSparseOuterDouble() {
    VectorMath.addSparseOuter(x, 0.01 * flip(), coeffDouble, rowsDouble, 0, stride, size);
  }

  /** Combination of double rows (kernel scores). */
  @Benchmark
  public double[] combineRowsDouble() {
    VectorMath.combineRows(combineCoeff, 0, combineCoeff.length, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** Row scores over float rows. */
  @Benchmark
  public float[] sparseTimesRows() {
    VectorMath.sparseTimesRows(x, rows, 0, stride, out, size);
    return out;
  }

  /** Rank-one update of float rows. */
  @Benchmark
  public void addSparseOuter() {
    VectorMath.addSparseOuter(x, 0.01f * flip(), coeff, rows, 0, stride, size);
  }
}
