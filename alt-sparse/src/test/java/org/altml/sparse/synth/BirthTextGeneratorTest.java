package org.altml.sparse.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.junit.jupiter.api.Test;

class BirthTextGeneratorTest {
  private static final SparseTextGenerator.Config SMALL =
      SparseTextGenerator.Config.defaults().withNumFeatures(5_000).withNumLabels(20).withLabelCardinality(2.0).withSeed(3);
  private static final SparseTextGenerator BASE = new SparseTextGenerator(SMALL);
  private static final int N = 4_000;
  private static final LabelBirths BIRTHS = LabelBirths.spread(20, 0.25, N, 3);

  @Test
  void sameSeedGivesTheSameStreamBitForBit() {
    Dataset a = new BirthTextGenerator(BASE, BIRTHS).generate(800);
    Dataset b = new BirthTextGenerator(new SparseTextGenerator(SMALL), LabelBirths.spread(20, 0.25, N, 3)).generate(800);
    for (int i = 0; i < a.size(); i++) {
      assertEquals(a.example(i), b.example(i), "example " + i);
    }
    assertEquals(BIRTHS, LabelBirths.spread(20, 0.25, N, 3));
    assertNotEquals(BIRTHS, LabelBirths.spread(20, 0.25, N, 4));
  }

  @Test
  void theSeededScheduleHasThePresentFractionAndBirthsSpreadOverTheHorizon() {
    LabelBirths b = LabelBirths.spread(101, 0.3, 100_000, 9);
    long present = 0;
    double sum = 0;
    for (int l = 0; l < 101; l++) {
      if (b.birth(l) == 0) {
        present++;
      } else {
        assertTrue(b.birth(l) >= 1 && b.birth(l) < 100_000, "birth of label " + l + ": " + b.birth(l));
        sum += b.birth(l);
      }
    }
    assertEquals(31, present, "ceil(0.3 * 101) labels present from the start");
    double mean = sum / 70;
    assertTrue(mean > 35_000 && mean < 65_000, "births spread over [1, horizon): mean " + mean);
    assertEquals(31, b.bornBy(0));
    assertEquals(101, b.bornBy(100_000));
    assertEquals(101, LabelBirths.spread(101, 1.0, 10, 9).bornBy(0));
  }

  @Test
  void noLabelBeforeItsBirthAndAfterItTheBaseStreamsLabelsExactly() throws IOException {
    BirthTextGenerator g = new BirthTextGenerator(BASE, BIRTHS);
    int[] before = new int[20];
    int[] after = new int[20];
    int[] baseAfter = new int[20];
    long[] first = new long[20];
    java.util.Arrays.fill(first, -1);
    try (ExampleStream open = g.stream(N); ExampleStream closed = BASE.stream(N)) {
      for (long i = 0; i < N; i++) {
        assertTrue(open.advance() && closed.advance());
        assertEquals(closed.features(), open.features(), "features of example " + i);
        LabelSet y = open.labels();
        for (int k = 0; k < y.size(); k++) {
          int l = y.label(k);
          if (first[l] < 0) {
            first[l] = i;
          }
          if (i < BIRTHS.birth(l)) {
            before[l]++;
          } else {
            after[l]++;
          }
        }
        LabelSet all = closed.labels();
        for (int k = 0; k < all.size(); k++) {
          if (i >= BIRTHS.birth(all.label(k))) {
            baseAfter[all.label(k)]++;
          }
        }
      }
      assertFalse(open.advance());
    }
    assertArrayEquals(new int[20], before, "no label appears before its birth");
    assertArrayEquals(baseAfter, after, "after its birth a label appears exactly where the base stream has it");
    int midStream = 0;
    for (int l = 0; l < 20; l++) {
      midStream += BIRTHS.birth(l) > 0 && first[l] >= BIRTHS.birth(l) ? 1 : 0;
    }
    assertTrue(midStream >= 10, "labels born mid-stream first appear after their birth: " + midStream);
  }

  @Test
  void theRcv1ShapeByDefault() {
    BirthTextGenerator g = BirthTextGenerator.rcv1(5, 0.5, 50_000);
    assertEquals(SparseTextGenerator.Config.defaults().withSeed(5), g.base().config());
    assertEquals(101, g.births().numLabels());
    assertEquals(51, g.births().bornBy(0));
    Dataset d = g.generate(200);
    assertEquals(47_236, d.numFeatures());
    assertEquals(101, d.numLabels());
  }

  @Test
  void anExplicitScheduleIsKeptAndCheckedAgainstTheGenerator() {
    long[] schedule = new long[20];
    schedule[4] = 100;
    LabelBirths b = LabelBirths.of(schedule);
    schedule[4] = 0;
    assertEquals(100, b.birth(4), "the schedule is copied");
    assertFalse(b.born(4, 99));
    assertTrue(b.born(4, 100));
    Dataset d = new BirthTextGenerator(BASE, b).generate(100);
    for (int i = 0; i < 100; i++) {
      assertFalse(d.example(i).labels().contains(4), "label 4 before its birth at example " + i);
    }
    assertThrows(IllegalArgumentException.class, () -> LabelBirths.of(0, -1));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BirthTextGenerator(BASE, LabelBirths.allPresent(7)));
    assertTrue(e.getMessage().contains("7 labels"), e.getMessage());
  }
}
