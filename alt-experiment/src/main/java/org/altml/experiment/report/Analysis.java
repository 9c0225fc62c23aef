package org.altml.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.metric.Measure;
import org.altml.experiment.Experiment;
import org.altml.experiment.stats.Friedman;
import org.altml.experiment.stats.PairedTests;
import org.altml.experiment.stats.Summary;

/**
 * The statistics of an experiment's tables: per dataset and column (the seven metrics, train and test
 * time), each learner's mean and standard deviation over the R runs, the best learner (best mean), and the
 * paired t-test (and optionally Wilcoxon) of every other learner against it; a cell is bold, as in the
 * paper, when it is the best or not significantly different from it at 95% (two-sided p ≥ 0.05). Across
 * datasets, per metric, the Friedman test with the Nemenyi critical difference over the learners that ran
 * on every dataset. Immutable.
 *
 * @param datasets per dataset, in experiment order
 * @param friedman per metric name, the Friedman test over datasets (absent with fewer than 2 datasets or learners)
 * @param friedmanLearners the learners of the Friedman tests, in column order
 */
public record Analysis(List<DatasetTable> datasets, Map<String, Friedman> friedman, List<String> friedmanLearners) {
  /** The level of the t-tests and the Nemenyi test. */
  public static final double ALPHA = 0.05;

  /** The columns of Table 3 (metric names, paper order) and their headers. */
  public static final List<String> METRICS = List.of("precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss");
  /** Table 3's headers (the paper's). */
  public static final List<String> HEADERS = List.of("Psn", "Rcal", "F1", "MacroF1", "MicroF1", "Hl", "Rl");
  /** The columns of Table 4. */
  public static final List<String> TIMES = List.of("trainSeconds", "testSeconds");

  /**
   * One cell.
   *
   * @param summary mean and standard deviation over runs
   * @param tP the paired t-test's p against the best learner (NaN for the best itself)
   * @param wilcoxonP the Wilcoxon signed-rank p (NaN when not asked for, or for the best)
   * @param best whether this learner has the best mean
   * @param bold best or not significantly different from the best (t-test, 95%)
   */
  public record Cell(Summary summary, double tP, double wilcoxonP, boolean best, boolean bold) {}

  /** One dataset's cells: {@code cells.get(learner).get(column)}. */
  public record DatasetTable(String dataset, List<String> learners, Map<String, Map<String, Cell>> cells, int testExamples,
      int rankingLossLeftOut, boolean sharedRunCache) {}

  /**
   * The test examples ranking loss leaves out (docs/spec.md#ranking-loss: no label, or every label): the same for every run and learner
   * of a test set, so the tables report it once per dataset.
   */
  private static int rankingLossLeftOut(org.altml.sparse.data.Dataset test) {
    int out = 0;
    for (int i = 0; i < test.size(); i++) {
      int size = test.example(i).labels().size();
      out += size == 0 || size == test.numLabels() ? 1 : 0;
    }
    return out;
  }

  /** Whether lower is better in column {@code column}. */
  public static boolean lowerIsBetter(String column) {
    return TIMES.contains(column) || Measure.byName(column).lowerIsBetter();
  }

  /** Computes the analysis of {@code outcomes}. */
  public static Analysis of(List<Experiment.DatasetOutcome> outcomes, boolean wilcoxon) {
    List<DatasetTable> tables = new ArrayList<>();
    List<String> columns = new ArrayList<>(METRICS);
    columns.addAll(TIMES);
    for (Experiment.DatasetOutcome d : outcomes) {
      List<String> learners = d.learners().stream().map(Experiment.LearnerOutcome::name).toList();
      Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();
      learners.forEach(l -> cells.put(l, new LinkedHashMap<>()));
      for (String column : columns) {
        boolean lower = lowerIsBetter(column);
        List<double[]> values = new ArrayList<>();
        int best = -1;
        double bestMean = Double.NaN;
        for (int l = 0; l < learners.size(); l++) {
          double[] v = Experiment.values(d.learners().get(l).runs(), column);
          values.add(v);
          double m = Summary.of(v).mean();
          if (!Double.isNaN(m) && (best < 0 || (lower ? m < bestMean : m > bestMean))) {
            best = l;
            bestMean = m;
          }
        }
        for (int l = 0; l < learners.size(); l++) {
          Summary s = Summary.of(values.get(l));
          double t = Double.NaN;
          double w = Double.NaN;
          if (best >= 0 && l != best && !hasNaN(values.get(l)) && !hasNaN(values.get(best))) {
            t = PairedTests.pairedT(values.get(l), values.get(best)).p();
            if (wilcoxon) {
              w = PairedTests.wilcoxon(values.get(l), values.get(best)).p();
            }
          }
          boolean bold = l == best || (best >= 0 && !(t < ALPHA));
          cells.get(learners.get(l)).put(column, new Cell(s, t, w, l == best, bold));
        }
      }
      tables.add(new DatasetTable(d.plan().name(), learners, cells, d.plan().test().size(), rankingLossLeftOut(d.plan().test()),
          !d.runCaches().isEmpty()));
    }
    // Friedman over the learners present on every dataset, in first-dataset order
    List<String> common = new ArrayList<>();
    if (!tables.isEmpty()) {
      for (String l : tables.get(0).learners()) {
        if (tables.stream().allMatch(t -> t.learners().contains(l))) {
          common.add(l);
        }
      }
    }
    Map<String, Friedman> friedman = new LinkedHashMap<>();
    if (tables.size() >= 2 && common.size() >= 2) {
      for (String metric : METRICS) {
        double[][] scores = new double[tables.size()][common.size()];
        boolean ok = true;
        for (int d = 0; d < tables.size(); d++) {
          for (int l = 0; l < common.size(); l++) {
            scores[d][l] = tables.get(d).cells().get(common.get(l)).get(metric).summary().mean();
            ok &= !Double.isNaN(scores[d][l]);
          }
        }
        if (ok) {
          friedman.put(metric, Friedman.test(scores, !lowerIsBetter(metric), ALPHA));
        }
      }
    }
    return new Analysis(List.copyOf(tables), friedman, List.copyOf(common));
  }

  private static boolean hasNaN(double[] v) {
    for (double x : v) {
      if (Double.isNaN(x)) {
        return true;
      }
    }
    return false;
  }
}
