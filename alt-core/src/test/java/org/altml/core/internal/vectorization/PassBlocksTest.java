package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pass sizes of the generated row kernels ({@link PanamaRowScores#passTable}): the largest generated size
 * that fits, narrowed by {@code -Dalt.vectorization.passSizes} for block-size benchmarks.
 */
class PassBlocksTest {
  private static final int[] ONE_TO_EIGHT = {1, 2, 3, 4, 5, 6, 7, 8};
  private static final int[] WIDE = {1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 16};

  /** PanamaRowScores loads the Vector API: skipped where the module is absent, as the other Panama tests. */
  @BeforeAll
  static void vectorApi() {
    SimdTests.panamaOrSkip();
  }

  private static int pass(int[] table, int remaining) {
    return table[Math.min(remaining, table.length - 1)];
  }

  @Test
  void theLargestSizeThatFits() {
    int[] t = PanamaRowScores.passTable(ONE_TO_EIGHT, 8, null);
    for (int r = 1; r <= 40; r++) {
      assertEquals(Math.min(8, r), pass(t, r), "remaining " + r);
    }
    int[] w = PanamaRowScores.passTable(WIDE, Integer.MAX_VALUE, null);
    // the rule the hand-written kernels had: 8 up to 11 blocks, then one of 12, 13, 14, 16
    for (int r = 1; r <= 60; r++) {
      int expected = r <= 11 ? Math.min(8, r) : r >= 16 ? 16 : Math.min(r, 14);
      assertEquals(expected, pass(w, r), "remaining " + r);
    }
    // below 512 bits double rows keep to 8
    assertEquals(8, pass(PanamaRowScores.passTable(WIDE, 8, null), 13));
  }

  @Test
  void narrowedToTheListedSizesAndOneAlwaysKept() {
    int[] t = PanamaRowScores.passTable(WIDE, Integer.MAX_VALUE, "2, 4,8,16");
    assertArrayEquals(new int[] {1, 1, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8, 16}, t);
    assertEquals(8, pass(t, 13));
    // a listed size without a generated method is ignored
    assertEquals(8, pass(PanamaRowScores.passTable(ONE_TO_EIGHT, 8, "8,9,10"), 10));
  }

  @Test
  void aBadListNamesTheProperty() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PanamaRowScores.passTable(WIDE, 16, "1,2,four"));
    assertTrue(e.getMessage().contains("-Dalt.vectorization.passSizes=1,2,four") && e.getMessage().contains("[1, 2, 3"),
        e.getMessage());
  }
}
