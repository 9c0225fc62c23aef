import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;

/**
 * The ELM accuracy runs behind README's table (experiments/elm-grid.sh runs it): for one dataset and one
 * ELM learner, every (H, C) of a small grid is scored by k-fold cross-validation on the training set (one
 * pass over the training folds, seeded order, as the paper tunes), the best by the paper's rule (better on
 * more of the seven metrics), then R runs with different seeds (a new permutation and a new hidden layer
 * each) train on the whole training set and are scored on the test set: mean and standard deviation.
 * Prints one JSON line per run and one summary line.
 *
 *   java --add-modules jdk.incubator.vector -cp alt-cli/target/alt-cli.jar experiments/ElmGrid.java \
 *     DATASETS_DIR NAME LEARNER SCALE "H1,H2" "C1,C2" FOLDS RUNS [labelThreads]
 */
public class ElmGrid {
  static final Measure[] PAPER = {Measure.PRECISION, Measure.RECALL, Measure.F1, Measure.MACRO_F1, Measure.MICRO_F1,
      Measure.HAMMING_LOSS, Measure.RANKING_LOSS};

  public static void main(String[] a) throws Exception {
    Path dir = Path.of(a[0]).resolve(a[1]);
    String learner = a[2];
    FeatureScaling scaling = FeatureScaling.valueOf(a[3].toUpperCase(Locale.ROOT));
    String[] hs = a[4].split(",");
    String[] cs = a[5].split(",");
    int folds = Integer.parseInt(a[6]);
    int runs = Integer.parseInt(a[7]);
    int labelThreads = a.length > 8 ? Integer.parseInt(a[8]) : 1;
    ReadOptions labels = ReadOptions.defaults().withLabelFile(dir.resolve(a[1] + ".xml"));
    Dataset train = DataFiles.read(dir.resolve(a[1] + "-train.arff"), labels);
    Dataset test = DataFiles.read(dir.resolve(a[1] + "-test.arff"), labels).withDimensions(train.numFeatures(), train.numLabels());
    List<Settings> grid = new ArrayList<>();
    for (String h : hs) {
      for (String c : cs) {
        Settings s = LearnerRegistry.get(learner).defaults().with("hidden", Integer.parseInt(h));
        if (s.spec().hasParameter("c")) {
          s = s.with("c", Float.parseFloat(c)).with("labelThreads", labelThreads);
        } else if (!c.equals(cs[0])) {
          continue;
        }
        grid.add(s);
      }
    }
    Settings best = grid.get(0);
    double[] bestScore = null;
    if (grid.size() > 1) {
      int[] order = train.permutation(12345);
      for (Settings s : grid) {
        double[] mean = new double[PAPER.length];
        for (int f = 0; f < folds; f++) {
          List<Integer> tr = new ArrayList<>();
          List<Integer> va = new ArrayList<>();
          for (int i = 0; i < order.length; i++) {
            (i % folds == f ? va : tr).add(order[i]);
          }
          TrainThenTestResult r = TrainThenTest.run(s, DataView.of(train, tr.stream().mapToInt(Integer::intValue).toArray()),
              DataView.of(train, va.stream().mapToInt(Integer::intValue).toArray()),
              TrainThenTest.Config.defaults().withOrder(Order.SHUFFLE).withSeed(f + 1).withScaling(scaling));
          for (int m = 0; m < PAPER.length; m++) {
            mean[m] += r.metrics().get(PAPER[m]) / folds;
          }
        }
        System.out.println("{\"cv\": \"" + s.describe() + "\", " + metrics(mean) + "}");
        if (bestScore == null || wins(mean, bestScore)) {
          best = s;
          bestScore = mean;
        }
      }
    }
    double[][] all = new double[runs][];
    double[] seconds = new double[runs];
    for (int run = 0; run < runs; run++) {
      TrainThenTestResult r = TrainThenTest.run(best, DataView.of(train), DataView.of(test),
          TrainThenTest.Config.defaults().withOrder(Order.SHUFFLE).withSeed(run + 1).withScaling(scaling));
      all[run] = new double[PAPER.length];
      for (int m = 0; m < PAPER.length; m++) {
        all[run][m] = r.metrics().get(PAPER[m]);
      }
      seconds[run] = r.trainSeconds();
      System.out.println("{\"run\": " + (run + 1) + ", \"settings\": \"" + best.describe() + "\", \"trainSeconds\": " + r.trainSeconds()
          + ", " + metrics(all[run]) + "}");
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "SUMMARY %s %s %s scale=%s runs=%d |", a[1], learner, best.describe(),
        a[3], runs));
    for (int m = 0; m < PAPER.length; m++) {
      double mean = 0;
      for (double[] r : all) {
        mean += r[m] / runs;
      }
      double var = 0;
      for (double[] r : all) {
        var += (r[m] - mean) * (r[m] - mean);
      }
      double sd = runs > 1 ? Math.sqrt(var / (runs - 1)) : 0;
      sb.append(String.format(Locale.ROOT, " %.2f (%.2f)", 100 * mean, 100 * sd));
    }
    java.util.Arrays.sort(seconds);
    sb.append(String.format(Locale.ROOT, " | median train %.2f s", seconds[runs / 2]));
    System.out.println(sb);
  }

  /** The paper's rule: a beats b when it is better on more of the seven metrics (lower for Hamming and ranking loss). */
  static boolean wins(double[] a, double[] b) {
    int better = 0;
    int worse = 0;
    for (int m = 0; m < PAPER.length; m++) {
      boolean lower = PAPER[m] == Measure.HAMMING_LOSS || PAPER[m] == Measure.RANKING_LOSS;
      double d = lower ? b[m] - a[m] : a[m] - b[m];
      if (d > 0) {
        better++;
      } else if (d < 0) {
        worse++;
      }
    }
    return better > worse;
  }

  static String metrics(double[] v) {
    StringBuilder sb = new StringBuilder("\"metrics\": [");
    for (int m = 0; m < v.length; m++) {
      sb.append(m > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.6f", v[m]));
    }
    return sb.append("]").toString();
  }
}
