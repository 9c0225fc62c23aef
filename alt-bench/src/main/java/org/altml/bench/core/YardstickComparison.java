package org.altml.bench.core;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import org.altml.bench.state.YardstickStream;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * ALT's side of the C yardstick comparison ({@code alt-bench/yardstick.sh}): times one training pass
 * and one prediction pass over {@link YardstickStream}'s stream, best of {@code passes}, exactly as
 * {@code falt_limit.c} does (model reset before each pass, η = 1, M = 1), and prints nanoseconds per
 * example.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp alt-bench/target/benchmarks.jar \
 *     org.altml.bench.core.YardstickComparison [D L NNZ N [PASSES [MODE...]]]
 * </pre>
 *
 * <p>Modes: {@code kernels} runs the C program's training round written with the
 * {@link VectorMath} kernels ({@code sparseTimesRows}, the hinge/coefficient loop inline,
 * {@code addSparseOuter}) and shows how far the kernels alone are from C; any other mode is the name of a
 * registered learner kind ({@code org.altml.core.learner.LearnerRegistry}), run by
 * {@link LearnerYardstickContender} with the C program's η = 1, M = 1 and float weights: {@code falt} is
 * the C program's counterpart, {@code salt} (no C counterpart) gives the SALT/FALT ratio, and a kind a
 * module registers later is measured by naming it. Each mode prints one line:
 * {@code ALT <mode> ns/example  train <t>  predict <p>  (impl=... D=... L=... nnz=... N=... sink=...)};
 * an unknown mode stops the run before anything is timed, naming the registered learners. Nothing here
 * is a unit of ALT: it is a measuring tool, so it prints.
 */
public final class YardstickComparison {
  /**
   * {@code -Dalt.yardstick.clock=cpu} times passes in this thread's CPU time instead of wall-clock time
   * (with {@code yardstick.sh}'s {@code YARDSTICK_CLOCK=cpu}, the C program then uses
   * {@code CLOCK_THREAD_CPUTIME_ID}): on a shared, oversubscribed machine the wall clock mostly measures
   * how long the scheduler kept the process waiting.
   */
  static final boolean CPU_CLOCK = "cpu".equals(System.getProperty("alt.yardstick.clock", "wall"));

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private YardstickComparison() {}

  /**
   * One side of the comparison: a model that can be reset, trained for one pass and asked to predict
   * one pass over a stream.
   */
  public interface Contender {
    /** Starts from a zero model (before every timed training pass). */
    void reset();

    /** One training pass over every example in order; returns a value that depends on the work. */
    double trainPass(Dataset data);

    /** One prediction pass over every example; returns the total number of predicted labels. */
    double predictPass(Dataset data);
  }

  /**
   * Runs the comparison.
   *
   * @param args {@code [D L NNZ N [PASSES [MODE...]]]}, by default {@code 47236 101 76 100000 3 kernels falt salt}
   */
  public static void main(String[] args) {
    int d = args.length > 0 ? Integer.parseInt(args[0]) : 47_236;
    int numLabels = args.length > 1 ? Integer.parseInt(args[1]) : 101;
    int nnz = args.length > 2 ? Integer.parseInt(args[2]) : 76;
    int n = args.length > 3 ? Integer.parseInt(args[3]) : 100_000;
    int passes = args.length > 4 ? Integer.parseInt(args[4]) : 3;
    List<String> modes = args.length > 5 ? List.of(args).subList(5, args.length) : List.of("kernels", "falt", "salt");

    for (String mode : modes) {
      contender(mode, numLabels, 1); // an unknown mode fails now, not after the others' timings
    }
    Dataset data = YardstickStream.generate(d, numLabels, nnz, n);
    for (String mode : modes) {
      Contender contender = contender(mode, numLabels, d);
      double bestTrain = Double.MAX_VALUE;
      double bestPredict = Double.MAX_VALUE;
      double sink = 0;
      for (int p = 0; p < passes; p++) {
        contender.reset();
        long t0 = now();
        sink += contender.trainPass(data);
        long t1 = now();
        sink += contender.predictPass(data);
        long t2 = now();
        bestTrain = Math.min(bestTrain, t1 - t0);
        bestPredict = Math.min(bestPredict, t2 - t1);
      }
      System.out.printf(
          Locale.ROOT,
          "ALT %s ns/example  train %.0f  predict %.0f  (impl=%s clock=%s D=%d L=%d nnz=%d N=%d passes=%d sink=%.0f)%n",
          mode, bestTrain / n, bestPredict / n, VectorMath.implementation().replace(' ', '_'), CPU_CLOCK ? "cpu" : "wall",
          d, numLabels, nnz, n, passes, sink);
    }
  }

