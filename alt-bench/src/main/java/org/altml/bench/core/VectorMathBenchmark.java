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
 * Every {@link VectorMath} kernel, scalar against the Vector API, each pinned to its own fork (after
 * Lucene's {@code VectorUtilBenchmark}): {@code *Scalar} forks run with {@code -Dalt.vectorization=scalar},
 * {@code *Panama} forks with the incubator module and {@code -Dalt.vectorization=panama}. The trial
 * fails at set-up when {@link VectorMath#implementation()} is not the one the fork asked for, so a
 * missing module can never pass scalar numbers off as SIMD ones.
 *
 * <p>{@code size} is the row width: the paper's label counts plus one (7, 15, 20, 102, 160, 229, 314,
 * the threshold being the extra lane) and lane-unfriendly lengths (33, 1000). Row kernels
 * ({@code sparseTimesRows}, {@code addSparseOuter}, {@code adaptiveStep}) touch {@code nnz} rows of a
 * feature-major matrix of {@code features} rows padded to {@link Scores#paddedLength}; with the default
 * 1,000 rows the touched rows stay in cache, so these measure the kernels, not memory (the learner
 * benchmarks and the C yardstick comparison use the full 47,236-row matrix).
 *
 * <p>{@code *Double*} methods run the same kernels on double weight rows ({@code Precision.DOUBLE}, the
 * toolkit's default: float features, double rows, coefficients and outputs) over the same shapes, so that
 * within one fork kind the double/float ratio of a kernel is the price of double precision (target: at
 * most 2.2x for the Vector API row kernels at the learners' widths).
 *
 * <p>Results: ns per call ({@link Mode#AverageTime}); the scalar/Panama ratio of a kernel at a size is
 * its SIMD speed-up (target: at least 4x at 102 on an AVX-512 machine).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class VectorMathBenchmark {
  private static final String SCALAR = "-Dalt.vectorization=scalar";
  private static final String MODULE = "--add-modules=jdk.incubator.vector";
  private static final String PANAMA = "-Dalt.vectorization=panama";

  /** Row width (number of lanes each kernel runs along). */
  @Param({"7", "15", "20", "33", "102", "160", "229", "314", "1000"})
  public int size;

  /** Rows of the feature-major matrix the row kernels address. */
  @Param("1000")
  public int features;

  /** Non-zeros of the sparse vector (RCV1: about 76). */
  @Param("76")
  public int nnz;

  private float[] a;
  private float[] b;
  private float[] y;
  private float[] scaled;
  private float[] coeff;
  private float[] rows;
  private float[] acc;
  private float[] out;
  private int stride;
  private double[] aDouble;
  private double[] yDouble;
  private double[] coeffDouble;
  private double[] rowsDouble;
  private double[] accDouble;
  private double[] outDouble;
  private double[] combineCoeff;
  private SparseVector x;
  private float sign = 1f;

  /** Creates the benchmark; JMH sets the parameters. */
  public VectorMathBenchmark() {}

  /**
   * Checks that the fork runs the implementation it was pinned to, then builds seeded data.
   *
   * @throws IllegalStateException if {@code alt.vectorization} is unset or names another implementation
   */
  @Setup(Level.Trial)
  public void setUp() {
    String wanted = System.getProperty("alt.vectorization");
    String active = VectorMath.implementation();
    if (wanted == null || !active.startsWith(wanted)) {
      throw new IllegalStateException(
          "fork pinned to alt.vectorization=" + wanted + " but VectorMath runs '" + active
              + "' (run through the forks declared here, with the incubator module available)");
    }
    SplittableRandom random = new SplittableRandom(0x5EED_0001L);
    a = randomArray(random, size);
    b = randomArray(random, size);
    y = randomArray(random, size);
    scaled = randomArray(random, size);
    coeff = randomArray(random, size);
    stride = Scores.paddedLength(size);
    rows = randomArray(random, features * stride);
    acc = new float[rows.length];
    out = new float[stride];
    x = randomSparse(random, features, Math.min(nnz, features));
    aDouble = randomDoubles(random, size);
    yDouble = randomDoubles(random, size);
    coeffDouble = randomDoubles(random, size);
    rowsDouble = randomDoubles(random, features * stride);
    accDouble = new double[rowsDouble.length];
    outDouble = new double[stride];
    combineCoeff = randomDoubles(random, Math.min(nnz, features));

    // the kernels must still compute what they claim (checked here, never in the measured methods)
    double expected = 0;
    for (int i = 0; i < size; i++) {
      expected += (double) a[i] * b[i];
    }
    float dot = VectorMath.dot(a, 0, b, 0, size);
    if (Math.abs(dot - expected) > 1e-4 * size) {
      throw new IllegalStateException(active + " dot = " + dot + ", double-precision reference " + expected);
    }
  }

  static float[] randomArray(SplittableRandom random, int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) random.nextDouble(-1, 1);
    }
    return v;
  }

  /** Doubles in (−1, 1), generally not representable in float: double weight rows as learners hold them. */
  static double[] randomDoubles(SplittableRandom random, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = random.nextDouble(-1, 1);
    }
    return v;
  }

  static SparseVector randomSparse(SplittableRandom random, int d, int nnz) {
    // distinct indices by a partial Fisher-Yates shuffle, then sorted
    int[] all = new int[d];
    for (int i = 0; i < d; i++) {
      all[i] = i;
    }
    for (int i = 0; i < nnz; i++) {
      int j = i + random.nextInt(d - i);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    int[] idx = java.util.Arrays.copyOf(all, nnz);
    java.util.Arrays.sort(idx);
    float[] val = new float[nnz];
    for (int k = 0; k < nnz; k++) {
      val[k] = (float) random.nextDouble(0.01, 1);
    }
    return SparseVector.of(idx, val);
  }

  // Each in-place kernel flips a sign or a factor per call so that the data neither grow without
  // bound nor decay into subnormals, whatever the number of invocations.
  private float flip() {
    sign = -sign;
    return sign;
  }

  // ---- dot

  /** {@link VectorMath#dot(float[], int, float[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public float dotScalar() {
    return VectorMath.dot(a, 0, b, 0, size);
  }

  /** {@link VectorMath#dot(float[], int, float[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public float dotPanama() {
    return VectorMath.dot(a, 0, b, 0, size);
  }

  // ---- squaredDistance

  /** {@link VectorMath#squaredDistance(float[], int, float[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public float squaredDistanceScalar() {
    return VectorMath.squaredDistance(a, 0, b, 0, size);
  }

  /** {@link VectorMath#squaredDistance(float[], int, float[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public float squaredDistancePanama() {
    return VectorMath.squaredDistance(a, 0, b, 0, size);
  }

  // ---- axpy (in place on a state array: the stores are the observable result)

  /** {@link VectorMath#axpy(float, float[], int, float[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void axpyScalar() {
    VectorMath.axpy(0.25f * flip(), a, 0, y, 0, size);
  }

  /** {@link VectorMath#axpy(float, float[], int, float[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void axpyPanama() {
    VectorMath.axpy(0.25f * flip(), a, 0, y, 0, size);
  }

  // ---- scale (alternately by 2 and 1/2: exact, bounded)

  /** {@link VectorMath#scale(float, float[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void scaleScalar() {
    VectorMath.scale(flip() > 0 ? 2f : 0.5f, scaled, 0, size);
  }

  /** {@link VectorMath#scale(float, float[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void scalePanama() {
    VectorMath.scale(flip() > 0 ? 2f : 0.5f, scaled, 0, size);
  }

  // ---- sparseTimesRows (FALT/SALT scores)

  /** {@link VectorMath#sparseTimesRows}, scalar fork; returns the scores buffer. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public float[] sparseTimesRowsScalar() {
    VectorMath.sparseTimesRows(x, rows, 0, stride, out, size);
    return out;
  }

  /** {@link VectorMath#sparseTimesRows}, Vector API fork; returns the scores buffer. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public float[] sparseTimesRowsPanama() {
    VectorMath.sparseTimesRows(x, rows, 0, stride, out, size);
    return out;
  }

  // ---- addSparseOuter (FALT row update)

  /** {@link VectorMath#addSparseOuter}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void addSparseOuterScalar() {
    VectorMath.addSparseOuter(x, 0.01f * flip(), coeff, rows, 0, stride, size);
  }

  /** {@link VectorMath#addSparseOuter}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void addSparseOuterPanama() {
    VectorMath.addSparseOuter(x, 0.01f * flip(), coeff, rows, 0, stride, size);
  }

  // ---- adaptiveStep (SALT AdaGrad step)

  /** {@link VectorMath#adaptiveStep}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void adaptiveStepScalar() {
    VectorMath.adaptiveStep(x, coeff, 0.1f * flip(), 1e-3f, rows, acc, 0, stride, size);
  }

  /** {@link VectorMath#adaptiveStep}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void adaptiveStepPanama() {
    VectorMath.adaptiveStep(x, coeff, 0.1f * flip(), 1e-3f, rows, acc, 0, stride, size);
  }

  // ---- double-precision weight rows (Precision.DOUBLE, the toolkit's default): float features x, double
  // rows, coefficients and outputs; same data shapes as the float kernels above, so that the ratio
  // xDouble / x of one fork is the price of double precision

  /** {@link VectorMath#axpy(double, double[], int, double[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void axpyDoubleScalar() {
    VectorMath.axpy(0.25 * flip(), aDouble, 0, yDouble, 0, size);
  }

  /** {@link VectorMath#axpy(double, double[], int, double[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void axpyDoublePanama() {
    VectorMath.axpy(0.25 * flip(), aDouble, 0, yDouble, 0, size);
  }

  /** {@link VectorMath#sparseTimesRows(SparseVector, double[], int, double[], int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] sparseTimesRowsDoubleScalar() {
    VectorMath.sparseTimesRows(x, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** {@link VectorMath#sparseTimesRows(SparseVector, double[], int, double[], int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] sparseTimesRowsDoublePanama() {
    VectorMath.sparseTimesRows(x, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** {@link VectorMath#addSparseOuter(SparseVector, double, double[], double[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void addSparseOuterDoubleScalar() {
    VectorMath.addSparseOuter(x, 0.01 * flip(), coeffDouble, rowsDouble, 0, stride, size);
  }

  /** {@link VectorMath#addSparseOuter(SparseVector, double, double[], double[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void addSparseOuterDoublePanama() {
    VectorMath.addSparseOuter(x, 0.01 * flip(), coeffDouble, rowsDouble, 0, stride, size);
  }

  /** {@link VectorMath#adaptiveStep(SparseVector, double[], double, double, double[], double[], int, int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public void adaptiveStepDoubleScalar() {
    VectorMath.adaptiveStep(x, coeffDouble, 0.1 * flip(), 1e-3, rowsDouble, accDouble, 0, stride, size);
  }

  /** {@link VectorMath#adaptiveStep(SparseVector, double[], double, double, double[], double[], int, int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public void adaptiveStepDoublePanama() {
    VectorMath.adaptiveStep(x, coeffDouble, 0.1 * flip(), 1e-3, rowsDouble, accDouble, 0, stride, size);
  }

  // ---- combineRows (kernel scores Σ_k K_k·α_k, ELM's h·β): the first nnz rows of the matrix, back to
  // back, with double coefficients; same number of rows and row length as the sparse kernels above

  /** {@link VectorMath#combineRows(double[], int, int, double[], int, int, double[], int)}, scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] combineRowsDoubleScalar() {
    VectorMath.combineRows(combineCoeff, 0, combineCoeff.length, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** {@link VectorMath#combineRows(double[], int, int, double[], int, int, double[], int)}, Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] combineRowsDoublePanama() {
    VectorMath.combineRows(combineCoeff, 0, combineCoeff.length, rowsDouble, 0, stride, outDouble, size);
    return outDouble;
  }

  /** {@link VectorMath#combineRows(double[], int, int, float[], int, int, double[], int)} (float rows), scalar fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] combineRowsFloatRowsScalar() {
    VectorMath.combineRows(combineCoeff, 0, combineCoeff.length, rows, 0, stride, outDouble, size);
    return outDouble;
  }

  /** {@link VectorMath#combineRows(double[], int, int, float[], int, int, double[], int)} (float rows), Vector API fork. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] combineRowsFloatRowsPanama() {
    VectorMath.combineRows(combineCoeff, 0, combineCoeff.length, rows, 0, stride, outDouble, size);
    return outDouble;
  }
}
