package org.altml.bench.core;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.Precision;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.BlockScorer;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.sparse.LabelSet;
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
 * The block loops of the kernel learners on the mediamill shape (d = 120, L+1 = 102 coefficients padded to
 * 104 doubles, blocks of b = 64 examples), in ns per call; divide the flops below by the time for the
 * sustained GFLOP/s (a multiply and an add count as 2 flops):
 *
 * <ul>
 *   <li>{@code gramProduct}: G += X_b·S^T for one chunk of {@link BlockScorer#CHUNK} = 128 support
 *       vectors, {@link VectorMath#multiplyAdd}: 2·64·120·128 = 1,966,080 flops;</li>
 *   <li>{@code scoreProduct}: scores += K·A over that chunk: 2·64·128·104 = 1,703,936 flops;</li>
 *   <li>{@code blockScores}: the whole block path ({@link BlockScorer#accumulate}: packing, both products
 *       and the b·n exponentials with {@link Math#exp}) against a store of {@code supportVectors} dense
 *       vectors: 2·64·n·(120 + 104) flops plus 64·n exponentials (n = 4,096: 117.4 Mflop).</li>
 *   <li>{@code *Float*}: the same in float mode (a float store, {@code precision=float}): the products entirely in
 *       float ({@link VectorMath#multiplyAdd(float[], int, int, int, int, float[], int, int, int, float[], int, int)}),
 *       coefficient rows padded to 112 floats: 2·64·120·128 = 1,966,080 and 2·64·128·112 = 1,835,008 flops per chunk,
 *       2·64·n·(120 + 112) flops for the block (n = 4,096: 121.6 Mflop) plus the float exponentials.</li>
 * </ul>
 *
 * <p>{@code *Panama} forks run the Vector API kernels, {@code *Scalar} forks the scalar specification; the
 * set-up fails when the fork's implementation is not the one asked for.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class KernelBlockBenchmark {
  private static final String SCALAR = "-Dalt.vectorization=scalar";
  private static final String MODULE = "--add-modules=jdk.incubator.vector";
  private static final String PANAMA = "-Dalt.vectorization=panama";
  private static final int B = 64;
  private static final int D = 120;
  private static final int W = 102;

  /** Support vectors in the store of {@code blockScores}. */
  @Param("4096")
  public int supportVectors;

  private double[] x;
  private double[] st;
  private double[] g;
  private double[] k;
  private double[] a;
  private double[] scores;
  private SupportVectorStore store;
  private ExampleBlock block;
  private double[] norms;
  private double[] out;
  private final BlockScorer scorer = new BlockScorer();
  private final RbfKernel kernel = new RbfKernel(64.0);
  private int stride;
  private float[] xf;
  private float[] stf;
  private float[] gf;
  private float[] kf;
  private float[] af;
  private float[] scoresFloat;
  private int strideFloat;
  private SupportVectorStore storeFloat;
  private double[] outFloat;

  @Setup(Level.Trial)
  public void setUp() {
    String wanted = System.getProperty("alt.vectorization");
    String active = VectorMath.implementation();
    if (wanted == null || !active.startsWith(wanted)) {
      throw new IllegalStateException("fork pinned to alt.vectorization=" + wanted + " but VectorMath runs '" + active + "'");
    }
    SplittableRandom r = new SplittableRandom(7);
    int chunk = BlockScorer.CHUNK;
    x = random(r, B * D);
    st = random(r, D * chunk);
    g = new double[B * chunk];
    k = random(r, B * chunk);
    store = new SupportVectorStore(W, Precision.DOUBLE, D, supportVectors);
    stride = store.stride();
    a = random(r, chunk * stride);
    scores = new double[B * stride];
    double[] alpha = new double[stride];
    for (int n = 0; n < supportVectors; n++) {
      for (int j = 0; j < W; j++) {
        alpha[j] = r.nextDouble(-0.1, 0.1);
      }
      store.append(denseVector(r), alpha);
    }
    block = new ExampleBlock(B);
    norms = new double[B];
    for (int i = 0; i < B; i++) {
      block.add(i, denseVector(r), new LabelSet());
      norms[i] = block.features(i).squaredNorm();
    }
    out = new double[B * stride];
    xf = randomFloats(r, B * D);
    stf = randomFloats(r, D * chunk);
    gf = new float[B * chunk];
    kf = randomFloats(r, B * chunk);
    storeFloat = new SupportVectorStore(W, Precision.FLOAT, D, supportVectors);
    strideFloat = storeFloat.stride();
    af = randomFloats(r, chunk * strideFloat);
    scoresFloat = new float[B * strideFloat];
    for (int n = 0; n < supportVectors; n++) {
      for (int j = 0; j < W; j++) {
        alpha[j] = r.nextDouble(-0.1, 0.1);
      }
      storeFloat.append(denseVector(r), alpha);
    }
    outFloat = new double[B * strideFloat];
  }

  private static float[] randomFloats(SplittableRandom r, int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) r.nextDouble(-1, 1);
    }
    return v;
  }

  private static double[] random(SplittableRandom r, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextDouble(-1, 1);
    }
    return v;
  }

  private static SparseVector denseVector(SplittableRandom r) {
    int[] idx = new int[D];
    float[] val = new float[D];
    for (int j = 0; j < D; j++) {
      idx[j] = j;
      val[j] = (float) r.nextDouble(0.01, 1);
    }
    return SparseVector.of(idx, val);
  }

  private double[] gram() {
    VectorMath.multiplyAdd(x, 0, D, B, D, st, 0, BlockScorer.CHUNK, BlockScorer.CHUNK, g, 0, BlockScorer.CHUNK);
    return g;
  }

  private double[] score() {
    VectorMath.multiplyAdd(k, 0, BlockScorer.CHUNK, B, BlockScorer.CHUNK, a, 0, stride, stride, scores, 0, stride);
    return scores;
  }

  private double[] block() {
    Arrays.fill(out, 0.0);
    scorer.accumulate(store, kernel, block, 0, B, norms, 0, store.size(), out, stride);
    return out;
  }

  private float[] gramFloat() {
    VectorMath.multiplyAdd(xf, 0, D, B, D, stf, 0, BlockScorer.CHUNK, BlockScorer.CHUNK, gf, 0, BlockScorer.CHUNK);
    return gf;
  }

  private float[] scoreFloat() {
    VectorMath.multiplyAdd(kf, 0, BlockScorer.CHUNK, B, BlockScorer.CHUNK, af, 0, strideFloat, strideFloat, scoresFloat, 0, strideFloat);
    return scoresFloat;
  }

  private double[] blockFloat() {
    Arrays.fill(outFloat, 0.0);
    scorer.accumulate(storeFloat, kernel, block, 0, B, norms, 0, storeFloat.size(), outFloat, strideFloat);
    return outFloat;
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public float[] gramProductFloatPanama() {
    return gramFloat();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public float[] gramProductFloatScalar() {
    return gramFloat();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public float[] scoreProductFloatPanama() {
    return scoreFloat();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] blockScoresFloatPanama() {
    return blockFloat();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] gramProductPanama() {
    return gram();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] gramProductScalar() {
    return gram();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] scoreProductPanama() {
    return score();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = SCALAR)
  public double[] scoreProductScalar() {
    return score();
  }

  @Benchmark
  @Fork(jvmArgsPrepend = {MODULE, PANAMA})
  public double[] blockScoresPanama() {
    return block();
  }
}
