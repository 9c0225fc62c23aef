package org.altml.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Search;
import org.altml.experiment.TuningResult;
import org.altml.experiment.stats.Friedman;

/**
 * The caption file beside each figure ({@code NAME.caption.txt}): its title on the first line (the figures carry
 * none inside the plot), then what it shows, the data, the metric and the protocol, and everything held fixed: for
 * a heat map over two of more searched parameters, the slice (the other searched parameters at the selected
 * setting's values: the M factor of a SALT heat map) and M in effect, and the parameters not searched.
 */
public final class Captions {
  private Captions() {}

  /**
   * The caption of {@link Figures#sensitivity}: {@code dataset}'s tuning of {@code learner} by {@code metric}, the
   * training set of {@code examples} examples and {@code numLabels} labels.
   */
  public static String sensitivity(String dataset, String learner, TuningResult tuning, String metric, int examples,
      int numLabels) {
    Grid grid = tuning.grid();
    String header = Analysis.HEADERS.get(Analysis.METRICS.indexOf(metric));
    String name = Tables.paperName(learner);
    List<Grid.Axis> axes = grid.axes();
    Grid.Axis x = axes.get(0);
    boolean heat = axes.size() >= 2;
    StringBuilder c = new StringBuilder();
    c.append(dataset).append(": ").append(name).append(", cross-validated ").append(header).append(" over ")
        .append(symbol(x)).append(heat ? " and " + symbol(axes.get(1)) : "").append('\n');
    c.append(heat ? "Each cell is one setting: " : "Each point is one setting: ").append(header).append(" [%] on the held-out")
        .append(" fold, the mean over the ").append(tuning.config().folds()).append(" folds of cross-validation on the training")
        .append(" set only (").append(examples).append(" examples, ").append(numLabels).append(" labels; folds of seed ")
        .append(tuning.config().seed()).append(", features ").append(tuning.config().scaling() == org.altml.core.eval.FeatureScaling.NONE
            ? "not scaled" : "scaled: " + tuning.config().scaling().cliName())
        .append(", search ").append(tuning.config().search().cliName()).append(").");
    c.append(heat ? " x axis: " : " Axis: ").append(describe(x)).append('.');
    if (heat) {
      c.append(" y axis: ").append(describe(axes.get(1))).append('.');
      c.append(" Colour: viridis, dark (low) to yellow (high) over the cells' range; the numbers in the cells are")
          .append(" the values where the cells have room for them.");
    }
    Settings selected = tuning.selected();
    int[] chosen = grid.coordinates(tuning.best().gridIndex());
    c.append(heat ? " Outlined cell: " : " Highlighted point: ").append("the selected setting (")
        .append(assignments(axes.subList(0, heat ? 2 : 1), chosen)).append("), chosen by ")
        .append(tuning.config().selection().name().equals("paper") ? "the paper's rule over the seven metrics"
            : "the best mean " + tuning.config().selection().name())
        .append('.');
    if (axes.size() > 2) {
      c.append(" Slice: ").append(assignments(axes.subList(2, axes.size()), java.util.Arrays.copyOfRange(chosen, 2, chosen.length)))
          .append(" (searched too; the figure shows the selected setting's value");
      c.append(axes.size() > 3 ? "s" : "").append(").");
    }
    List<String> plotted = axes.subList(0, Math.min(2, axes.size())).stream().map(a -> a.parameter().name()).toList();
    if (selected.spec().parameters().contains(CommonParameters.MAX_UPDATES) && !plotted.contains(CommonParameters.MAX_UPDATES.name())
        && !plotted.contains(CommonParameters.MAX_UPDATES_FACTOR.name())) {
      int m = CommonParameters.maxUpdates(selected, numLabels);
      Double factor = selected.get(CommonParameters.MAX_UPDATES_FACTOR);
      c.append(" In every ").append(heat ? "cell" : "point").append(" M = ")
          .append(factor == null ? "" : "max(1, ⌈m·L⌉) = ").append(m).append(m == 1 ? " update" : " updates")
          .append(" at most per example");
      if (factor != null) {
        c.append(" (m = ").append(plain(factor)).append(", L = ").append(numLabels).append(" labels)");
      }
      c.append('.');
    }
    List<String> fixed = new ArrayList<>();
    for (Map.Entry<String, String> e : selected.asTextInEffect().entrySet()) {
      boolean searched = axes.stream().anyMatch(a -> a.parameter().name().equals(e.getKey()));
      if (!searched && !e.getValue().isEmpty()) {
        fixed.add(e.getKey() + " = " + e.getValue());
      }
    }
    if (!fixed.isEmpty()) {
      c.append(" Not searched: ").append(String.join(", ", fixed)).append('.');
    }
    if (tuning.config().search() != Search.FULL) {
      c.append(heat ? " Grey cells" : " Missing points").append(": settings the ").append(tuning.config().search().cliName())
          .append(" search did not evaluate on every fold.");
    }
    return c.append('\n').toString();
  }

