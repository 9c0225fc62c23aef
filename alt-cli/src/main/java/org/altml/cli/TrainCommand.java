package org.altml.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.Seeds;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt train}: one training pass, then the model saved with {@link ModelIo#write} (atomically),
 * with its feature scaling (fitted statistics included), label names and provenance.
 */
@Command(
    name = "train",
    modelTransformer = LearnerOptions.Required.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Trains a learner with one pass over DATA and saves the model.",
    description = {
      "Trains a learner with one pass over DATA (shuffled with the seed, or in file order) and saves",
      "the model to FILE (written to a temporary file and moved into place). The model file carries the",
      "learner, its settings, the label names, the feature scaling (standardize: the statistics fitted",
      "on DATA) and where it came from.",
      "The same learner options, order, seed and scaling as 'alt evaluate' give the same model, and",
      "'alt predict' then gives exactly the predictions 'alt evaluate' scored."
    })
public final class TrainCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "Training data (LIBSVM or ARFF).")
  private Path dataFile;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to save the model.")
  private Path modelFile;

  @Option(names = "--order", paramLabel = "ORDER",
      description = "Training order: file or shuffle (default: shuffle, seeded by --seed).")
  private String order;

  @Mixin private SeedOptions seed;

  @Option(names = "--scale", paramLabel = "SCALING",
      description = "Feature scaling: none, standardize (fitted on DATA, saved in the model) or l2 (default: none).")
  private String scale;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public TrainCommand() {}

  @Override
  public Integer call() throws Exception {
    Settings settings = LearnerOptions.settings(spec);
    Order trainingOrder = ProtocolOptions.order(order != null ? order : Order.SHUFFLE.cliName());
    FeatureScaling scaling = ProtocolOptions.scaling(scale != null ? scale : FeatureScaling.NONE.cliName());
    Dataset train = DataLoading.read(dataFile, data);
    // the context and seeds of TrainThenTest.run, so that evaluate trains the same model
    LearnerContext context =
        new LearnerContext(train.numLabels(), train.numFeatures(), train.size(), Seeds.learner(seed.seed()));
    OnlineMultiLabelLearner learner = LearnerRegistry.create(settings, context);
    DataView view = DataView.of(train);
    FeatureScaler scaler = FeatureScaler.fit(scaling, view);
    TrainThenTest.Training training = TrainThenTest.train(learner, view, trainingOrder, Seeds.order(seed.seed()), scaler);
    learner.checkFinite();
    ModelIo.write(new SavedModel(learner, train.labelNames(), train.numFeatures(), scaler, provenance(Map.of())),
        modelFile);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "trained %s on %d examples of %s (order %s, scale %s) in %.3f s; saved %s (d = %d)%n",
        Reports.describe(learner), training.examples(), dataFile.getFileName(), trainingOrder.cliName(),
        scaling.cliName(), training.seconds(), modelFile, train.numFeatures());
    out.flush();
    return 0;
  }

  /** This pass: the toolkit version and the data file (path, bytes, SHA-256). */
  private Map<String, String> provenance(Map<String, String> earlier) throws IOException {
    RunRecord.DataFile file = RunRecord.DataFile.of(dataFile);
    Map<String, String> p = new LinkedHashMap<>(earlier);
    p.put("toolkitVersion", VersionProvider.toolkitVersion());
    p.put("data", file.path());
    p.put("dataBytes", Long.toString(file.bytes()));
    p.put("dataSha256", file.sha256());
    return p;
  }
}
