package org.altml.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Selection;
import org.altml.experiment.TuningResult;
import org.altml.experiment.stats.Friedman;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The experiment's figures as PNG files, drawn headless with XChart: the sensitivity heatmaps of the
 * paper's Figures 1 and 2 (a cross-validated metric over the first two searched parameters, η × M for
 * FALT, η × δ for SALT, the other parameters at the selected values), learning curves from the
 * prequential runs, and Demšar's critical-difference diagram. Files are written atomically.
 */
public final class Figures {
  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Figures() {}

  /** Writes {@code chart} as PNG to {@code out} (not closed; an {@code AtomicOutput}'s stream for a file whole or not at all). */
  public static void write(IChart chart, java.io.OutputStream out) throws IOException {
    // encoded in memory, then written: ImageIO writing a stream itself buffers through a cache file of its own and
    // replaces a failure of the stream (a full disk) by "I/O error writing PNG file!", which names no file, where
    // the caller's output names its target
    java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream(1 << 16);
    try (javax.imageio.stream.ImageOutputStream image = new javax.imageio.stream.MemoryCacheImageOutputStream(png)) {
      if (!javax.imageio.ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", image)) {
        throw new IOException("no PNG writer in this Java runtime");
      }
    }
    png.writeTo(out);
  }

  /**
   * The heatmap of {@code metric} (one of the seven, in percent) over the first two axes of the tuning grid,
   * the other axes at the selected setting's values; cells the search did not evaluate are left out. Null
   * when the grid has fewer than two axes.
   */
  public static HeatMapChart heatmap(String title, TuningResult tuning, String metric) {
    Grid grid = tuning.grid();
    if (grid.axes().size() < 2) {
      return null;
    }
    int m = Analysis.METRICS.indexOf(metric);
    Grid.Axis x = grid.axes().get(0);
    Grid.Axis y = grid.axes().get(1);
    int[] chosen = grid.coordinates(tuning.best().gridIndex());
    List<Number[]> cells = new ArrayList<>();
    for (TuningResult.Candidate c : tuning.candidates()) {
      int[] at = grid.coordinates(c.gridIndex());
      boolean slice = true;
      for (int a = 2; a < at.length; a++) {
        slice &= at[a] == chosen[a];
      }
      if (slice && !Double.isNaN(c.means()[m])) {
        cells.add(new Number[] {at[0], at[1], Math.round(1000 * c.means()[m]) / 10.0});
      }
    }
    HeatMapChart chart = new HeatMapChartBuilder().width(900).height(640).title(title)
        .xAxisTitle(symbol(x)).yAxisTitle(symbol(y)).build();
    chart.getStyler().setShowValue(grid.size() <= 200 || x.values().size() * y.values().size() <= 121);
    chart.getStyler().setMin(cells.stream().mapToDouble(c -> c[2].doubleValue()).min().orElse(0));
    chart.getStyler().setMax(cells.stream().mapToDouble(c -> c[2].doubleValue()).max().orElse(1));
    chart.getStyler().setRangeColors(new Color[] {new Color(0x30, 0x30, 0x90), new Color(0x40, 0xa0, 0xa0), new Color(0xf0, 0xe0, 0x40)});
    chart.getStyler().setLegendVisible(true);
    chart.addSeries(Analysis.HEADERS.get(m) + " [%] (" + tuning.config().folds() + "-fold CV)", labels(x), labels(y), cells);
    return chart;
  }

  /**
   * The sensitivity figure of a tuning: {@link #heatmap} over two or more axes; over one axis (the PA baselines'
   * C), {@code metric} against the axis's values, log2 for powers of two. Null for a grid without axes.
   */
  public static IChart sensitivity(String title, TuningResult tuning, String metric) {
    Grid grid = tuning.grid();
    if (grid.axes().size() != 1) {
      return heatmap(title, tuning, metric);
    }
    int m = Analysis.METRICS.indexOf(metric);
    Grid.Axis x = grid.axes().get(0);
    List<String> labels = labels(x);
    boolean powers = labels.stream().allMatch(l -> l.startsWith("2^"));
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (TuningResult.Candidate c : tuning.candidates()) {
      if (!Double.isNaN(c.means()[m])) {
        int i = grid.coordinates(c.gridIndex())[0];
        xs.add(powers ? (double) Integer.parseInt(labels.get(i).substring(2)) : i);
        ys.add(Math.round(1000 * c.means()[m]) / 10.0);
      }
    }
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
        .xAxisTitle(symbol(x) + (powers ? ", log2" : ", grid position")).yAxisTitle(Analysis.HEADERS.get(m) + " [%] ("
            + tuning.config().folds() + "-fold CV)").build();
    chart.getStyler().setLegendVisible(false);
    chart.addSeries(Analysis.HEADERS.get(m), xs, ys).setMarker(SeriesMarkers.CIRCLE);
    return chart;
  }

