package org.altml.flink.scoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.Predictor;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.TextLine;

/**
 * Warms the JIT up for a scoring subtask before its first record: synthetic records in the job's own format go
 * through throwaway {@link LineScorer}s made as the subtask makes its own (parsing, the model's checks, the
 * predictor, the prediction's JSON line) with the subtask's predictor, and the results are dropped.
 *
 * <p>Why: the learners' SIMD kernels use the Vector API, which is fast only once C2 has compiled it. Without a
 * warm-up a subtask scores its first tens of thousands of records in slower tiers while the compiler threads
 * take a core. At parallelism 1 they take the spare core; at 2 on two cores they take it from the other
 * subtask. Warming up first moves that work before the stream, where every subtask does it at once.
 *
 * <p>The records vary as real ones do, because C2 compiles the paths the warm-up took and turns the others into
 * traps: a real record that takes one (a value with eight fraction digits where the warm-up's had six, a record
 * without labels, the first record of another file) sends the method back to the interpreter until it is compiled
 * again: with warm-up records of one shape, six of the parser's and the scorer's methods did so at a Kafka job's
 * first record (JFR; alt-bench/journal/2026-12-07-kafka.md). So the records have 0 to 4 labels (some with none
 * written at all), 1 to twice {@link #NNZ} non-zeros, values with 1 to 9 fraction digits, some with an integer part
 * or an exponent, and come from several files, each scorer new for every pass over them.
 *
 * <p>Results are unchanged: a predictor's scores and labels are the same bits in every JIT tier (the
 * kernels are lane-wise and tested against their scalar specification), the frozen model is only read,
 * and the throwaway scorers share nothing with the real one. It runs on the subtask's thread for a fixed
 * time: long enough for C2 to compile the parser and the predictor's kernels (they were compiled 0.1-0.5 s
 * into a warm-up on this project's 2-core machine), where waiting for the JIT to fall quiet does not work
 * because Flink's own threads keep it busy. Seeded: the same records every time.
 */
final class ScorerWarmup {
  /** Records generated once and cycled, a new scorer for each pass. */
  static final int LINES = 256;
  /** Files the records are spread over, in runs of {@link #LINES} / FILES. */
  static final int FILES = 4;
  /** Typical non-zeros per synthetic record: the RCV1-shaped streams' order of magnitude. */
  static final int NNZ = 64;
  /** Most labels of a synthetic record. */
  static final int MAX_LABELS = 4;
  /** Records scored between two looks at the clock. */
  private static final int CHECK_EVERY = 512;
  /** d of the synthetic records when the model does not know its own. */
  static final int UNKNOWN_FEATURES = 4096;

  private ScorerWarmup() {}

  /**
   * Scores {@code lines} ({@link #lines}) with {@code predictor}, their features scaled by {@code scaler} (null: none), a
   * new scorer from {@code scorers} for every pass over them, for {@code nanos}.
   *
   * @return how many records were scored
   */
  static long run(Supplier<LineScorer> scorers, TextLine[] lines, Predictor predictor, FeatureScaler scaler, long nanos)
      throws IOException {
    long start = System.nanoTime();
    long scored = 0;
    LineScorer scorer = null;
    do {
      for (int i = 0; i < CHECK_EVERY; i++) {
        int at = (int) (scored++ % lines.length);
        if (at == 0) {
          scorer = scorers.get();
        }
        if (scorer.score(lines[at], predictor, scaler, 0) == null) {
          throw new IllegalStateException("warm-up record not scored: " + scorer.bad()); // a bug, not bad data
        }
      }
    } while (System.nanoTime() - start < nanos);
    return scored;
  }

  /**
   * {@link #LINES} seeded records of {@code data}'s format (JSON lines under {@code --format json}, else LIBSVM; feature
   * indices from 0 when it says so) for a model of {@code numLabels} labels and {@code numFeatures} features (0: unknown;
   * at most the data's declared d), spread over {@link #FILES} files, each file's lines numbered from 1. A job of ARFF files
   * warms up with LIBSVM records: synthetic records have no header.
   */
  static TextLine[] lines(DataSpec data, int numLabels, int numFeatures) {
    int d = numFeatures > 0 ? numFeatures : UNKNOWN_FEATURES;
    if (data.numFeatures() > 0) {
      d = Math.min(d, data.numFeatures());
    }
    boolean json = data.isJson(file(0));
    int base = data.zeroBased() ? 0 : 1;
    SplittableRandom random = new SplittableRandom(0x5EEDL);
    TextLine[] lines = new TextLine[LINES];
    StringBuilder b = new StringBuilder();
    int perFile = LINES / FILES;
    for (int i = 0; i < LINES; i++) {
      b.setLength(0);
      int[] labels = labels(random, numLabels);
      int nnz = Math.min(d, 1 + random.nextInt(2 * NNZ));
      if (json) {
        b.append('{');
        if (random.nextBoolean()) {
          b.append("\"id\": \"w").append(i).append("\", ");
        }
        b.append("\"features\": {");
      } else if (labels.length > 0) {
        for (int k = 0; k < labels.length; k++) {
          b.append(k == 0 ? "" : ",").append(labels[k]);
        }
      } else if (random.nextBoolean()) {
        b.append(' '); // an empty label list written, else none: the line starts with its first feature
      }
      int index = -1;
      for (int k = 0; k < nnz; k++) {
        int room = d - 1 - index - (nnz - k); // indices left for the other non-zeros
        index += 1 + (room > 0 ? random.nextInt(Math.min(room, 2 * d / nnz) + 1) : 0);
        String value = value(random);
        if (json) {
          b.append(k == 0 ? "" : ", ").append('"').append(index + base).append("\": ").append(value);
        } else {
          b.append(k == 0 && b.isEmpty() ? "" : " ").append(index + base).append(':').append(value);
        }
      }
      if (json) {
        b.append("}, \"labels\": [");
        for (int k = 0; k < labels.length; k++) {
          b.append(k == 0 ? "" : ", ").append(labels[k]);
        }
        b.append("]}");
      }
      lines[i] = new TextLine(file(i / perFile), i % perFile + 1, b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return lines;
  }

  private static String file(int n) {
    return "(warm-up " + (n + 1) + ")";
  }

  /** 0 to {@link #MAX_LABELS} distinct labels below {@code numLabels}, in no particular order. */
  private static int[] labels(SplittableRandom random, int numLabels) {
    int count = random.nextInt(Math.min(MAX_LABELS, numLabels) + 1);
    int[] labels = new int[count];
    for (int k = 0; k < count; k++) {
      int label;
      boolean again;
      do {
        label = random.nextInt(numLabels);
        again = false;
        for (int j = 0; j < k; j++) {
          again |= labels[j] == label;
        }
      } while (again);
      labels[k] = label;
    }
    return labels;
  }

  /**
   * A non-zero value as data files write them: 1 to 9 fraction digits, an eighth with an integer part, a sixteenth with an
   * exponent.
   */
  private static String value(SplittableRandom random) {
    double v = random.nextDouble();
    int kind = random.nextInt(16);
    if (kind == 0) {
      return String.format(Locale.ROOT, "%.4e", Math.max(v, 1e-6));
    }
    if (kind <= 2) {
      v += 1 + random.nextInt(99);
    }
    int digits = 1 + random.nextInt(9);
    return String.format(Locale.ROOT, "%." + digits + "f", Math.max(v, Math.pow(10, -digits))); // not 0 at that precision
  }
}
