package org.altml.experiment.report;

import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * How the numbers in a heat map's cells are written, from the cells' size: one decimal where it fits at a
 * comfortable size, else whole numbers, else none (a grid too fine for numbers: the colour bar reads the cells);
 * the font sized to the cell so that no label runs into its neighbour (the "63.563.1" of a fixed font in narrow
 * cells). Also how many category labels an axis can show: every k-th when one per cell would overlap.
 */
final class CellLabels {
  private CellLabels() {}

  /** One decimal only from this size on; below it, whole numbers read better (unless the values span less than {@link #NARROW}). */
  static final float ONE_DECIMAL_MIN = 6f;
  /** A span of values (in percentage points) within which whole numbers would hide the differences the colours show. */
  static final double NARROW = 5;
  /** Share of the cell's width a label may fill, and of its height the font size may be. */
  static final double WIDTH_SHARE = 0.8;
  static final double HEIGHT_SHARE = 0.6;
  /** The least room in points between the labels of neighbouring cells. */
  static final double GAP = 2.5;

  /**
   * The labels' form in cells of {@code cellWidth} × {@code cellHeight} points.
   *
   * @param decimals 0 or 1
   * @param fontSize in points; 0 when the cells are too small for any label
   */
  record Layout(int decimals, float fontSize) {
    /** Whether labels are written at all. */
    boolean shown() {
      return fontSize > 0;
    }

    /** {@code value} as the cells show it. */
    String format(double value) {
      return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
  }

  /** No labels. */
  static final Layout NONE = new Layout(0, 0f);

  /**
   * The layout for {@code values} in cells of {@code cellWidth} × {@code cellHeight} points: the largest font up to
   * {@link PaperStyle#SMALL} at which the widest label fits the cell with {@link #GAP} to spare, one decimal when that font is at least {@link
   * #ONE_DECIMAL_MIN} (at least {@link PaperStyle#MIN_TEXT} when the values span less than {@link #NARROW}), else whole
   * numbers when at least {@link PaperStyle#MIN_TEXT}, else {@link #NONE}.
   *
   * @param widthAtOnePoint the width in points of a text at a font size of 1 point
   */
  static Layout layout(double cellWidth, double cellHeight, double[] values, ToDoubleFunction<String> widthAtOnePoint) {
    if (values.length == 0 || !(cellWidth > 0) || !(cellHeight > 0)) {
      return NONE;
    }
    double lo = java.util.Arrays.stream(values).min().orElse(0);
    double hi = java.util.Arrays.stream(values).max().orElse(0);
    // values within a few points of each other differ in the decimal: it stays down to the smallest size
    float oneDecimalMin = hi - lo < NARROW ? PaperStyle.MIN_TEXT : ONE_DECIMAL_MIN;
    for (int decimals = 1; decimals >= 0; decimals--) {
      Layout probe = new Layout(decimals, 1f);
      double widest = 0;
      for (double v : values) {
        widest = Math.max(widest, widthAtOnePoint.applyAsDouble(probe.format(v)));
      }
      double room = Math.min(WIDTH_SHARE * cellWidth, cellWidth - GAP);
      double size = Math.min(PaperStyle.SMALL, Math.min(room / widest, HEIGHT_SHARE * cellHeight));
      if (size >= (decimals == 1 ? oneDecimalMin : PaperStyle.MIN_TEXT)) {
        return new Layout(decimals, (float) (Math.floor(size * 4) / 4)); // quarter points: stable across tiny changes
      }
    }
    return NONE;
  }

  /**
   * Every how many categories an axis labels one: 1 when every label fits its cell of {@code cellSize} points
   * (with a gap), else the smallest step that leaves room; {@code labelSize} is the widest label's extent along
   * the axis.
   */
  static int step(double cellSize, double labelSize) {
    double gap = 2;
    if (!(cellSize > 0)) {
      return 1;
    }
    return Math.max(1, (int) Math.ceil((labelSize + gap) / cellSize));
  }

  /** The width in points of {@code text} in the figures' font at 1 point (measured at 100 points, for precision). */
  static double widthAtOnePoint(String text) {
    return new TextLayout(text, PaperStyle.font(100f), new FontRenderContext(null, true, true)).getBounds().getWidth() / 100;
  }
}
