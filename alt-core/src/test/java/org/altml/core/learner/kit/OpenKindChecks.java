package org.altml.core.learner.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntFunction;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * The kit's open-stream checks (docs/spec.md#open-labels), one method per check of {@link BaseLearnerKindTestCase}:
 * a kind that grows its labels ({@link OnlineMultiLabelLearner#growsLabels()}, asked of a learner, never assumed) is
 * checked for growth, one that does not for its refusal. The streams are the kit's data with its labels made to
 * appear over time.
 */
final class OpenKindChecks {
  /** The example at which label l is born in the mid-stream check: 0, then ever later. */
  private static final int[] BIRTHS = {0, 17, 40, 41, 95};
  /** Where the mid-stream check saves and loads: L = 4 then, one label still to come. */
  private static final int CUT = 63;

  private final Dataset data;
  private final int examples;
  private final IntFunction<LearnerContext> contextOfLabels;

  /**
   * Checks over the first {@code examples} of {@code data}, creating learners in {@code contextOfLabels.apply(L)}.
   */
  OpenKindChecks(Dataset data, int examples, IntFunction<LearnerContext> contextOfLabels) {
    this.data = data;
    this.examples = examples;
    this.contextOfLabels = contextOfLabels;
    assertEquals(KitData.LABELS, BIRTHS.length, "a birth per kit label");
  }

  private OnlineMultiLabelLearner create(Settings s, int numLabels) {
    return s.spec().create(s, contextOfLabels.apply(numLabels));
  }

  /** Whether learners of {@code s} grow their labels (asked of one made for the kit's L). */
  boolean grows(Settings s) {
    return create(s, KitData.LABELS).growsLabels();
  }

  /**
   * (a) Every label in the first example: a learner created with L = 0 and grown to the first example's labels
   * before its update is, bit for bit, the learner created with that L (scores of every later example, then the
   * model's state).
   */
  void grownAtTheFirstExampleIsTheFixedLearner(Settings s) throws IOException {
    int labels = KitData.LABELS;
    OnlineMultiLabelLearner open = create(s, 0);
    OnlineMultiLabelLearner fixed = create(s, labels);
    assertEquals(0, open.numLabels());
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    int[] all = new int[labels];
    Arrays.setAll(all, i -> i);
    for (int i = 0; i < examples; i++) {
      data.features(i, x);
      LabelSet yi = i == 0 ? LabelSet.of(all) : data.labels(i, y);
      float[] grown = OpenStreams.round(open, i, x, yi, labels);
      Scores s0 = new Scores(labels);
      fixed.predict(i, x, s0);
      fixed.update(i, x, yi);
      if (i == 0) {
        assertEquals(1, grown.length, "example 0 is predicted with no label known");
      } else {
        OpenStreams.assertBitEqual(Arrays.copyOf(s0.array(), labels + 1), grown, "example " + i);
      }
    }
    assertArrayEquals(OpenStreams.state(fixed), OpenStreams.state(open), "the state of the open and the fixed learner");
  }

  /**
   * (b) Labels born over the stream: the learner saved and loaded mid-growth and continued equals the uninterrupted
   * one, bit for bit (the scores of every example after the cut, then the state).
   */
  void savedMidGrowthContinuesAsUninterrupted(Settings s) throws IOException {
    OnlineMultiLabelLearner uninterrupted = create(s, 0);
    OnlineMultiLabelLearner continued = null;
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    int grown = 0;
    for (int i = 0; i < examples; i++) {
      if (i == CUT) {
        assertTrue(uninterrupted.numLabels() > 1 && uninterrupted.numLabels() < KitData.LABELS, "mid-growth at the cut");
        continued = OpenStreams.load(s, contextOfLabels.apply(uninterrupted.numLabels()), OpenStreams.state(uninterrupted));
      }
      data.features(i, x);
      LabelSet yi = born(data.labels(i, y), i);
      int lt = labelsAt(i);
      grown += lt != uninterrupted.numLabels() ? 1 : 0;
      float[] a = OpenStreams.round(uninterrupted, i, x, yi, lt);
      if (continued != null) {
        OpenStreams.assertBitEqual(a, OpenStreams.round(continued, i, x, yi, lt), "example " + i + " after a save and load at " + CUT);
      }
    }
    assertEquals(KitData.LABELS, uninterrupted.numLabels());
    assertTrue(grown >= 4, "labels were born mid-stream: " + grown);
    assertArrayEquals(OpenStreams.state(uninterrupted), OpenStreams.state(continued), "saved mid-growth vs uninterrupted");
  }

  /** L_t at example i of the mid-stream check. */
  private static int labelsAt(int i) {
    int l = 0;
    while (l < BIRTHS.length && BIRTHS[l] <= i) {
      l++;
    }
    return l;
  }

  /** The kit's labels of example i with those not born yet dropped, and the label born at i added. */
  private static LabelSet born(LabelSet y, int i) {
    int lt = labelsAt(i);
    int[] keep = new int[KitData.LABELS];
    int n = 0;
    for (int l = 0; l < lt; l++) {
      if (y.contains(l) || BIRTHS[l] == i) {
        keep[n++] = l;
      }
    }
    return LabelSet.of(Arrays.copyOf(keep, n));
  }

  /** (c) A kind that grows refuses to shrink, with an IllegalArgumentException, changing nothing. */
  void shrinkingIsRefused(Settings s) throws IOException {
    OnlineMultiLabelLearner learner = create(s, KitData.LABELS);
    LabelSet y = new LabelSet();
    SparseVector x = new SparseVector();
    for (int i = 0; i < 30; i++) {
      learner.update(i, data.features(i, x), data.labels(i, y));
    }
    byte[] before = OpenStreams.state(learner);
    assertThrows(IllegalArgumentException.class, () -> learner.growLabels(KitData.LABELS - 1), "L - 1");
    learner.growLabels(KitData.LABELS); // the same L: nothing
    assertEquals(KitData.LABELS, learner.numLabels());
    assertArrayEquals(before, OpenStreams.state(learner), "a refused or empty growth changes nothing");
  }

  /** A kind that does not grow refuses L + 1 with an UnsupportedOperationException naming the kind. */
  void growthIsRefusedNamingTheKind(Settings s) {
    OnlineMultiLabelLearner learner = create(s, KitData.LABELS);
    learner.growLabels(KitData.LABELS); // the same L: nothing
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> learner.growLabels(KitData.LABELS + 1), "L + 1");
    assertTrue(e.getMessage() != null && e.getMessage().contains(learner.name()), "the message names the kind: " + e.getMessage());
    assertEquals(KitData.LABELS, learner.numLabels());
  }
}
