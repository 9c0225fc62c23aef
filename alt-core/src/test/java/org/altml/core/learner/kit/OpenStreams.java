package org.altml.core.learner.kit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * Streams whose labels appear over time (docs/spec.md#open-labels), for the open checks of the kit and the learners'
 * tests: the label count each example brings, a round of an open learner (predict with the labels known before the
 * example, grow to the example's, then update), and a learner's state through its own codec with the settings kept
 * as given (an M factor stays a factor, so that a learner loaded mid-growth resolves M as the uninterrupted one does).
 */
public final class OpenStreams {
  private OpenStreams() {}

  /** L_t of every example of {@code data}: the largest label carried so far plus one (labels born in index order). */
  public static int[] labelsSoFar(Dataset data, int from, int to) {
    int[] seen = new int[to - from];
    int l = 0;
    LabelSet y = new LabelSet();
    for (int i = from; i < to; i++) {
      data.labels(i, y);
      if (y.size() > 0) {
        l = Math.max(l, y.maxLabel() + 1);
      }
      seen[i - from] = l;
    }
    return seen;
  }

  /**
   * One round of an open learner on example {@code i}: its scores with the labels known before it (into a copy of
   * L + 1 floats, returned), then growth to {@code numLabels} (the example's L_t) and the update.
   */
  public static float[] round(OnlineMultiLabelLearner learner, long id, SparseVector x, LabelSet y, int numLabels) {
    Scores s = new Scores(learner.numLabels());
    learner.predict(id, x, s);
    float[] before = Arrays.copyOf(s.array(), learner.numLabels() + 1);
    learner.growLabels(numLabels);
    learner.update(id, x, y);
    return before;
  }

  /** The same L + 1 scores, bit for bit, or a failure naming {@code what} and the lane. */
  public static void assertBitEqual(float[] expected, float[] actual, String what) {
    org.junit.jupiter.api.Assertions.assertEquals(expected.length, actual.length, what + ": L + 1");
    for (int j = 0; j < expected.length; j++) {
      if (Float.floatToRawIntBits(expected[j]) != Float.floatToRawIntBits(actual[j])) {
        org.junit.jupiter.api.Assertions.fail(what + ", lane " + j + ": " + expected[j] + " vs " + actual[j]);
      }
    }
  }

  /** The learner's state as its kind's codec writes it. */
  public static byte[] state(OnlineMultiLabelLearner learner) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (StateOutput out = new StateOutput(bytes)) {
      learner.spec().codec().write(learner, out);
    }
    return bytes.toByteArray();
  }

  /** A learner of {@code settings}, L and seed read from {@link #state} bytes through the kind's codec. */
  public static OnlineMultiLabelLearner load(Settings settings, LearnerContext context, byte[] state) throws IOException {
    ModelCodec codec = settings.spec().codec();
    try (StateInput in = new StateInput(new ByteArrayInputStream(state), state.length, "open state")) {
      return codec.read(settings, context, in, codec.version());
    }
  }
}
