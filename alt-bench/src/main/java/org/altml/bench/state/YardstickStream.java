package org.altml.bench.state;

import java.util.Arrays;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The RCV1-shaped synthetic stream of the C yardstick program {@code falt_limit.c} (kept outside the repository),
 * reproduced example for example and bit for bit, so that ALT and the C program are timed on the same
 * data.
 *
 * <p>The generator copies the C program's: xorshift64 ({@code 13, 7, 17}) from seed
 * {@code 88172645463325252}, {@code u01 = (x >>> 11)·2⁻⁵³}; per example {@code nnz} distinct feature
 * indices {@code ⌊d·u³⌋} (Zipf-like popularity; a repeated index is redrawn), float values {@code u}
 * scaled to unit norm in float arithmetic, then {@code 1 + ⌊5u⌋} labels {@code ⌊L·u⌋} (repeats collapse,
 * as the C program's relevance flags do). The C program keeps each example's indices in draw order;
 * here they are sorted (a {@link SparseVector} requires it), exactly as the C program's LIBSVM dump
 * writes them. {@code YardstickStreamTest} checks the equality against that dump when gcc is present.
 *
 * <p>As a JMH {@link State}, the shape is given by {@link Param}s and the data are built once per
 * trial; {@link #generate} builds the same data outside JMH.
 */
@State(Scope.Benchmark)
public class YardstickStream {
  /** Seed of the C program's xorshift generator. */
  public static final long SEED = 88172645463325252L;

  /** Number of features d (RCV1: 47,236). */
  @Param("47236")
  public int features;

  /** Number of labels L: 101 (RCV1 topics) or 314 (industries-shaped, beyond the C program's limit). */
  @Param({"101", "314"})
  public int labels;

  /** Non-zeros per example (RCV1: about 76). */
  @Param("76")
  public int nnz;

  /** Number of examples; the C yardstick uses 100,000 (the weights then stay out of L1/L2 cache). */
  @Param("100000")
  public int examples;

  private Dataset data;

  /** Creates the state; JMH sets the parameters and calls {@link #setUp()}. */
  public YardstickStream() {}

  /** Builds the stream for the current parameters (once per trial). */
  @Setup(Level.Trial)
  public void setUp() {
    data = generate(features, labels, nnz, examples);
  }

  /** The stream built by {@link #setUp()}. */
  public Dataset dataset() {
    if (data == null) {
      throw new IllegalStateException("setUp() has not run");
    }
    return data;
  }

  /**
   * Generates the yardstick's stream: {@code n} examples of {@code nnz} unit-norm features in
   * {@code [0, d)} and 1 to 5 labels in {@code [0, L)}, identical to {@code falt_limit d L nnz n}.
   *
   * @throws IllegalArgumentException if a size is not positive or {@code nnz > d}
   */
  public static Dataset generate(int d, int numLabels, int nnz, int n) {
    if (d < 1 || numLabels < 1 || nnz < 1 || n < 0 || nnz > d) {
      throw new IllegalArgumentException(
          "need d >= nnz >= 1, L >= 1, n >= 0: d=" + d + " L=" + numLabels + " nnz=" + nnz + " n=" + n);
    }
    Xorshift rng = new Xorshift(SEED);
    int[] idx = new int[nnz];
    float[] val = new float[nnz];
    int[] sortedIdx = new int[nnz];
    float[] sortedVal = new float[nnz];
    long[] order = new long[nnz];
    int[] labelScratch = new int[5];
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    DatasetBuilder builder = new DatasetBuilder()
        .name("yardstick-d" + d + "-L" + numLabels + "-nnz" + nnz + "-n" + n)
        .numFeatures(d)
        .numLabels(numLabels);
    for (int i = 0; i < n; i++) {
      float norm = 0f;
      int k = 0;
      while (k < nnz) {
        int f = (int) (d * Math.pow(rng.u01(), 3.0));
        if (f >= d) {
          f = d - 1;
        }
        boolean dup = false;
        for (int j = 0; j < k; j++) {
          if (idx[j] == f) {
            dup = true;
            break;
          }
        }
        if (dup) {
          continue;
        }
        idx[k] = f;
        float v = (float) rng.u01();
        val[k] = v;
        // a separate multiply and add, not an fma: YardstickStreamTest compiles the C program with
        // -ffp-contract=off and compares against its dump bit for bit
        norm += v * v;
        k++;
      }
      norm = (float) Math.sqrt(norm);
      for (int j = 0; j < nnz; j++) {
        val[j] /= norm;
      }
      int count = 1 + (int) (rng.u01() * 5);
      int distinct = 0;
      for (int j = 0; j < count; j++) {
        int label = (int) (rng.u01() * numLabels);
        if (indexOf(labelScratch, distinct, label) < 0) {
          labelScratch[distinct++] = label;
        }
      }
      Arrays.sort(labelScratch, 0, distinct);
      // sort the entries by feature index (indices are distinct: pack index and position into one long)
      for (int j = 0; j < nnz; j++) {
        order[j] = ((long) idx[j] << 32) | j;
      }
      Arrays.sort(order);
      for (int j = 0; j < nnz; j++) {
        int at = (int) order[j];
        sortedIdx[j] = idx[at];
        sortedVal[j] = val[at];
      }
      x.reset(sortedIdx, sortedVal, 0, nnz);
      y.reset(labelScratch, 0, distinct);
      builder.add(x, y);
    }
    return builder.build();
  }

  private static int indexOf(int[] a, int size, int v) {
    for (int j = 0; j < size; j++) {
      if (a[j] == v) {
        return j;
      }
    }
    return -1;
  }

  /** The C program's xorshift64 generator and its {@code u01}. */
  static final class Xorshift {
    private long state;

    Xorshift(long seed) {
      this.state = seed;
    }

    long next() {
      state ^= state << 13;
      state ^= state >>> 7;
      state ^= state << 17;
      return state;
    }

    /** A double in [0, 1) from the top 53 bits. */
    double u01() {
      return (next() >>> 11) * (1.0 / 9007199254740992.0);
    }
  }
}
