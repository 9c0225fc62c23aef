package org.altml.cli.command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.ModelFit;
import org.altml.cli.options.SavedModelOption;
import org.altml.cli.output.Reports;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.linear.LinearLearner;
import org.altml.core.linear.WeightMatrix;
import org.altml.core.model.SavedModel;
import org.altml.sparse.open.FeatureVocabulary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt inspect}: what a saved model is (its learner, labels in their order, features, what it has seen) and, for
 * a linear model, each label's heaviest features by name.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Describes a saved model: learner, labels, features, examples seen.",
    description = {
      "Prints what a model saved by 'alt train' is: its learner and settings, its labels (an open model's in the",
      "order they first appeared), its features (an open model's dictionary or hashing), the examples it has seen",
      "and its provenance. --features N lists each label's N heaviest features of a linear model (FALT, SALT,",
      "PA) by name (LIBSVM: by feature id; ARFF: #k, the k-th feature attribute from 0): a model that hashes its",
      "features has no names, and says so."
    })
public final class InspectCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private SavedModelOption savedModel;

  @Option(names = "--features", paramLabel = "N",
      description = "Also list each label's N features of largest weight above the threshold's (linear models).")
  private Integer features;

  /** Creates the command (picocli fills its fields). */
  public InspectCommand() {}

  @Override
  public Integer call() throws Exception {
    if (features != null && features < 1) {
      throw new IllegalArgumentException("--features must be >= 1: " + features);
    }
    new CommandFiles().input("--model", savedModel.value(), "model file").check();
    SavedModel model = ModelFit.read(savedModel.value());
    // the names first: an error must come before any line of output
    List<String> top = features == null ? List.of() : topFeatures(model, features);
    PrintWriter out = spec.commandLine().getOut();
    OnlineMultiLabelLearner learner = model.learner();
    out.printf(Locale.ROOT, "model: %s%n", Reports.describe(learner));
    out.printf(Locale.ROOT, "examples seen: %d%n", learner.examplesSeen());
    int labels = model.reportedLabels();
    out.printf(Locale.ROOT, "labels: %d%s: %s%n", labels, model.isOpen() ? " (open, in order of first appearance)" : "",
        abbreviate(model.labelNames().subList(0, labels)));
    out.printf(Locale.ROOT, "features: %s%n", model.isOpen() ? model.vocabulary().features().describe()
        : model.numFeatures() > 0 ? "d = " + model.numFeatures() : "d unknown");
    for (Map.Entry<String, String> e : model.provenance().entrySet()) {
      out.printf(Locale.ROOT, "  %s: %s%n", e.getKey(), e.getValue());
    }
    for (String line : top) {
      out.println(line);
    }
    out.flush();
    return 0;
  }

  private static String abbreviate(List<String> names) {
    return names.size() <= 20 ? String.join(", ", names) : String.join(", ", names.subList(0, 20)) + ", ... ("
        + (names.size() - 20) + " more)";
  }

  /**
   * Each label's {@code n} features whose weight most exceeds the threshold's weight of the same feature (so that they
   * push the label above the threshold), by name.
   *
   * @throws IllegalArgumentException for a model without feature weights or without feature names
   */
  static List<String> topFeatures(SavedModel model, int n) {
    if (!(model.learner() instanceof LinearLearner linear)) {
      throw new IllegalArgumentException("--features lists the weights of a linear model (falt, salt, pa1, pa2); the "
          + model.learner().name() + " model has none per feature");
    }
    FeatureVocabulary vocabulary = model.isOpen() ? model.vocabulary().features() : null;
    if (vocabulary != null && !vocabulary.hasNames()) {
      vocabulary.featureName(0); // a hashed model: its own message says why there are no names
    }
    String base = model.provenance().get(org.altml.core.model.DataFit.FEATURE_INDEX_BASE); // LIBSVM data: ids from 0 or 1
    int firstId = "0".equals(base) ? 0 : 1;
    WeightMatrix w = linear.weights();
    int labels = model.reportedLabels();
    int threshold = linear.numLabels();
    List<String> lines = new ArrayList<>();
    for (int label = 0; label < labels; label++) {
      int[] best = new int[Math.min(n, w.numRows())];
      double[] score = new double[best.length];
      int kept = 0;
      for (int row = 0; row < w.numRows(); row++) {
        double s = w.get(row, label) - w.get(row, threshold);
        if (s <= 0 || (kept == best.length && s <= score[kept - 1])) {
          continue;
        }
        int at = kept == best.length ? kept - 1 : kept++;
        while (at > 0 && score[at - 1] < s) {
          best[at] = best[at - 1];
          score[at] = score[at - 1];
          at--;
        }
        best[at] = row;
        score[at] = s;
      }
      StringBuilder line = new StringBuilder(model.labelNames().get(label)).append(':');
      for (int k = 0; k < kept; k++) {
        String name = vocabulary != null ? vocabulary.featureName(best[k])
            : base != null ? Integer.toString(best[k] + firstId) : "#" + best[k]; // ARFF: the 0-based feature attribute
        line.append(' ').append(name).append(String.format(Locale.ROOT, "(%.3g)", score[k]));
      }
      lines.add(line.toString());
    }
    return lines;
  }
}
