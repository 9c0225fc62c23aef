package org.altml.core.metric;

import java.util.SplittableRandom;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;

/** Builders for hand-written and seeded random (truth, scores) pairs. */
final class MetricTestSupport {
  private MetricTestSupport() {}

  /** Scores with the given label scores and threshold. */
  static Scores scores(float threshold, float... labelScores) {
    Scores s = new Scores(labelScores.length);
    System.arraycopy(labelScores, 0, s.array(), 0, labelScores.length);
    s.array()[labelScores.length] = threshold;
    return s;
  }

  /** A random label set over L labels, including sometimes empty and sometimes full. */
  static LabelSet randomTruth(SplittableRandom r, int numLabels) {
    int mode = r.nextInt(10);
    int[] buf = new int[numLabels];
    int n = 0;
    for (int l = 0; l < numLabels; l++) {
      boolean in = mode == 0 ? false : mode == 1 || r.nextInt(3) == 0;
      if (in) {
        buf[n++] = l;
      }
    }
    return LabelSet.of(java.util.Arrays.copyOf(buf, n));
  }

  /** Random scores from a small integer grid, so that ties with each other and the threshold are common. */
  static Scores randomScores(SplittableRandom r, int numLabels) {
    Scores s = new Scores(numLabels);
    for (int l = 0; l <= numLabels; l++) {
      s.array()[l] = r.nextInt(5) - 2 + (r.nextInt(4) == 0 ? 0.5f : 0f);
    }
    return s;
  }
}
