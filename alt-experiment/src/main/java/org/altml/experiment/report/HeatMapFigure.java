package org.altml.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * A heat map in {@link PaperStyle}: XChart draws the cells and the axes in the figure less a strip at the right;
 * this draws the colour bar in that strip (ticks at round values, the metric's name), the numbers in the cells
 * ({@link CellLabels}: sized to the cells, left out when the cells are too small, black or white against each
 * cell's colour) and outlines one marked cell (the selected setting). Axis labels that would overlap are thinned
 * to every k-th category, k a round step.
 */
final class HeatMapFigure extends HeatMapChart {
  /** The colour of cells without a value (settings an adaptive search left out): a light grey, unlike any of viridis. */
  static final Color NOT_EVALUATED = new Color(0xE6E6E6);
  /** The colour bar's strip at the right, in points. */
  static final int BAR = 46;

  private final int columns;
  private final int rows;
  private final List<Number[]> cells;
  private final String metric;
  private final int markX;
  private final int markY;
  private CellLabels.Layout layout = CellLabels.NONE;
  private double cellWidth;

  /**
   * A heat map of {@code cells} ({x, y, value}) over {@code xLabels} × {@code yLabels}, the cell at ({@code markX},
   * {@code markY}) outlined (-1: none), the colour scale from {@code min} to {@code max} named {@code metric}.
   */
  HeatMapFigure(int height, String xTitle, List<String> xLabels, String yTitle, List<String> yLabels, String metric,
      List<Number[]> cells, double min, double max, int markX, int markY) {
    super(new HeatMapChartBuilder().width(PaperStyle.WIDTH).height(height)); // (int, int) leaves the styles unset
    this.columns = xLabels.size();
    this.rows = yLabels.size();
    this.cells = List.copyOf(cells);
    this.metric = metric;
    this.markX = markX;
    this.markY = markY;
    PaperStyle.heatMap(getStyler());
    getStyler().setMin(min);
    getStyler().setMax(max > min ? max : min + 1);
    setXAxisTitle(xTitle);
    setYAxisTitle(yTitle);
    // the cells are drawn here, seamless (XChart's show hairlines between): XChart gets one outside the grid, which it
    // skips (it refuses none at all)
    addSeries(metric, xLabels, yLabels, outside());
    // laid out once on scratch to learn the cells' size, then the axis labels thinned to what fits
    BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = scratch.createGraphics();
    try {
      paintChart(g, getWidth(), getHeight());
    } finally {
      g.dispose();
    }
    Rectangle2D plot = this.plot.getBounds();
    int xStep = roundStep(CellLabels.step(plot.getWidth() / columns, widest(xLabels) * PaperStyle.SMALL + 2));
    int yStep = roundStep(CellLabels.step(plot.getHeight() / rows, PaperStyle.SMALL));
    updateSeries(metric, thinned(xLabels, xStep), thinned(yLabels, yStep), outside());
  }

  private List<Number[]> outside() {
    List<Number[]> none = new ArrayList<>();
    none.add(new Number[] {columns, rows, getStyler().getMin()});
    return none;
  }

  private static double widest(List<String> labels) {
    double w = 0;
    for (String l : labels) {
      w = Math.max(w, CellLabels.widthAtOnePoint(l.isEmpty() ? " " : l));
    }
    return w;
  }

  /** The smallest of 1, 2, 5, 10, 20, 50, ... at least {@code step}. */
  static int roundStep(int step) {
    for (int scale = 1; ; scale *= 10) {
      for (int m : new int[] {1, 2, 5}) {
        if (m * scale >= step) {
          return m * scale;
        }
      }
    }
  }

  /**
   * Every {@code step}-th label kept, the others blank (each category keeps its place, the blanks distinct: runs
   * of zero-width spaces). Consecutive whole numbers (the exponents of a log2 axis) keep the multiples of {@code
   * step} (-10, -5, 0, 5, 10); other labels every {@code step}-th from the first.
   */
  static List<String> thinned(List<String> labels, int step) {
    boolean consecutive = true;
    for (int i = 0; i < labels.size() && consecutive; i++) {
      consecutive = labels.get(i).matches("-?\\d{1,9}") && (i == 0
          || Integer.parseInt(labels.get(i)) == Integer.parseInt(labels.get(i - 1)) + 1);
    }
    List<String> out = new ArrayList<>(labels.size());
    for (int i = 0; i < labels.size(); i++) {
      boolean keep = consecutive ? Integer.parseInt(labels.get(i)) % step == 0 : i % step == 0;
      out.add(keep ? labels.get(i) : "\u200b".repeat(i + 1));
    }
    return out;
  }

  /** XChart's part, the figure less the colour bar's strip; the chart's width is its own again afterwards. */
  private void paintChart(Graphics2D g, int width, int height) {
    super.paint(g, width - BAR, height);
    setWidth(width);
  }

  /** The layout of the cell numbers at the last paint (for tests). */
  CellLabels.Layout layout() {
    return layout;
  }

  /** A cell's width in points at the last paint (for tests). */
  double cellWidth() {
    return cellWidth;
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    g.setColor(Color.WHITE);
    g.fill(new Rectangle2D.Double(0, 0, width, height));
    paintChart(g, width, height);
    Rectangle2D plot = this.plot.getBounds();
    cellWidth = plot.getWidth() / columns;
    double cellHeight = plot.getHeight() / rows;
    double[] values = cells.stream().mapToDouble(c -> c[2].doubleValue()).toArray();
    layout = CellLabels.layout(cellWidth, cellHeight, values, CellLabels::widthAtOnePoint);
    Object antialias = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(NOT_EVALUATED);
    g.fill(plot);
    for (Number[] c : cells) {
      Rectangle2D cell = cell(plot, c[0].intValue(), c[1].intValue(), cellHeight);
      g.setColor(colour(c[2].doubleValue()));
      // a hair wider and higher than the cell, under its right and upper neighbours: no seam in anti-aliasing
      boolean right = c[0].intValue() < columns - 1;
      boolean up = c[1].intValue() < rows - 1;
      g.fill(new Rectangle2D.Double(cell.getX(), cell.getY() - (up ? 0.3 : 0), cell.getWidth() + (right ? 0.3 : 0),
          cell.getHeight() + (up ? 0.3 : 0)));
    }
    if (layout.shown()) {
      for (Number[] c : cells) {
        double value = c[2].doubleValue();
        Rectangle2D cell = cell(plot, c[0].intValue(), c[1].intValue(), cellHeight);
        g.setColor(HeatMapFigure.luminance(colour(value)) > 0.179 ? Color.BLACK : Color.WHITE);
        g.fill(centred(PaperStyle.outline(layout.format(value), layout.fontSize()), cell.getCenterX(), cell.getCenterY()));
      }
    }
    if (markX >= 0 && markY >= 0) {
      Rectangle2D cell = cell(plot, markX, markY, cellHeight);
      g.setStroke(new BasicStroke(1.6f));
      g.setColor(Color.WHITE);
      g.draw(cell);
      g.setStroke(new BasicStroke(0.7f));
      g.setColor(Color.BLACK);
      g.draw(cell);
    }
    colourBar(g, width, plot);
    if (antialias != null) {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, antialias);
    }
  }

  /** The colour bar as high as the plot: 96 bands, ticks at round values, the metric's name turned along it. */
  private void colourBar(Graphics2D g, int width, Rectangle2D plot) {
    double x = width - BAR + 8;
    double w = 7;
    double top = plot.getY();
    double h = plot.getHeight();
    double min = getStyler().getMin();
    double max = getStyler().getMax();
    int bands = 96;
    for (int i = 0; i < bands; i++) {
      double v = min + (max - min) * (i + 0.5) / bands;
      g.setColor(colour(v));
      // a hair of overlap, so that no seam shows between the bands in a viewer's anti-aliasing
      g.fill(new Rectangle2D.Double(x, top + h - h * (i + 1) / bands, w, h / bands + 0.3));
    }
    g.setColor(Color.BLACK);
    g.setStroke(new BasicStroke(0.5f));
    double step = tickStep(max - min);
    int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
    double labelsRight = x + w;
    for (double t = Math.ceil(min / step - 1e-9) * step; t <= max + 1e-9 * step; t += step) {
      double y = top + h - h * (t - min) / (max - min);
      g.draw(new Line2D.Double(x + w, y, x + w + 2, y));
      Shape label = PaperStyle.outline(String.format(Locale.ROOT, "%." + decimals + "f", t), PaperStyle.SMALL);
      Rectangle2D ink = label.getBounds2D();
      g.fill(AffineTransform.getTranslateInstance(x + w + 3.5 - ink.getX(), y - ink.getCenterY()).createTransformedShape(label));
      labelsRight = Math.max(labelsRight, x + w + 3.5 + ink.getWidth());
    }
    Shape title = PaperStyle.outline(metric, PaperStyle.SMALL);
    Rectangle2D ink = title.getBounds2D();
    // turned as the y axis's title, read upwards
    AffineTransform at = AffineTransform.getTranslateInstance(Math.min(width - 1.5, labelsRight + 3 + ink.getHeight()),
        top + h / 2);
    at.rotate(-Math.PI / 2);
    at.translate(-ink.getCenterX(), -ink.getMaxY());
    g.fill(at.createTransformedShape(title));
  }

  /** A round step (1, 2 or 5 times a power of ten) giving three to six ticks over {@code range}. */
  static double tickStep(double range) {
    if (!(range > 0)) {
      return 1;
    }
    double magnitude = Math.pow(10, Math.floor(Math.log10(range / 3)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (range / (m * magnitude) <= 6) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }

  private static Shape centred(Shape s, double cx, double cy) {
    Rectangle2D ink = s.getBounds2D();
    return AffineTransform.getTranslateInstance(cx - ink.getCenterX(), cy - ink.getCenterY()).createTransformedShape(s);
  }

  /** The cell at column {@code x}, row {@code y} (row 0 at the bottom), as XChart places it (plot content size 1). */
  private Rectangle2D cell(Rectangle2D plot, int x, int y, double cellHeight) {
    return new Rectangle2D.Double(plot.getX() + cellWidth * x, plot.getY() + cellHeight * (rows - 1 - y), cellWidth, cellHeight);
  }

  /** The colour XChart gives {@code value}: the range colours interpolated linearly (its gradient mode). */
  private Color colour(double value) {
    Color[] range = getStyler().getRangeColors();
    double min = getStyler().getMin();
    double max = getStyler().getMax();
    double t = max > min ? Math.max(0, Math.min(1, (value - min) / (max - min))) : 0;
    double index = t * (range.length - 1);
    int i = Math.min((int) index, range.length - 2);
    double f = index - i;
    Color a = range[i];
    Color b = range[i + 1];
    return new Color((int) (a.getRed() + f * (b.getRed() - a.getRed())), (int) (a.getGreen() + f * (b.getGreen() - a.getGreen())),
        (int) (a.getBlue() + f * (b.getBlue() - a.getBlue())));
  }

  /**
   * Relative luminance (WCAG) of {@code c}, 0 (black) to 1 (white); above 0.179 black text has the higher contrast
   * ((L + 0.05) / 0.05 against 1.05 / (L + 0.05)), below it white.
   */
  static double luminance(Color c) {
    double[] rgb = {c.getRed() / 255.0, c.getGreen() / 255.0, c.getBlue() / 255.0};
    for (int i = 0; i < 3; i++) {
      rgb[i] = rgb[i] <= 0.03928 ? rgb[i] / 12.92 : Math.pow((rgb[i] + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  }
}