  /** Nanoseconds on the chosen clock ({@link #CPU_CLOCK}). */
  private static long now() {
    return CPU_CLOCK ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
  }

  /**
   * The contender of {@code mode}: the kernels, or the registered learner kind of that name.
   *
   * @throws IllegalArgumentException naming the modes when {@code mode} is neither
   */
  static Contender contender(String mode, int numLabels, int d) {
    if (mode.equals("kernels")) {
      return new KernelContender(numLabels, d);
    }
    if (!LearnerRegistry.contains(mode)) {
      throw new IllegalArgumentException("unknown mode '" + mode + "' (kernels, or a registered learner: "
          + String.join(", ", LearnerRegistry.names()) + ")");
    }
    return new LearnerYardstickContender(mode, numLabels, d);
  }

  /**
   * The C program's {@code train} and {@code predict} written with the {@link VectorMath} kernels:
   * feature-major rows of {@link Scores#paddedLength}(L+1) floats, width L+1 (the labels and the
   * threshold), the FALT hinge coefficients inline.
   */
  static final class KernelContender implements Contender {
    /** Where row 0 starts: the same 64-byte alignment as {@code WeightMatrix}'s float rows. */
    private static final int ROW_OFFSET = org.altml.core.linear.WeightMatrix.rowOffset(org.altml.core.learner.Precision.FLOAT);

    private final int numLabels;
    private final int width;
    private final int stride;
    private final float[] rows;
    private final float[] scores;
    private final float[] coeff;
    private final boolean[] relevant;
    private final SparseVector x = new SparseVector();
    private final LabelSet y = new LabelSet();

    KernelContender(int numLabels, int d) {
      this.numLabels = numLabels;
      this.width = numLabels + 1;
      this.stride = Scores.paddedLength(width);
      // rows on 64-byte lines as WeightMatrix lays them out (row 0 at ROW_OFFSET), as the C program's aligned_alloc(64)
      this.rows = new float[ROW_OFFSET + Math.multiplyExact(d, stride)];
      this.scores = new float[stride];
      this.coeff = new float[stride];
      this.relevant = new boolean[numLabels];
    }

    @Override
    public void reset() {
      java.util.Arrays.fill(rows, 0f);
    }

    @Override
    public double trainPass(Dataset data) {
      long errors = 0;
      int numLabels = this.numLabels;
      for (int i = 0, n = data.size(); i < n; i++) {
        data.features(i, x);
        data.labels(i, y);
        VectorMath.sparseTimesRows(x, rows, ROW_OFFSET, stride, scores, width);
        int[] ly = y.array();
        int ny = y.size();
        for (int k = y.offset(); k < y.offset() + ny; k++) {
          relevant[ly[k]] = true;
        }
        int nyb = numLabels - ny;
        int above = 0;
        int below = 0;
        float threshold = scores[numLabels];
        float up = 1f / ny;
        float down = -1f / nyb;
        for (int l = 0; l < numLabels; l++) {
          float s = scores[l];
          if (relevant[l]) {
            if (s <= threshold) {
              errors++;
            }
            if (s - threshold < 1) {
              above++;
              coeff[l] = up;
            } else {
              coeff[l] = 0f;
            }
          } else {
            if (s > threshold) {
              errors++;
            }
            if (threshold - s < 1) {
              below++;
              coeff[l] = down;
            } else {
              coeff[l] = 0f;
            }
          }
        }
        coeff[numLabels] = -((float) above / ny - (float) below / nyb);
        for (int k = y.offset(); k < y.offset() + ny; k++) {
          relevant[ly[k]] = false;
        }
        if (above + below > 0) {
          VectorMath.addSparseOuter(x, 1f, coeff, rows, ROW_OFFSET, stride, width);
        }
      }
      return errors;
    }

    @Override
    public double predictPass(Dataset data) {
      long predicted = 0;
      for (int i = 0, n = data.size(); i < n; i++) {
        data.features(i, x);
        VectorMath.sparseTimesRows(x, rows, ROW_OFFSET, stride, scores, width);
        float threshold = scores[numLabels];
        for (int l = 0; l < numLabels; l++) {
          if (scores[l] > threshold) {
            predicted++;
          }
        }
      }
      return predicted;
    }
  }
}
