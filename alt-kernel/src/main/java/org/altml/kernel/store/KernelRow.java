package org.altml.kernel.store;

import java.util.Arrays;
import org.altml.core.math.VectorMath;
import org.altml.sparse.MemoryCheck;
import org.altml.sparse.SparseVector;

/**
 * A caller's scratch for {@link SupportVectorStore#kernelRow}: the kernel values of one vector against
 * every slot, and a dense scatter of the vector's features. One per thread; grows by doubling with the
 * store, so steady state allocates nothing.
 */
public final class KernelRow {
  double[] values = new double[16];
  private double[] exponents = new double[0];
  boolean keepExponents;
  double[] scatter = new double[0];
  private float[] floats = new float[0];
  private float[] floatNorms = new float[0];
  private float[] floatScores = new float[0];
  private int[] own = new int[0];
  private int[] waiting = new int[0];
  final SparseVector view = new SparseVector();

  /** An empty row. */
  public KernelRow() {}

  /** The kernel values: entry k is K(x, x_k) after {@link SupportVectorStore#kernelRow}; live, grows. */
  public double[] values() {
    return values;
  }

  /**
   * Whether the RBF rows computed into this row also keep their exponents ({@link #exponents()}; off by
   * default: it costs a copy per row).
   */
  public void keepExponents(boolean keep) {
    keepExponents = keep;
  }

  /**
   * With {@link #keepExponents} on and an RBF kernel: entry k is u_k = −||x − x_k||²/(2σ²) of the last row, so
   * that {@code values()[k]} is exactly {@link VectorMath#exp(double) exp}(u_k) ({@link SupportVectorStore#valueOfExponent}(u_k)
   * in float mode); live, grows.
   */
  public double[] exponents() {
    return exponents;
  }

  /** Copies the first {@code n} values, exponents at this point of a row's computation, to {@link #exponents}. */
  void keptExponents(int n) {
    System.arraycopy(values, 0, exponents(n), 0, n);
  }

  /** {@link #exponents}, at least {@code n} long (doubling). */
  double[] exponents(int n) {
    if (exponents.length < n) {
      exponents = new double[Math.max(n, 2 * exponents.length)];
    }
    return exponents;
  }

  /** Float mode's scratch of a row: at least {@code n} floats. */
  float[] floats(int n) {
    floats = atLeast(floats, n);
    return floats;
  }

  /** Float mode's running scores of a row: at least {@code n} floats. */
  float[] floatScores(int n) {
    floatScores = atLeast(floatScores, n);
    return floatScores;
  }

  /** Float mode's squared norms of the slots, rounded to float: at least {@code n}. */
  float[] floatNorms(int n) {
    floatNorms = atLeast(floatNorms, n);
    return floatNorms;
  }

  /** Scratch for the slots whose distances a row computes itself, at least {@code n} long. */
  int[] ownSlots(int n) {
    if (own.length < n) {
      own = new int[Math.max(n, 2 * own.length)];
    }
    return own;
  }

  /** Scratch for the slots whose distances another thread is computing, at least {@code n} long. */
  int[] waitingSlots(int n) {
    if (waiting.length < n) {
      waiting = new int[Math.max(n, 2 * waiting.length)];
    }
    return waiting;
  }

  /** Makes room for {@code size} values and a scatter of {@code numFeatures} entries (doubling). */
  public void ensure(int size, int numFeatures) {
    if (values.length < size) {
      values = Arrays.copyOf(values, Math.max(size, 2 * values.length));
    }
    scatter = grownScatter(scatter, numFeatures, "a kernel row's scatter array"); // all zeros between calls
  }

  /** Approximate bytes of heap held. */
  public long ramBytesUsed() {
    return 64 + 8L * (values.length + exponents.length + scatter.length)
        + 4L * (own.length + waiting.length + floats.length + floatNorms.length + floatScores.length);
  }

  /**
   * {@code scatter}, or a new array of zeros of at least {@code numFeatures} doubles (doubling) when it is shorter: one
   * double per feature index, so a stray index far beyond the data's is refused here ({@code what} names the array),
   * not an OutOfMemoryError. For every scatter array of a kernel row's kind (a merge's too).
   */
  public static double[] grownScatter(double[] scatter, int numFeatures, String what) {
    if (scatter.length >= numFeatures) {
      return scatter;
    }
    int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(numFeatures, 2L * scatter.length));
    MemoryCheck.require(8L * n, what + " over " + numFeatures + " feature indices (the largest index + 1)",
        "check the data for a stray feature index");
    return new double[n];
  }

  /** Float scratch: {@code a} if it holds {@code n} values, else a new array of at least n and twice a's length (the contents go). */
  static float[] atLeast(float[] a, int n) {
    return a.length < n ? new float[Math.max(n, 2 * a.length)] : a;
  }
}
