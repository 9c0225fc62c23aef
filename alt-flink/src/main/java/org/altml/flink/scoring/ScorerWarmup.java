package org.altml.flink.scoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.Predictor;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.TextLine;

/**
 * Warms the JIT up for a scoring subtask before its first record: synthetic LIBSVM lines go through a
 * throwaway {@link LineScorer} (parsing, the predictor, the prediction's JSON line) with the subtask's own
 * predictor, and the results are dropped.
 *
 * <p>Why: the learners' SIMD kernels use the Vector API, which is fast only once C2 has compiled it. Without a
 * warm-up a subtask scores its first tens of thousands of records in slower tiers while the compiler threads
 * take a core. At parallelism 1 they take the spare core; at 2 on two cores they take it from the other
 * subtask. Warming up first moves that work before the stream, where every subtask does it at once.
 *
 * <p>Results are unchanged: a predictor's scores and labels are the same bits in every JIT tier (the
 * kernels are lane-wise and tested against their scalar specification), the frozen model is only read,
 * and the throwaway scorer shares nothing with the real one. It runs on the subtask's thread for a fixed
 * time: long enough for C2 to compile the parser and the predictor's kernels (they were compiled 0.1-0.5 s
 * into a warm-up on this project's 2-core machine), where waiting for the JIT to fall quiet does not work
 * because Flink's own threads keep it busy. Seeded: the same lines every time.
 */
final class ScorerWarmup {
  /** Lines generated once and cycled. */
  private static final int LINES = 256;
  /** Non-zeros per synthetic line: the RCV1-shaped streams' order of magnitude. */
  private static final int NNZ = 64;
  /** Lines scored between two looks at the clock. */
  private static final int CHECK_EVERY = 512;
  /** d of the synthetic lines when the model does not know its own. */
  static final int UNKNOWN_FEATURES = 4096;

  private ScorerWarmup() {}

  /**
   * Scores synthetic lines with {@code predictor} for a model of {@code numLabels} labels trained on {@code
   * numFeatures} features (0: unknown), scaled by {@code scaler} (null: none), as {@link LineScorer} with
   * {@code withScores} would score records, for {@code nanos}.
   *
   * @return how many lines were scored
   */
  static long run(Predictor predictor, int numLabels, int numFeatures, boolean withScores, FeatureScaler scaler, long nanos)
      throws IOException {
    LineScorer scorer = new LineScorer(DataSpec.libSvm(numLabels), numLabels, withScores);
    TextLine[] lines = lines(numLabels, numFeatures > 0 ? numFeatures : UNKNOWN_FEATURES);
    long start = System.nanoTime();
    long scored = 0;
    do {
      for (int i = 0; i < CHECK_EVERY; i++) {
        if (scorer.score(lines[(int) (scored++ % LINES)], predictor, scaler, 0) == null) {
          throw new IllegalStateException("warm-up line not scored: " + scorer.bad()); // a bug, not bad data
        }
      }
    } while (System.nanoTime() - start < nanos);
    return scored;
  }

  /** {@link #LINES} seeded LIBSVM lines: two distinct labels (one when L = 1), {@link #NNZ} (at most d) increasing 1-based indices. */
  static TextLine[] lines(int numLabels, int numFeatures) {
    SplittableRandom random = new SplittableRandom(0x5EEDL);
    TextLine[] lines = new TextLine[LINES];
    int nnz = Math.min(NNZ, numFeatures);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < LINES; i++) {
      b.setLength(0);
      int first = random.nextInt(numLabels);
      b.append(first);
      if (numLabels > 1) {
        b.append(',').append((first + 1 + random.nextInt(numLabels - 1)) % numLabels);
      }
      int index = 0;
      for (int k = 0; k < nnz; k++) {
        int room = numFeatures - index - (nnz - k); // indices left for the other non-zeros
        index += 1 + (room > 0 ? random.nextInt(Math.min(room, 2 * numFeatures / nnz) + 1) : 0);
        b.append(' ').append(index).append(':').append(String.format(Locale.ROOT, "%.6f", random.nextDouble()));
      }
      lines[i] = new TextLine("(warm-up)", i + 1, b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return lines;
  }
}
