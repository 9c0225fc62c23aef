package org.altml.experiment.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Selection;
import org.altml.experiment.TuningResult;
import org.altml.experiment.stats.Friedman;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The experiment's figures, drawn headless with XChart in {@link PaperStyle} (one column wide, no title inside the
 * plot: the title and what the figure shows go into its caption, {@link Captions}): the sensitivity heatmaps of the
 * paper's Figures 1 and 2 (a cross-validated metric over the first two searched parameters, η × M for FALT, η × δ
 * for SALT, the other parameters at the selected values), learning curves from the prequential runs, and Demšar's
 * critical-difference diagram. Each is written as PNG, PDF and SVG ({@link #write(IChart, String, java.io.OutputStream)}).
 */
final class Figures {
  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Figures() {}

  /** The formats every figure is written in, as file name suffixes: {@code png}, {@code pdf}, {@code svg}. */
  public static final List<String> FORMATS = Encoders.FORMATS;

  /** Writes {@code chart} as PNG to {@code out} (not closed; an {@code AtomicOutput}'s stream for a file whole or not at all). */
  static void write(IChart chart, java.io.OutputStream out) throws IOException {
    Encoders.png(chart, out);
  }

  /**
   * Writes {@code chart} in {@code format}, one of {@link #FORMATS}, to {@code out} (not closed): a PNG of 300 dpi, or
   * a PDF or SVG page of the figure's printed size.
   */
  static void write(IChart chart, String format, java.io.OutputStream out) throws IOException {
    Encoders.write(chart, format, out);
  }

  /** The heat map's height in points for {@code columns} × {@code rows} cells: cells about square, the plot 70 to 170 high. */
  private static int heatMapHeight(int columns, int rows) {
    double plotWidth = PaperStyle.WIDTH - HeatMapFigure.BAR - 30.0; // less the colour bar, the y axis's labels and title
    double plotHeight = Math.max(70, Math.min(170, plotWidth / columns * rows));
    return (int) Math.round(plotHeight + 34); // the x axis's labels and title, the padding
  }

  /**
   * The heatmap of {@code metric} (one of the seven, in percent) over the first two axes of the tuning grid,
   * the other axes at the selected setting's values ({@link Captions#sensitivity} names them), the selected setting
   * outlined; cells the search did not evaluate are left blank. Null when the grid has fewer than two axes.
   */
  static HeatMapChart heatmap(TuningResult tuning, String metric) {
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
        cells.add(new Number[] {at[0], at[1], 100 * c.means()[m]});
      }
    }
    double min = cells.stream().mapToDouble(c -> c[2].doubleValue()).min().orElse(0);
    double max = cells.stream().mapToDouble(c -> c[2].doubleValue()).max().orElse(1);
    return new HeatMapFigure(heatMapHeight(x.values().size(), y.values().size()), axisTitle(x), labels(x), axisTitle(y),
        labels(y), Analysis.HEADERS.get(m) + " [%]", cells, min, max, chosen[0], chosen[1]);
  }

  /**
   * The sensitivity figure of a tuning: {@link #heatmap} over two or more axes; over one axis (the PA baselines'
   * C), {@code metric} against the axis's values, log2 for powers of two. Null for a grid without axes.
   */
  static IChart sensitivity(TuningResult tuning, String metric) {
    Grid grid = tuning.grid();
    if (grid.axes().size() != 1) {
      return heatmap(tuning, metric);
    }
    int m = Analysis.METRICS.indexOf(metric);
    Grid.Axis x = grid.axes().get(0);
    boolean powers = powersOfTwo(x);
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (TuningResult.Candidate c : tuning.candidates()) {
      if (!Double.isNaN(c.means()[m])) {
        int i = grid.coordinates(c.gridIndex())[0];
        xs.add(powers ? Math.getExponent(((Number) x.values().get(i)).doubleValue()) : ((Number) value(x, i)).doubleValue());
        ys.add(100 * c.means()[m]);
      }
    }
    XYChart chart = new LineFigure(PaperStyle.WIDTH, 150);
    boolean numbers = x.values().stream().allMatch(v -> v instanceof Number);
    chart.setXAxisTitle(axisTitle(x) + (numbers ? "" : ", position in " + String.join(", ", labels(x))));
    chart.setYAxisTitle(cvTitle(tuning, m));
    if (powers) {
      chart.getStyler().setXAxisDecimalPattern("0");
    }
    chart.addSeries(Analysis.HEADERS.get(m), xs, ys);
    if (xs.isEmpty()) {
      return chart;
    }
    int chosen = grid.coordinates(tuning.best().gridIndex())[0];
    double bx = powers ? Math.getExponent(((Number) x.values().get(chosen)).doubleValue()) : ((Number) value(x, chosen)).doubleValue();
    XYSeries best = chart.addSeries("selected", new double[] {bx}, new double[] {100 * tuning.best().means()[m]});
    best.setMarker(SeriesMarkers.CIRCLE);
    best.setMarkerColor(PaperStyle.OKABE_ITO[1]);
    best.setShowInLegend(false);
    return chart;
  }

  private static Object value(Grid.Axis a, int i) {
    Object v = a.values().get(i);
    return v instanceof Number ? v : i;
  }

  /** The y title of a cross-validated metric: {@code F1 [%], 5-fold CV}. */
  private static String cvTitle(TuningResult tuning, int m) {
    return Analysis.HEADERS.get(m) + " [%], " + tuning.config().folds() + "-fold CV";
  }

  /** Whether every value of {@code a} is a positive power of two (then the axis shows exponents, log2). */
  static boolean powersOfTwo(Grid.Axis a) {
    for (Object v : a.values()) {
      if (!(v instanceof Number n) || !(n.doubleValue() > 0) || n.doubleValue() != Math.scalb(1.0, Math.getExponent(n.doubleValue()))) {
        return false;
      }
    }
    return true;
  }

  /** An axis's title: {@code log₂ η} for powers of two, else the symbol (or the name); parameters carry no unit. */
  static String axisTitle(Grid.Axis a) {
    String s = a.parameter().symbol().isEmpty() ? a.parameter().name() : a.parameter().symbol();
    return powersOfTwo(a) ? "log\u2082 " + s : s;
  }

  /** Axis labels: the exponents of powers of two (the title says log₂), other values as they are. */
  static List<String> labels(Grid.Axis a) {
    List<String> out = new ArrayList<>();
    boolean powers = powersOfTwo(a);
    for (Object v : a.values()) {
      out.add(powers ? Integer.toString(Math.getExponent(((Number) v).doubleValue())) : a.parameter().format(v));
    }
    return out;
  }

  /** Learning curves of {@code metric} (cumulative, in percent) of every learner with a curve. Null when none has one. */
  static XYChart curves(List<Experiment.LearnerOutcome> learners, String metric) {
    int m = Analysis.METRICS.indexOf(metric);
    LineFigure chart = new LineFigure(PaperStyle.WIDTH, 180).legend(true);
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisTickMarkSpacingHint(50); // room for 10,000 and the like
    chart.setXAxisTitle("examples seen (prequential pass)");
    chart.setYAxisTitle("cumulative " + Analysis.HEADERS.get(m) + " [%]");
    int n = 0;
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
      chart.curve(Tables.paperName(l.name()), x, y, n++);
      if (n == 1) {
        chart.roundXTicks(y[0]);
      }
    }
    return n > 0 ? chart : null;
  }

  /**
   * Demšar's critical-difference diagram ({@link CdDiagram}): the learners' average ranks on an axis (1 = best,
   * left), the Nemenyi CD as a bar, and learners whose ranks differ by less than CD joined by a thick line.
   */
  static XYChart criticalDifference(Friedman f, List<String> learners) {
    return CdDiagram.of(f, learners);
  }

  /** The seven metrics' column in {@link Selection#PAPER_MEASURES} order for a metric name. */
  static int column(String metric) {
    return Analysis.METRICS.indexOf(metric);
  }
}
