package org.altml.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Locale;
import org.altml.experiment.stats.Friedman;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Demšar's critical-difference diagram (2006, Fig. 1), drawn with XChart's lines and texts in data units: the rank
 * axis at the top (1 = best, at the left), the CD bar above it, the cliques (runs of learners within CD of each
 * other) as thick bars under it, and each learner's line down from its average rank and out to a name at the side,
 * the better half to the left, the worse half to the right, so that no line crosses a name.
 */
final class CdDiagram {
  private CdDiagram() {}

  private static final double LEVEL = 1.0;
  private static final double CLIQUE = 0.32;

  static XYChart of(Friedman f, List<String> learners) {
    int k = learners.size();
    Integer[] order = new Integer[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> Double.compare(f.averageRanks()[a], f.averageRanks()[b]));
    String[] labels = new String[k];
    double leftWidth = 0;
    double rightWidth = 0;
    int half = (k + 1) / 2;
    for (int i = 0; i < k; i++) {
      int j = order[i];
      labels[i] = String.format(Locale.ROOT, "%s (%.2f)", Tables.paperName(learners.get(j)), f.averageRanks()[j]);
      double w = CellLabels.widthAtOnePoint(labels[i]) * PaperStyle.SMALL;
      if (i < half) {
        leftWidth = Math.max(leftWidth, w);
      } else {
        rightWidth = Math.max(rightWidth, w);
      }
    }
    int[][] cliques = cliques(f, order);
    int levels = Math.max(half, k - half);
    double firstLevel = -0.7 - CLIQUE * cliques.length;
    double yMin = firstLevel - LEVEL * (levels - 1) - 0.6;
    double yMax = 2.5;
    int height = (int) Math.round(18 + 10 * (yMax - yMin)); // about 10 points a unit in the plot
    XYChart chart = new LineFigure(PaperStyle.WIDTH, height);
    chart.getStyler().setXAxisTicksVisible(false);
    chart.getStyler().setYAxisTicksVisible(false);
    chart.getStyler().setPlotGridLinesVisible(false);
    chart.getStyler().setYAxisMin(yMin);
    chart.getStyler().setYAxisMax(yMax);
    // the rank axis spans 1 .. max(k, 1 + CD); the names need room beyond its ends, in rank units
    double cd = f.criticalDifference();
    double span = Math.max(Math.max(2, k), Double.isNaN(cd) ? 1 : 1 + cd) - 1;
    double plotWidth = PaperStyle.WIDTH - 10.0;
    double elbow = 6; // points from the axis's end to a name's elbow
    double perPoint = span / (plotWidth - leftWidth - rightWidth - 2 * elbow - 5);
    double left = 1 - (leftWidth + elbow + 2.5) * perPoint;
    double right = 1 + span + (rightWidth + elbow + 2.5) * perPoint;
    chart.getStyler().setXAxisMin(left);
    chart.getStyler().setXAxisMax(right);
    BasicStroke thin = new BasicStroke(0.6f);
    line(chart, "axis", 1, 0, 1 + span, 0, Color.BLACK, thin);
    for (int r = 1; r <= 1 + span + 1e-9; r++) {
      line(chart, "tick " + r, r, 0, r, 0.22, Color.BLACK, thin);
      chart.addAnnotation(new AnnotationText(Integer.toString(r), r, 0.75, false));
    }
    if (!Double.isNaN(cd)) {
      line(chart, "CD", 1, 1.45, 1 + cd, 1.45, Color.BLACK, new BasicStroke(1.2f));
      line(chart, "CD start", 1, 1.3, 1, 1.6, Color.BLACK, thin);
      line(chart, "CD end", 1 + cd, 1.3, 1 + cd, 1.6, Color.BLACK, thin);
      chart.addAnnotation(new AnnotationText(String.format(Locale.ROOT, "CD = %.2f", cd), 1 + cd / 2, 2.05, false));
    }
    for (int c = 0; c < cliques.length; c++) {
      double y = -0.45 - CLIQUE * c;
      line(chart, "clique " + c, f.averageRanks()[order[cliques[c][0]]] - 0.03 * span / 5,
          y, f.averageRanks()[order[cliques[c][1]]] + 0.03 * span / 5, y, Color.BLACK, new BasicStroke(2.2f));
    }
    for (int i = 0; i < k; i++) {
      double r = f.averageRanks()[order[i]];
      boolean toLeft = i < half;
      int n = toLeft ? i : k - 1 - i; // the best and the worst nearest the axis: no line crosses another's elbow
      double y = firstLevel - LEVEL * n;
      double end = toLeft ? left + (leftWidth + 2.5) * perPoint : right - (rightWidth + 2.5) * perPoint;
      line(chart, "learner " + i, r, 0, r, y, Color.DARK_GRAY, thin);
      line(chart, "elbow " + i, r, y, end, y, Color.DARK_GRAY, thin);
      double w = CellLabels.widthAtOnePoint(labels[i]) * PaperStyle.SMALL * perPoint;
      double centre = toLeft ? end - 2 * perPoint - w / 2 : end + 2 * perPoint + w / 2;
      chart.addAnnotation(new AnnotationText(labels[i], centre, y, false));
    }
    return chart;
  }

  /** The cliques as {first, last} positions in rank order: maximal runs within CD, each not inside an earlier one. */
  static int[][] cliques(Friedman f, Integer[] order) {
    double cd = f.criticalDifference();
    java.util.List<int[]> out = new java.util.ArrayList<>();
    if (Double.isNaN(cd)) {
      return new int[0][];
    }
    int lastEnd = -1;
    for (int i = 0; i < order.length; i++) {
      int end = i;
      while (end + 1 < order.length && f.averageRanks()[order[end + 1]] - f.averageRanks()[order[i]] < cd) {
        end++;
      }
      if (end > i && end > lastEnd) {
        out.add(new int[] {i, end});
        lastEnd = end;
      }
    }
    return out.toArray(int[][]::new);
  }

  private static void line(XYChart chart, String name, double x0, double y0, double x1, double y1, Color colour, BasicStroke stroke) {
    XYSeries s = chart.addSeries(name, new double[] {x0, x1}, new double[] {y0, y1});
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(colour);
    s.setLineStyle(stroke);
    s.setShowInLegend(false);
  }
}
