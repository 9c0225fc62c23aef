package org.altml.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * An XY chart in {@link PaperStyle} whose legend, when it has one, is a strip below the axes, as many rows as the
 * entries need, each entry the series' line and marker and its name: XChart's own legend below the plot covered
 * the x axis's title, and to the right of the plot took a sixth of the width.
 */
final class LineFigure extends XYChart {
  private static final double ROW = 9;
  private static final double SAMPLE = 14;
  private boolean legend;

  LineFigure(int width, int height) {
    super(width, height);
    PaperStyle.lines(getStyler());
    getStyler().setLegendVisible(false);
  }

  /** The most markers a curve carries: beyond, every k-th point only, so that dense curves stay lines. */
  static final int MARKERS = 12;

  /**
   * The {@code index}-th curve: a line in the {@code index}-th colour, and the {@code index}-th marker on at most
   * {@link #MARKERS} of its points (every k-th and the last), the two shown as one entry in the legend. Colours and
   * markers are combined so that no two of the first 49 curves look alike.
   */
  XYSeries curve(String name, double[] x, double[] y, int index) {
    Color colour = PaperStyle.OKABE_ITO[index % PaperStyle.OKABE_ITO.length];
    org.knowm.xchart.style.markers.Marker marker =
        PaperStyle.MARKERS[(index + index / PaperStyle.OKABE_ITO.length) % PaperStyle.MARKERS.length];
    XYSeries line = addSeries(name, x, y);
    line.setLineColor(colour);
    line.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    int step = (x.length + MARKERS - 1) / MARKERS;
    List<Integer> at = new ArrayList<>();
    for (int i = x.length - 1; i >= 0; i -= Math.max(1, step)) {
      at.add(0, i);
    }
    XYSeries points = addSeries(name + " markers", at.stream().mapToDouble(i -> x[i]).toArray(),
        at.stream().mapToDouble(i -> y[i]).toArray());
    points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    points.setMarker(marker);
    points.setMarkerColor(colour);
    points.setShowInLegend(false);
    legendMarkers.put(name, marker);
    return line;
  }

  private final java.util.Map<String, org.knowm.xchart.style.markers.Marker> legendMarkers = new java.util.HashMap<>();

  /** The name of the invisible series of {@link #roundXTicks}. */
  static final String ANCHOR = "(x ticks)";

  /**
   * Ticks at round numbers on the x axis: when every x value of the chart is on one even spacing, XChart puts its ticks
   * on every k-th of them (a curve with a point every 7 examples had ticks at 28, 56, 84, ...); one invisible point off
   * that spacing (x = 0.5 at height {@code y}, no marker, not in the legend) makes it choose round steps instead.
   */
  void roundXTicks(double y) {
    XYSeries anchor = addSeries(ANCHOR, new double[] {0.5}, new double[] {y});
    anchor.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    anchor.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    anchor.setShowInLegend(false);
  }

  /** Whether the legend strip is drawn (for the series in the legend). */
  LineFigure legend(boolean shown) {
    this.legend = shown;
    return this;
  }

  private List<XYSeries> entries() {
    List<XYSeries> out = new ArrayList<>();
    if (legend) {
      for (XYSeries s : getSeriesCollection()) {
        if (s.isShowInLegend()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /** The legend's rows: each entry's index, greedily filled to {@code width} points. */
  private static List<List<Integer>> rows(List<Double> widths, double width) {
    List<List<Integer>> rows = new ArrayList<>();
    double used = width;
    for (int i = 0; i < widths.size(); i++) {
      if (rows.isEmpty() || used + widths.get(i) > width) {
        rows.add(new ArrayList<>());
        used = 0;
      }
      rows.get(rows.size() - 1).add(i);
      used += widths.get(i);
    }
    return rows;
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    List<XYSeries> entries = entries();
    if (entries.isEmpty()) {
      super.paint(g, width, height);
      return;
    }
    List<Double> widths = new ArrayList<>();
    for (XYSeries s : entries) {
      widths.add(SAMPLE + 3 + CellLabels.widthAtOnePoint(s.getName()) * PaperStyle.SMALL + 8);
    }
    List<List<Integer>> rows = rows(widths, width - 8.0);
    double strip = rows.size() * ROW + 2;
    g.setColor(Color.WHITE);
    g.fill(new Rectangle2D.Double(0, 0, width, height));
    super.paint(g, width, (int) Math.round(height - strip)); // the series' colours and markers are set by now
    setHeight(height);
    Object antialias = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    double y = height - strip + ROW / 2;
    for (List<Integer> row : rows) {
      double rowWidth = row.stream().mapToDouble(widths::get).sum() - 8;
      double x = (width - rowWidth) / 2;
      for (int i : row) {
        XYSeries s = entries.get(i);
        g.setColor(s.getLineColor() == null ? Color.BLACK : s.getLineColor());
        g.setStroke(s.getLineStyle() == null ? new BasicStroke(PaperStyle.LINE) : s.getLineStyle());
        g.draw(new Line2D.Double(x, y, x + SAMPLE, y));
        org.knowm.xchart.style.markers.Marker marker = legendMarkers.getOrDefault(s.getName(), s.getMarker());
        if (marker != null) {
          if (!legendMarkers.containsKey(s.getName()) && s.getMarkerColor() != null) {
            g.setColor(s.getMarkerColor()); // a curve's marker is in its line's colour, already set
          }
          marker.paint(g, x + SAMPLE / 2, y, getStyler().getMarkerSize());
        }
        Shape name = PaperStyle.outline(s.getName(), PaperStyle.SMALL);
        Rectangle2D ink = name.getBounds2D();
        g.setColor(PaperStyle.TEXT);
        g.fill(AffineTransform.getTranslateInstance(x + SAMPLE + 3 - ink.getX(), y - ink.getCenterY()).createTransformedShape(name));
        x += widths.get(i);
      }
      y += ROW;
    }
    if (antialias != null) {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, antialias);
    }
  }
}
