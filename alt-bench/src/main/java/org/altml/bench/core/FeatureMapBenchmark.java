package org.altml.bench.core;

import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.altml.core.features.FeatureMap;
import org.altml.kernel.features.NystromMap;
import org.altml.kernel.features.RandomFourierFeatures;
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
 * The random-feature maps, ns per mapped example z(x) ∈ R^D (what a mapped learner pays before its own step):
 *
 * <ul>
 *   <li>{@code rff}: Ωx by nnz axpys of length D over Ω's feature-major rows, then D cosines; rows in double or, in
 *       front of a float learner, in float ({@code rows});</li>
 *   <li>{@code nystrom}: the m = D kernel values of x against the landmarks, then K_mm^{-1/2}·k (a D×D product).</li>
 * </ul>
 *
 * <p>Shapes ({@code shape}): {@code sparse}, RCV1's (47,236 features, 76 non-zeros per example, so Ω's rows of
 * an example are scattered over 379 MB at D = 1,000 in double); {@code dense}, mediamill's (120 features, all
 * present). 1,024 seeded examples, visited in turn; Nyström's landmarks are the first D of them. {@code rows} does
 * not apply to {@code nystrom} (run it with {@code -p rows=double}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = "--add-modules=jdk.incubator.vector", jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FeatureMapBenchmark {
  private static final int EXAMPLES = 1024;

  /** The input's shape: {@code sparse} (RCV1) or {@code dense} (mediamill). */
  @Param({"sparse", "dense"})
  public String shape;

  /** D. */
  @Param("1000")
  public int mapDim;

  /** The precision of rff's rows: {@code double}, or {@code float} (a float learner's). */
  @Param({"double", "float"})
  public String rows;

  private SparseVector[] xs;
  private FeatureMap rff;
  private FeatureMap nystrom;
  private double[] out;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom r = new SplittableRandom(11);
    boolean sparse = shape.equals("sparse");
    int d = sparse ? 47_236 : 120;
    int nnz = sparse ? 76 : 120;
    xs = new SparseVector[EXAMPLES];
    for (int i = 0; i < EXAMPLES; i++) {
      TreeSet<Integer> idx = new TreeSet<>();
      while (idx.size() < nnz) {
        idx.add(sparse ? r.nextInt(d) : idx.size());
      }
      int[] ii = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] vv = new float[nnz];
      double norm = 0;
      for (int k = 0; k < nnz; k++) {
        vv[k] = (float) r.nextDouble(0.01, 1);
        norm += (double) vv[k] * vv[k];
      }
      for (int k = 0; k < nnz; k++) {
        vv[k] = (float) (vv[k] / Math.sqrt(norm));
      }
      xs[i] = SparseVector.of(ii, vv);
    }
    RandomFourierFeatures map = new RandomFourierFeatures(mapDim, 1.0, 7L, rows.equals("float"));
    map.learn(SparseVector.of(new int[] {d - 1}, new float[] {1f})); // every row held
    rff = map;
    NystromMap ny = new NystromMap(Math.min(mapDim, EXAMPLES), 1.0);
    for (int i = 0; i < EXAMPLES && !ny.isFitted(); i++) {
      ny.learn(xs[i]);
    }
    nystrom = ny;
    out = new double[mapDim];
  }

  private SparseVector nextExample() {
    SparseVector x = xs[next];
    next = (next + 1) % EXAMPLES;
    return x;
  }

  @Benchmark
  public double[] rff() {
    rff.map(nextExample(), out);
    return out;
  }

  @Benchmark
  public double[] nystrom() {
    nystrom.map(nextExample(), out);
    return out;
  }
}
