package org.altml.experiment.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;

/**
 * The paper's Table 3 (the seven metrics in percent, "mean (std)", the best and those not significantly
 * worse in bold) and Table 4 (train and test seconds) as Markdown, LaTeX (the paper's layout: one block
 * of rows per dataset) and CSV (one row per dataset × learner, fractions and seconds unrounded, with the
 * p-values and bold flags).
 */
public final class Tables {
  private Tables() {}

  /**
   * The paper's name of a learner kind ({@code falt} → {@code FALT(l)}: {@link LearnerSpec#paperName()}),
   * or the name itself when no registered kind has it.
   */
  public static String paperName(String learner) {
    return LearnerRegistry.contains(learner) ? LearnerRegistry.get(learner).paperName() : learner;
  }

  private static String pct(double fraction) {
    return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.2f", 100 * fraction) : "-";
  }

  private static String sec(double seconds) {
    return Double.isFinite(seconds) ? String.format(Locale.ROOT, "%.4f", seconds) : "-";
  }

  private static String cell(Analysis.Cell c, boolean percent) {
    return percent ? pct(c.summary().mean()) + " (" + pct(c.summary().std()) + ")"
        : sec(c.summary().mean()) + " (" + sec(c.summary().std()) + ")";
  }

  /** Table 3 in Markdown. */
  public static String table3Markdown(Analysis a) {
    StringBuilder sb = new StringBuilder("| Dataset | Algorithm | ").append(String.join(" | ", Analysis.HEADERS)).append(" |\n|---|---|");
    sb.append("---|".repeat(Analysis.HEADERS.size())).append('\n');
    for (Analysis.DatasetTable t : a.datasets()) {
      for (String l : t.learners()) {
        sb.append("| ").append(md(t.dataset())).append(" | ").append(paperName(l)).append(" |");
        for (String m : Analysis.METRICS) {
          Analysis.Cell c = t.cells().get(l).get(m);
          String text = cell(c, true);
          sb.append(' ').append(c.bold() ? "**" + text + "**" : text).append(" |");
        }
        sb.append('\n');
      }
    }
    for (Analysis.DatasetTable t : a.datasets()) {
      if (t.rankingLossLeftOut() > 0) {
        sb.append(String.format(java.util.Locale.ROOT, "%nRl on %s: the mean over %,d of its %,d test examples; the %,d with no"
            + " label or every label are left out (docs/spec.md#ranking-loss).%n", t.dataset(), t.testExamples() - t.rankingLossLeftOut(),
            t.testExamples(), t.rankingLossLeftOut()));
      }
    }
    return sb.toString();
  }

  /** Table 4 in Markdown: one row per dataset × learner, train and test seconds, mean (std). */
  public static String table4Markdown(Analysis a) {
    StringBuilder sb = new StringBuilder("| Dataset | Algorithm | Train [s] | Test [s] |\n|---|---|---|---|\n");
    for (Analysis.DatasetTable t : a.datasets()) {
      for (String l : t.learners()) {
        Map<String, Analysis.Cell> c = t.cells().get(l);
        sb.append("| ").append(md(t.dataset())).append(" | ").append(paperName(l)).append(" | ").append(cell(c.get("trainSeconds"), false))
            .append(" | ").append(cell(c.get("testSeconds"), false)).append(" |\n");
      }
    }
    for (Analysis.DatasetTable t : a.datasets()) {
      if (t.sharedRunCache()) {
        sb.append(String.format(java.util.Locale.ROOT, "%nOn %s the runs shared a cache (the kernel learners' squared distances"
            + " over the training and test rows; `--gram-cache-mb 0` turns it off): the first runs computed what the later"
            + " ones looked up, so those learners' times are not comparable between runs.%n", t.dataset()));
      }
    }
    return sb.toString();
  }

  /** A name in a Markdown table cell: a '|' would end the cell. */
  private static String md(String s) {
    return s.replace("|", "\\|");
  }

  private static String tex(String s) {
    return s.replace("\\", "\\textbackslash{}").replace("_", "\\_").replace("%", "\\%").replace("&", "\\&").replace("#", "\\#");
  }

  /** Table 3 in LaTeX, the paper's layout (threeparttable, multirow per dataset, bold marks). */
  public static String table3Latex(Analysis a) {
    StringBuilder sb = new StringBuilder();
    sb.append("% needs \\usepackage{multirow,threeparttable}\n\\begin{table*}[!htp]\n\t\\renewcommand{\\arraystretch}{0.7}\n")
        .append("\t\\caption{Testing performance metrics [\\%] and standard deviation (in brackets) achieved by all compared algorithms}\n")
        .append("\t\\label{result1}\n\t\\centering \\tabcolsep = 0.1pt\n\t\\begin{threeparttable}\n\t\\footnotesize\n")
        .append("\t\\begin{tabular}{lcccccccc}\n\t\\hline\nDataset & Algorithm  & ").append(String.join(" & ", Analysis.HEADERS))
        .append(" \\\\\n\t\\hline\n");
    for (Analysis.DatasetTable t : a.datasets()) {
      sb.append("\t\\multirow{").append(t.learners().size()).append("}{*}{").append(tex(t.dataset())).append("}\n");
      for (String l : t.learners()) {
        sb.append("\t &").append(tex(paperName(l)));
        for (String m : Analysis.METRICS) {
          Analysis.Cell c = t.cells().get(l).get(m);
          String text = cell(c, true);
          sb.append(" &").append(c.bold() ? "\\textbf{" + text + "}" : text);
        }
        sb.append(" \\\\\n");
      }
      sb.append("\t\\hline\n");
    }
    sb.append("\t\\end{tabular}\n\t\\end{threeparttable}\n\\end{table*}\n");
    return sb.toString();
  }

