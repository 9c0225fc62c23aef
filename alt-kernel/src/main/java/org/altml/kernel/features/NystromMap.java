package org.altml.kernel.features;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.altml.core.features.FeatureMap;
import org.altml.core.features.FeatureMapCodec;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.features.MapParameters;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.SymmetricEigen;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * The Nyström map of the RBF kernel (Williams &amp; Seeger, NIPS 2001): with m landmarks l_1..l_m, z(x) =
 * K_mm^{-1/2}·k_m(x), k_m(x)_j = K(x, l_j), K_mm the landmarks' Gram matrix, so that z(x)·z(x') =
 * k_m(x)ᵀ K_mm^{-1} k_m(x'), the kernel projected on the landmarks' span: exact whenever x or x' is a
 * landmark. D = m.
 *
 * <p><b>Landmarks.</b> The first m distinct feature vectors of the training stream, in stream order (an
 * exact repeat adds nothing to the span and would make K_mm singular, so it is skipped). The train-then-test
 * protocol trains on a permutation seeded by {@code --seed}, so there they are a seeded uniform sample of
 * the training set without replacement; prequential runs take the stream's first ones. Until m landmarks
 * are in, the map is not fitted and {@code org.altml.core.features.MappedLearner} keeps the examples and
 * predicts as an untrained learner; a training set with fewer examples than m is refused up front when its
 * size is known.
 *
 * <p><b>Fitting.</b> K_mm = V·diag(λ)·Vᵀ by a symmetric eigen-decomposition in double ({@link
 * SymmetricEigen}), and K_mm^{-1/2} = V·diag(λ^{-1/2})·Vᵀ, stored as m rows of m doubles. The landmark set
 * is <i>degenerate</i> when K_mm is numerically singular, λ_min ≤ 1e-10·λ_max
 * (landmarks nearly equal at this σ², typically σ² far larger than the squared distances in the data): then
 * K_mm^{-1/2} would amplify rounding errors by more than 10^5 and the features would be noise, so fitting
 * fails with an {@link IllegalArgumentException} giving the numerical rank and what to change (a smaller
 * σ² or D).
 *
 * <p><b>Mapping.</b> m kernel values by sparse merges ({@link RbfKernel#squaredDistance}, O(nnz(x) +
 * nnz(l_j)) each), then z = Σ_j k_j·(row j of K_mm^{-1/2}) by {@link VectorMath#combineRows} (the matrix is
 * symmetric), bit-identical whichever vector implementation runs: O(m²) per example, and nothing
 * allocated. Single-threaded; {@link #mapper()} for other threads.
 */
public final class NystromMap implements FeatureMap {
  /** The default number of landmarks D = m: fitting costs O(m³) once, mapping O(m²) per example. */
  public static final int DEFAULT_DIMENSION = 256;
  /** D = m, the number of landmarks. */
  public static final Parameter<Integer> MAP_DIM = MapParameters.mapDim(DEFAULT_DIMENSION);
  /** λ_min / λ_max at or below which K_mm counts as singular. */
  static final double CONDITION_LIMIT = 1e-10;

  private final int m;
  private final double sigmaSquared;
  private final double gamma;
  private final List<SparseVector> landmarks;
  private final Set<SparseVector> distinct;
  private final double[] kernelScratch;
  private double[] projection;
  private double minEigenvalue = Double.NaN;
  private double maxEigenvalue = Double.NaN;

  /**
   * A map that takes its {@code numLandmarks} landmarks from the training examples it is offered.
   *
   * @throws IllegalArgumentException if m is not in [1, {@link MapParameters#MAX_DIMENSION}] or σ² is not
   *     positive and finite
   */
  public NystromMap(int numLandmarks, double sigmaSquared) {
    this.m = MAP_DIM.check(numLandmarks);
    this.sigmaSquared = CommonParameters.SIGMA2.check(sigmaSquared);
    this.gamma = 1.0 / (2.0 * sigmaSquared);
    this.landmarks = new ArrayList<>();
    this.distinct = new HashSet<>();
    this.kernelScratch = new double[m];
  }

  /** The width σ² of the RBF kernel. */
  public double sigmaSquared() {
    return sigmaSquared;
  }

  /** The landmarks kept so far, in stream order (live, unmodifiable). */
  public List<SparseVector> landmarks() {
    return java.util.Collections.unmodifiableList(landmarks);
  }

  @Override
  public FeatureMapSpec spec() {
    return Spec.INSTANCE;
  }

  @Override
  public int dimension() {
    return m;
  }

  @Override
  public boolean isFitted() {
    return projection != null;
  }

  /**
   * Keeps x as a landmark when the map is not fitted and x is new; fits when the m-th arrives. A fit that fails
   * (degenerate landmarks, not enough memory) takes x back out, so the map is as it was before the call: never more
   * than m landmarks, and the next new example is the m-th again (it grew without bound, unfitted, into a model its
   * own codec refused).
   *
   * @throws IllegalArgumentException if the m-th landmark makes the set degenerate (see the class comment)
   */
  @Override
  public void learn(SparseVector x) {
    if (projection != null || distinct.contains(x)) {
      return;
    }
    SparseVector copy = x.copy();
    distinct.add(copy);
    landmarks.add(copy);
    if (landmarks.size() == m) {
      try {
        fit();
      } catch (RuntimeException e) {
        landmarks.remove(m - 1);
        distinct.remove(copy);
        throw e;
      }
    }
  }

  /**
   * Computes K_mm^{-1/2} from the landmarks.
   *
   * @throws IllegalArgumentException if K_mm is numerically singular (see the class comment)
   */
  private void fit() {
    MemoryCheck.require(MemoryCheck.bytes(3L * m * m, Double.BYTES), "the Nyström matrices of " + m + " landmarks",
        "use a smaller mapDim (--map-dim)");
    double[] gram = new double[m * m];
    for (int i = 0; i < m; i++) {
      gram[i * m + i] = 1.0; // K(x, x) = 1
      for (int j = 0; j < i; j++) {
        double k = VectorMath.exp(-gamma * RbfKernel.squaredDistance(landmarks.get(i), landmarks.get(j)));
        gram[i * m + j] = k;
        gram[j * m + i] = k;
      }
    }
    SymmetricEigen eigen = SymmetricEigen.decompose(gram, m); // overwrites gram, which P reuses below
    double[] lambda = eigen.values(); // in the order QL leaves them
    double max = Double.NEGATIVE_INFINITY;
    double min = Double.POSITIVE_INFINITY;
    for (double l : lambda) {
      max = Math.max(max, l);
      min = Math.min(min, l);
    }
    if (!(min > CONDITION_LIMIT * max)) {
      int rank = 0;
      for (double l : lambda) {
        rank += l > CONDITION_LIMIT * max ? 1 : 0;
      }
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "nystrom: the %d landmarks (the first distinct training examples) are degenerate at sigma2 = %s: their Gram matrix"
              + " K_mm is numerically singular (smallest eigenvalue %.3g of the largest %.3g, numerical rank %d of %d)"
              + "; use a smaller sigma2 (--sigma2) or mapDim (--map-dim)",
          m, sigmaSquared, min, max, rank, m));
    }
    double[] inverseRoot = new double[m];
    for (int k = 0; k < m; k++) {
      inverseRoot[k] = 1.0 / Math.sqrt(lambda[k]);
    }
    // P = V·diag(λ^{-1/2})·Vᵀ, summed over k in one fixed order for every entry
    double[] p = gram; // K_mm is no longer needed
    for (int i = 0; i < m; i++) {
      for (int j = 0; j <= i; j++) {
        double s = 0.0;
        for (int k = 0; k < m; k++) {
          s += eigen.vector(i, k) * inverseRoot[k] * eigen.vector(j, k);
        }
        p[i * m + j] = s;
        p[j * m + i] = s;
      }
    }
    projection = p;
    minEigenvalue = min;
    maxEigenvalue = max;
  }

  @Override
  public void map(SparseVector x, double[] out) {
    map(x, out, kernelScratch);
  }

  @Override
  public Mapper mapper() {
    double[] own = new double[m];
    return (x, out) -> map(x, out, own);
  }

  private void map(SparseVector x, double[] out, double[] k) {
    if (projection == null) {
      throw new IllegalStateException("the Nyström map is not fitted: it " + fitState());
    }
    for (int j = 0; j < m; j++) {
      k[j] = VectorMath.exp(-gamma * RbfKernel.squaredDistance(x, landmarks.get(j)));
    }
    VectorMath.combineRows(k, 0, m, projection, 0, m, out, m);
  }

  @Override
  public String fitState() {
    return "holds " + landmarks.size() + " of its " + m + " landmarks (distinct training examples)";
  }

  @Override
  public long ramBytesUsed() {
    long bytes = 128 + (long) m * Double.BYTES;
    for (SparseVector l : landmarks) {
      bytes += 112 + 8L * l.nnz(); // the vector, its two arrays, and its entry in the set
    }
    return bytes + (projection == null ? 0 : (long) projection.length * Double.BYTES);
  }

  @Override
  public Map<String, Object> facts() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("sigma2", sigmaSquared);
    facts.put("landmarks", landmarks.size());
    facts.put("fitted", isFitted());
    if (isFitted()) {
      facts.put("minEigenvalue", minEigenvalue);
      facts.put("maxEigenvalue", maxEigenvalue);
    }
    return facts;
  }

  @Override
  public String toString() {
    return "nystrom(m=" + m + ", sigma2=" + sigmaSquared + ", " + landmarks.size() + " landmarks)";
  }

  /** The {@code nystrom} map kind. */
  public static final class Spec implements FeatureMapSpec {
    static final Spec INSTANCE = new Spec();
    private static final List<Parameter<?>> PARAMETERS = List.of(MAP_DIM, CommonParameters.SIGMA2);
    private static final FeatureMapCodec CODEC = new Codec();

    /** The spec (for {@link java.util.ServiceLoader}). */
    public Spec() {}

    @Override
    public String name() {
      return "nystrom";
    }

    @Override
    public String description() {
      return "Nyström map K_mm^(-1/2)·k_m(x) of the RBF kernel, landmarks the first D distinct training examples"
          + " (Williams & Seeger 2001)";
    }

    @Override
    public List<Parameter<?>> parameters() {
      return PARAMETERS;
    }

    /**
     * A map without landmarks yet.
     *
     * @throws IllegalArgumentException if the training size is known and smaller than m
     */
    @Override
    public FeatureMap create(Settings settings, LearnerContext context) {
      int m = settings.get(MAP_DIM);
      if (context.trainingSize() >= 0 && context.trainingSize() < m) {
        throw new IllegalArgumentException("nystrom takes its mapDim (--map-dim) = " + m + " landmarks from the training"
            + " examples, but there are only " + context.trainingSize() + "; use a smaller mapDim (--map-dim)");
      }
      return new NystromMap(m, settings.get(CommonParameters.SIGMA2));
    }

    @Override
    public FeatureMapCodec codec() {
      return CODEC;
    }
  }

  /**
   * Version 1: int m, double σ², int number of landmarks, each (int nnz, nnz × int index, nnz × float value),
   * boolean fitted, and when fitted double λ_min, double λ_max and K_mm^{-1/2} (m·m doubles, row-major):
   * stored rather than computed again, so a loaded map gives the same bits.
   */
  private static final class Codec implements FeatureMapCodec {
    @Override
    public int version() {
      return 1;
    }

    @Override
    public void write(FeatureMap map, StateOutput out) throws IOException {
      if (!(map instanceof NystromMap n)) {
        throw new IllegalArgumentException("not a nystrom map: " + map.spec().name());
      }
      out.writeInt(n.m);
      out.writeDouble(n.sigmaSquared);
      out.writeInt(n.landmarks.size());
      for (SparseVector l : n.landmarks) {
        out.writeInt(l.nnz());
        for (int k = 0; k < l.nnz(); k++) {
          out.writeInt(l.index(k));
        }
        for (int k = 0; k < l.nnz(); k++) {
          out.writeFloat(l.value(k));
        }
      }
      out.writeBoolean(n.projection != null);
      if (n.projection != null) {
        out.writeDouble(n.minEigenvalue);
        out.writeDouble(n.maxEigenvalue);
        out.writeDoubles(n.projection, 0, n.projection.length);
      }
    }

    @Override
    public FeatureMap read(Settings settings, StateInput in, int version) throws IOException {
      if (version != 1) {
        throw in.corrupt("nystrom body version " + version + " (this build reads version 1)");
      }
      int m = in.readInt();
      double sigmaSquared = in.readDouble();
      if (m != settings.get(MAP_DIM) || Double.compare(sigmaSquared, settings.get(CommonParameters.SIGMA2)) != 0) {
        throw in.corrupt("nystrom holds m = " + m + ", sigma2 = " + sigmaSquared + " but its settings say mapDim = "
            + settings.get(MAP_DIM) + ", sigma2 = " + settings.get(CommonParameters.SIGMA2));
      }
      NystromMap map = new NystromMap(m, sigmaSquared);
      int count = in.readInt();
      if (count < 0 || count > m) {
        throw in.corrupt("nystrom holds " + count + " landmarks of " + m);
      }
      in.requireAllocation(count, 4, 112, "landmarks");
      for (int i = 0; i < count; i++) {
        int nnz = in.readInt();
        in.requireAllocation(nnz, 8, 8, "a landmark's features");
        int[] indices = new int[nnz];
        float[] values = new float[nnz];
        for (int k = 0; k < nnz; k++) {
          indices[k] = in.readInt();
          if (indices[k] < 0 || (k > 0 && indices[k] <= indices[k - 1])) {
            throw in.corrupt("a landmark's feature indices are not increasing and non-negative");
          }
        }
        for (int k = 0; k < nnz; k++) {
          values[k] = in.readFloat();
          if (values[k] == 0f || !Float.isFinite(values[k])) {
            throw in.corrupt("a landmark holds the value " + values[k]);
          }
        }
        SparseVector l = SparseVector.of(indices, values);
        if (!map.distinct.add(l)) {
          throw in.corrupt("landmark " + i + " repeats an earlier one");
        }
        map.landmarks.add(l);
      }
      boolean fitted = in.readBoolean();
      if (fitted != (count == m)) {
        throw in.corrupt("nystrom with " + count + " of " + m + " landmarks is " + (fitted ? "" : "not ") + "fitted");
      }
      if (fitted) {
        double min = in.readDouble();
        double max = in.readDouble();
        in.requireAllocation((long) m * m, Double.BYTES, Double.BYTES, "the Nyström projection");
        double[] p = new double[m * m];
        in.readDoubles(p, 0, p.length);
        for (double v : p) {
          if (!Double.isFinite(v)) {
            throw in.corrupt("the Nyström projection holds " + v);
          }
        }
        map.projection = p;
        map.minEigenvalue = min;
        map.maxEigenvalue = max;
      }
      return map;
    }
  }
}