  /** The caption of {@link Figures#curves}. */
  public static String curves(String dataset, List<Experiment.LearnerOutcome> learners, String metric, int examples, long seed) {
    String header = Analysis.HEADERS.get(Analysis.METRICS.indexOf(metric));
    List<String> names = learners.stream().filter(l -> l.curve() != null && l.curve().examples().length > 0)
        .map(l -> Tables.paperName(l.name()) + " (" + settings(l.settings()) + ")").toList();
    return dataset + ": learning curves, cumulative " + header + '\n'
        + "Cumulative " + header + " [%] of the predictions made so far against the examples seen, in one prequential pass"
        + " (each example predicted, then learned) over the training set (" + examples + " examples) in the order of the"
        + " permutation of seed " + seed + ", each learner with its selected settings: " + String.join("; ", names) + ".\n";
  }

  /** The settings in effect as {@code eta = 0.25, delta = 2, ...}. */
  private static String settings(Settings s) {
    List<String> out = new ArrayList<>();
    s.asTextInEffect().forEach((k, v) -> {
      if (!v.isEmpty()) {
        out.add(k + " = " + v);
      }
    });
    return String.join(", ", out);
  }

  /** The caption of {@link Figures#criticalDifference}. */
  public static String criticalDifference(String metric, Friedman f, List<String> learners) {
    String header = Analysis.HEADERS.get(Analysis.METRICS.indexOf(metric));
    String cd = Double.isNaN(f.criticalDifference()) ? "no critical difference (Demšar's table has none for "
        + learners.size() + " learners)" : String.format(Locale.ROOT, "the bar is the Nemenyi critical difference CD = %.2f"
        + " (α = %s); learners joined by a thick line do not differ significantly", f.criticalDifference(),
        plain(f.alpha()));
    return "Critical difference diagram, " + header + '\n'
        + "Average rank of each learner by test " + header + " over N = " + f.datasets() + " datasets (1 = best, left);"
        + " Friedman χ²_F = " + String.format(Locale.ROOT, "%.3f (p = %.3g)", f.chiSquare(), f.chiSquareP()) + "; " + cd
        + " (Demšar 2006). Learners: " + String.join(", ", learners.stream().map(Tables::paperName).toList()) + ".\n";
  }

  /** {@code log₂ η} style symbol with the option's name: {@code η (eta)}. */
  private static String symbol(Grid.Axis a) {
    Parameter<?> p = a.parameter();
    return p.symbol().isEmpty() ? p.name() : p.symbol() + " (" + p.name() + ")";
  }

  /** What an axis shows: {@code log₂ η, η (eta): learning rate η > 0, 21 values from 2^-10 to 2^10}. */
  private static String describe(Grid.Axis a) {
    List<String> labels = a.labels();
    String range = labels.size() == 1 ? "1 value, " + value(a, 0)
        : labels.size() + " values from " + value(a, 0) + " to " + value(a, labels.size() - 1);
    return Figures.axisTitle(a) + ", " + symbol(a) + ": " + a.parameter().description() + "; " + range;
  }

  /** {@code η (eta) = 2^-3, δ (delta) = 4}: the axes' values at {@code at}. */
  private static String assignments(List<Grid.Axis> axes, int[] at) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < axes.size(); i++) {
      out.add(symbol(axes.get(i)) + " = " + value(axes.get(i), at[i]));
    }
    return String.join(", ", out);
  }

  /** A value of an axis: {@code 2^-3 = 0.125} for a power of two ({@code 2^-10} alone where the decimal is long), else as the option takes it. */
  private static String value(Grid.Axis a, int i) {
    Object v = a.values().get(i);
    if (Figures.powersOfTwo(a)) {
      String decimal = plain(((Number) v).doubleValue());
      return "2^" + Math.getExponent(((Number) v).doubleValue()) + (decimal.length() <= 6 ? " = " + decimal : "");
    }
    return a.parameter().format(v);
  }

  /** {@code v} without trailing zeros: 4, 0.125. */
  private static String plain(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