  private static String symbol(Grid.Axis a) {
    String s = a.parameter().symbol();
    return (s.isEmpty() ? a.parameter().name() : s + " (" + a.parameter().name() + ")");
  }

  /** Axis labels: powers of two as 2^e, other values as they are. */
  private static List<String> labels(Grid.Axis a) {
    List<String> out = new ArrayList<>();
    for (Object v : a.values()) {
      double d = ((Number) (v instanceof Number ? v : 0)).doubleValue();
      int e = Math.getExponent(d);
      out.add(v instanceof Number && d > 0 && d == Math.scalb(1.0, e) ? "2^" + e : a.parameter().format(v));
    }
    return out;
  }

  /** Learning curves of {@code metric} (cumulative, in percent) of every learner with a curve. Null when none has one. */
  public static XYChart curves(String title, List<Experiment.LearnerOutcome> learners, String metric) {
    int m = Analysis.METRICS.indexOf(metric);
    XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle("examples (prequential, training set)")
        .yAxisTitle("cumulative " + Analysis.HEADERS.get(m) + " [%]").build();
    chart.getStyler().setMarkerSize(4);
    boolean any = false;
    for (Experiment.LearnerOutcome l : learners) {
      Experiment.Curve c = l.curve();
      if (c == null || c.examples().length == 0) {
        continue;
      }
      double[] x = new double[c.examples().length];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = c.examples()[i];
        y[i] = 100 * c.cumulative()[i][m];
        if (Double.isNaN(y[i])) {
          y[i] = 0;
        }
      }
      chart.addSeries(Tables.paperName(l.name()), x, y);
      any = true;
    }
    return any ? chart : null;
  }

  /**
   * Demšar's critical-difference diagram: the learners' average ranks on an axis (1 = best, left), the
   * Nemenyi CD as a bar, and learners whose ranks differ by less than CD joined by a thick line.
   */
  public static XYChart criticalDifference(String title, Friedman f, List<String> learners) {
    int k = learners.size();
    XYChart chart = new XYChartBuilder().width(900).height(120 + 40 * k).title(title).xAxisTitle("average rank").build();
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setYAxisTicksVisible(false);
    chart.getStyler().setYAxisMin(-1.0 - k);
    chart.getStyler().setYAxisMax(2.0);
    chart.getStyler().setXAxisMin(1.0);
    chart.getStyler().setXAxisMax((double) k);
    chart.getStyler().setPlotGridLinesVisible(false);
    Integer[] order = new Integer[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> Double.compare(f.averageRanks()[a], f.averageRanks()[b]));
    for (int i = 0; i < k; i++) {
      int j = order[i];
      double r = f.averageRanks()[j];
      double level = -1 - i;
      XYSeries s = chart.addSeries("learner " + i, new double[] {r, r}, new double[] {0, level});
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(Color.DARK_GRAY);
      chart.addAnnotation(new AnnotationText(String.format(java.util.Locale.ROOT, "%s (%.2f)", Tables.paperName(learners.get(j)), r),
          Math.min(k - 0.3, r + 0.05 * k), level, false));
    }
    if (!Double.isNaN(f.criticalDifference())) {
      XYSeries cd = chart.addSeries("CD", new double[] {1, 1 + f.criticalDifference()}, new double[] {1.2, 1.2});
      cd.setMarker(SeriesMarkers.NONE);
      cd.setLineColor(Color.BLACK);
      cd.setLineStyle(new BasicStroke(3f));
      chart.addAnnotation(new AnnotationText(String.format(java.util.Locale.ROOT, "CD = %.2f", f.criticalDifference()),
          1 + f.criticalDifference() / 2, 1.6, false));
      // cliques: maximal runs of consecutive (by rank) learners within CD
      int clique = 0;
      int lastEnd = -1;
      for (int i = 0; i < k; i++) {
        int end = i;
        while (end + 1 < k && f.averageRanks()[order[end + 1]] - f.averageRanks()[order[i]] < f.criticalDifference()) {
          end++;
        }
        if (end > i && end > lastEnd) {
          double y = -0.3 - 0.25 * clique++;
          XYSeries s = chart.addSeries("clique " + i, new double[] {f.averageRanks()[order[i]] - 0.02, f.averageRanks()[order[end]] + 0.02},
              new double[] {y, y});
          s.setMarker(SeriesMarkers.NONE);
          s.setLineColor(Color.RED);
          s.setLineStyle(new BasicStroke(4f));
          lastEnd = end;
        }
      }
    }
    return chart;
  }

  /** The seven metrics' column in {@link Selection#PAPER_MEASURES} order for a metric name. */
  static int column(String metric) {
    return Analysis.METRICS.indexOf(metric);
  }
}