  /** Table 4 in LaTeX: a row per algorithm, two columns (Train[s], Test[s]) per dataset. */
  public static String table4Latex(Analysis a) {
    List<String> learners = a.datasets().stream().flatMap(t -> t.learners().stream()).distinct().toList();
    StringBuilder sb = new StringBuilder();
    sb.append("\\begin{table*}[!htp]\n\t\\renewcommand{\\arraystretch}{0.7}\n\t\\caption{Training and testing time spent by all algorithms}\n")
        .append("\t\\label{result2}\n\t\\centering \\tabcolsep = 1pt\n\t\\footnotesize\n\t\\begin{tabular}{l")
        .append("cc".repeat(a.datasets().size())).append("}\n\t\\hline\n\t\\multirow{2}{*}{Algorithm}");
    for (Analysis.DatasetTable t : a.datasets()) {
      sb.append(" &\\multicolumn{2}{c}{").append(tex(t.dataset())).append('}');
    }
    sb.append(" \\\\\n\t\\cline{2-").append(1 + 2 * a.datasets().size()).append("}\n\t");
    sb.append(" &Train[s] &Test[s]".repeat(a.datasets().size())).append(" \\\\\n\t\\hline\n");
    for (String l : learners) {
      sb.append('\t').append(tex(paperName(l)));
      for (Analysis.DatasetTable t : a.datasets()) {
        Map<String, Analysis.Cell> c = t.cells().get(l);
        sb.append(c == null ? " & &" : " &" + String.format(Locale.ROOT, "%.2f", c.get("trainSeconds").summary().mean()) + " &"
            + String.format(Locale.ROOT, "%.2f", c.get("testSeconds").summary().mean()));
      }
      sb.append(" \\\\\n");
    }
    sb.append("\t\\hline\n\t\\end{tabular}\n\\end{table*}\n");
    return sb.toString();
  }

  /**
   * Both tables as CSV: {@code dataset,learner,column,mean,std,runs,best,bold,tP,wilcoxonP}, fractions and
   * seconds unrounded (Java's shortest round-trip form).
   */
  public static String csv(Analysis a) {
    StringBuilder sb = new StringBuilder("dataset,learner,column,mean,std,runs,best,bold,tP,wilcoxonP\n");
    for (Analysis.DatasetTable t : a.datasets()) {
      for (String l : t.learners()) {
        for (Map.Entry<String, Analysis.Cell> e : t.cells().get(l).entrySet()) {
          Analysis.Cell c = e.getValue();
          sb.append(csvText(t.dataset())).append(',').append(csvText(l)).append(',').append(e.getKey()).append(',')
              .append(num(c.summary().mean())).append(',').append(num(c.summary().std())).append(',').append(c.summary().n())
              .append(',').append(c.best()).append(',').append(c.bold()).append(',').append(num(c.tP())).append(',')
              .append(num(c.wilcoxonP())).append('\n');
        }
      }
    }
    return sb.toString();
  }

  /** The Friedman tests as Markdown: per metric, the average ranks, χ²_F, F_F, their p-values and the CD. */
  public static String friedmanMarkdown(Analysis a) {
    if (a.friedman().isEmpty()) {
      return "(no Friedman test: it needs at least two datasets with at least two common learners)\n";
    }
    StringBuilder sb = new StringBuilder("| metric | ");
    a.friedmanLearners().forEach(l -> sb.append(paperName(l)).append(" | "));
    sb.append("χ²_F | p | F_F | p | CD (α = 0.05) |\n|---|");
    sb.append("---|".repeat(a.friedmanLearners().size() + 5)).append('\n');
    a.friedman().forEach((metric, f) -> {
      sb.append("| ").append(Analysis.HEADERS.get(Analysis.METRICS.indexOf(metric))).append(" | ");
      for (double r : f.averageRanks()) {
        sb.append(String.format(Locale.ROOT, "%.3f", r)).append(" | ");
      }
      sb.append(String.format(Locale.ROOT, "%.3f | %.4f | %.3f | %.4f | %.3f |%n", f.chiSquare(), f.chiSquareP(), f.imanDavenport(),
          f.imanDavenportP(), f.criticalDifference()));
    });
    return sb.toString();
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : Double.toString(v);
  }

  private static String csvText(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
