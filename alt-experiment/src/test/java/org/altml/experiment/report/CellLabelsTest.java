package org.altml.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The layout of the numbers in heat-map cells and of thinned axis labels. */
class CellLabelsTest {
  /** Every digit 0.55 points wide at 1 point, the point 0.28: a font of fixed widths, so that sizes can be checked by hand. */
  private static double width(String text) {
    double w = 0;
    for (char c : text.toCharArray()) {
      w += c == '.' ? 0.28 : 0.55;
    }
    return w;
  }

  private static final double[] F1 = {63.5, 63.1, 58.24, 9.7};

  /** Roomy cells: one decimal at the largest size. */
  @Test
  void roomyCellsGetOneDecimalAtTheLargestSize() {
    CellLabels.Layout l = CellLabels.layout(40, 20, F1, CellLabelsTest::width);
    assertEquals(1, l.decimals());
    assertEquals(PaperStyle.SMALL, l.fontSize());
    assertEquals("63.5", l.format(63.5));
    assertEquals("58.2", l.format(58.24));
  }

  /**
   * Cells 12 points wide (the old figure's "63.563.1", two labels run together): whole numbers sized so that the
   * widest fits inside the cell, never wider than the cell's share.
   */
  @Test
  void narrowCellsGetWholeNumbersThatFit() {
    CellLabels.Layout l = CellLabels.layout(12, 14, F1, CellLabelsTest::width);
    assertEquals(0, l.decimals());
    assertEquals("64", l.format(63.5));
    double widest = width("64") * l.fontSize();
    assertTrue(widest <= CellLabels.WIDTH_SHARE * 12, widest + " pt in a 12 pt cell");
    assertTrue(l.fontSize() >= PaperStyle.MIN_TEXT);
  }

  /** Values within a few points of each other keep their decimal down to the smallest size: whole numbers would all read 65. */
  @Test
  void aNarrowRangeKeepsOneDecimalDownToTheSmallestSize() {
    double[] close = {63.4, 64.9, 65.3, 65.1};
    CellLabels.Layout l = CellLabels.layout(14, 14, close, CellLabelsTest::width);
    assertEquals(1, l.decimals(), l.toString());
    assertTrue(l.fontSize() >= PaperStyle.MIN_TEXT && l.fontSize() < CellLabels.ONE_DECIMAL_MIN, l.toString());
    assertEquals(0, CellLabels.layout(14, 14, F1, CellLabelsTest::width).decimals(), "a wide range: whole numbers at a larger size");
  }

  /** Cells too small for a readable number, in width or in height, get none. */
  @Test
  void cellsTooSmallGetNoLabels() {
    assertFalse(CellLabels.layout(7, 7, F1, CellLabelsTest::width).shown(), "21 × 21 in one column");
    assertFalse(CellLabels.layout(40, 7, F1, CellLabelsTest::width).shown(), "too low");
    assertFalse(CellLabels.layout(5.4, 30, F1, CellLabelsTest::width).shown(), "too narrow");
    assertFalse(CellLabels.layout(40, 20, new double[0], CellLabelsTest::width).shown(), "nothing to label");
    assertEquals(CellLabels.NONE, CellLabels.layout(Double.NaN, 20, F1, CellLabelsTest::width));
  }

  /** Labels of three digits (100.0) need wider cells than those of two. */
  @Test
  void theWidestLabelDecides() {
    double[] withHundred = {63.5, 100.0};
    CellLabels.Layout two = CellLabels.layout(9, 14, F1, CellLabelsTest::width);
    CellLabels.Layout three = CellLabels.layout(9, 14, withHundred, CellLabelsTest::width);
    assertTrue(two.shown());
    assertTrue(!three.shown() || three.fontSize() < two.fontSize(), three + " against " + two);
  }

  /** Axis labels: every k-th kept when one per cell would overlap, the others blank and distinct. */
  @Test
  void axisLabelsAreThinnedToWhatFits() {
    assertEquals(1, CellLabels.step(20, 10));
    assertEquals(2, CellLabels.step(8, 10));
    assertEquals(3, CellLabels.step(4, 9));
    List<String> thinned = HeatMapFigure.thinned(List.of("-2", "-1", "0", "1", "2"), 2);
    assertEquals("-2", thinned.get(0));
    assertEquals("0", thinned.get(2));
    assertEquals("2", thinned.get(4));
    assertTrue(thinned.get(1).isBlank() || thinned.get(1).chars().allMatch(c -> c == '\u200b'));
    assertEquals(5, thinned.stream().distinct().count());
  }
}
