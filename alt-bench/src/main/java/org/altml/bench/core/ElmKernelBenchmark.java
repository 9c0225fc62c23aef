package org.altml.bench.core;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import org.altml.core.math.VectorMath;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The ELM learners' cost centre: the update of the H×H matrix P of the recursive least squares, one
 * example ({@code rows} = 1: the symmetric rank-one update P ← P − u·uᵀ, H·(H+1) flops on the upper triangle)
 * or a block of B examples ({@code rows} = B: the symmetric rank-B update P ← P − VᵀV, B·H·(H+1) flops, and
 * the product U = H_b·P, 2·B·H² flops, that precedes it), and the core's double-precision FMA peak measured
 * the same way ({@link #fmaPeak}: 16 independent chains of fused multiply-adds on registers, 2·lanes flops
 * each). GFLOP/s = flops / (ns per call); docs/performance.md sets each beside the peak.
 *
 * <p>{@code *Scalar} methods run in forks with {@code -Dalt.vectorization=scalar} (the specification),
 * {@code *Panama} ones with the Vector API; set-up fails when the active implementation is not the
 * pinned one. P stays bounded: the sign of the update alternates from call to call.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ElmKernelBenchmark {
  private static final String SCALAR = "-Dalt.vectorization=scalar";
  private static final String MODULE = "--add-modules=jdk.incubator.vector";
  private static final String PANAMA = "-Dalt.vectorization=panama";
  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
  private static final int PEAK_STEPS = 1 << 16;

  /** H. */
  @Param({"1000"})
  public int hidden;

  /** Rows of the update: 1 (one example, rank one) or B (a block of examples). */
  @Param({"1", "8", "64"})
  public int rows;

  private double[] p;
  private double[] a;
  private double[] u;
  private boolean subtract;

  @Setup
  public void setUp(org.openjdk.jmh.infra.BenchmarkParams params) {
    boolean wantScalar = params.getBenchmark().endsWith("Scalar");
    String impl = VectorMath.implementation();
    if (wantScalar != impl.equals("scalar")) {
      throw new IllegalStateException(params.getBenchmark() + " runs with " + impl);
    }
    SplittableRandom r = new SplittableRandom(7);
    p = new double[hidden * hidden];
    for (int i = 0; i < hidden; i++) {
      for (int j = i; j < hidden; j++) {
        double v = r.nextDouble(-1, 1) * 1e-3 + (i == j ? 1.0 : 0.0);
        p[i * hidden + j] = v;
        p[j * hidden + i] = v;
      }
    }
    a = new double[rows * hidden];
    for (int i = 0; i < a.length; i++) {
      a[i] = r.nextDouble(-1, 1) * 1e-2;
    }
    u = new double[rows * hidden];
  }

  /** P ← P ∓ AᵀA (k = rows): the RLS downdate of P, upper triangle computed, mirrored below. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] symmetricRankUpdatePanama() {
    subtract = !subtract;
    VectorMath.symmetricRankUpdate(subtract, a, 0, hidden, rows, hidden, p, 0, hidden);
    return p;
  }

  /** The specification of {@link #symmetricRankUpdatePanama}. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] symmetricRankUpdateScalar() {
    subtract = !subtract;
    VectorMath.symmetricRankUpdate(subtract, a, 0, hidden, rows, hidden, p, 0, hidden);
    return p;
  }

  /**
   * The P update of one block as the learners run it (OsmlElm.absorbRows, ElmOmll per label), less its
   * B×B Cholesky factor and triangular solve (about 2% of the flops at B = 64, H = 1,000): the product
   * U = A·P, then the symmetric rank-B update P ∓ AᵀA. 2·B·H² + B·H·(H+1) flops per call.
   */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] blockUpdatePanama() {
    subtract = !subtract;
    VectorMath.multiply(a, 0, hidden, rows, hidden, p, 0, hidden, hidden, u, 0, hidden, false);
    VectorMath.symmetricRankUpdate(subtract, a, 0, hidden, rows, hidden, p, 0, hidden);
    return p;
  }

  /** U = A·P (rows × H times H × H): the product before the update. */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] multiplyPanama() {
    VectorMath.multiply(a, 0, hidden, rows, hidden, p, 0, hidden, hidden, u, 0, hidden, false);
    return u;
  }

  /** The specification of {@link #multiplyPanama}. */
  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] multiplyScalar() {
    VectorMath.multiply(a, 0, hidden, rows, hidden, p, 0, hidden, hidden, u, 0, hidden, false);
    return u;
  }

  /**
   * The peak: 2^16 steps of 16 independent fused multiply-add chains on preferred-width double vectors
   * (2^16·16·lanes·2 flops per call; 16 chains cover the 4-cycle FMA latency of two FMA pipes).
   */
  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double fmaPeakPanama() {
    DoubleVector x = DoubleVector.broadcast(SPECIES, 0.999999);
    DoubleVector y = DoubleVector.broadcast(SPECIES, 1e-7);
    DoubleVector c0 = DoubleVector.broadcast(SPECIES, 1.0);
    DoubleVector c1 = c0.add(1e-3);
    DoubleVector c2 = c0.add(2e-3);
    DoubleVector c3 = c0.add(3e-3);
    DoubleVector c4 = c0.add(4e-3);
    DoubleVector c5 = c0.add(5e-3);
    DoubleVector c6 = c0.add(6e-3);
    DoubleVector c7 = c0.add(7e-3);
    DoubleVector c8 = c0.add(8e-3);
    DoubleVector c9 = c0.add(9e-3);
    DoubleVector c10 = c0.add(10e-3);
    DoubleVector c11 = c0.add(11e-3);
    DoubleVector c12 = c0.add(12e-3);
    DoubleVector c13 = c0.add(13e-3);
    DoubleVector c14 = c0.add(14e-3);
    DoubleVector c15 = c0.add(15e-3);
    for (int i = 0; i < PEAK_STEPS; i++) {
      c0 = c0.fma(x, y);
      c1 = c1.fma(x, y);
      c2 = c2.fma(x, y);
      c3 = c3.fma(x, y);
      c4 = c4.fma(x, y);
      c5 = c5.fma(x, y);
      c6 = c6.fma(x, y);
      c7 = c7.fma(x, y);
      c8 = c8.fma(x, y);
      c9 = c9.fma(x, y);
      c10 = c10.fma(x, y);
      c11 = c11.fma(x, y);
      c12 = c12.fma(x, y);
      c13 = c13.fma(x, y);
      c14 = c14.fma(x, y);
      c15 = c15.fma(x, y);
    }
    return c0.add(c1).add(c2).add(c3).add(c4).add(c5).add(c6).add(c7).add(c8).add(c9).add(c10).add(c11).add(c12).add(c13).add(c14)
        .add(c15).reduceLanes(jdk.incubator.vector.VectorOperators.ADD);
  }
}
