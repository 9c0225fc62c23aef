package org.altml.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.linear.LinearLearner;
import org.altml.core.model.ModelIo;
import org.altml.sparse.data.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt train}: one training pass, then the model saved with {@link ModelIo#write} (atomically).
 *
 * <p>Scaling: the model file records the learner, its settings, the label names and the weights but no
 * preprocessing, so only the stateless {@code --scale l2} is supported (and {@code alt predict} must be
 * given the same {@code --scale}); {@code standardize}, whose fitted statistics would have to travel
 * with the model, is refused.
 */
@Command(
    name = "train",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Trains a learner with one pass over DATA and saves the model.",
    description = {
      "Trains a learner with one pass over DATA (shuffled with the seed, or in file order) and saves",
      "the model to FILE (written to a temporary file and moved into place).",
      "The same learner options, order and seed as 'alt evaluate' give the same model, and",
      "'alt predict' then gives exactly the predictions 'alt evaluate' scored.",
      "Scaling: none or l2 only (the model file does not store scaling statistics, so standardize is",
      "refused); a model trained with --scale l2 must be used with 'alt predict --scale l2'."
    })
public final class TrainCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private LearnerSettings learner;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "Training data (LIBSVM or ARFF).")
  private Path dataFile;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "Where to save the model.")
  private Path modelFile;

  @Option(names = "--order", defaultValue = "shuffle", paramLabel = "ORDER",
      description = "Training order: file or shuffle (default: ${DEFAULT-VALUE}, seeded by --seed).")
  private String order;

  @Mixin private SeedOptions seed;

  @Option(names = "--scale", defaultValue = "none", paramLabel = "SCALING",
      description = "Feature scaling: none or l2 (default: ${DEFAULT-VALUE}); standardize is refused here.")
  private String scale;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public TrainCommand() {}

  @Override
  public Integer call() throws Exception {
    learner.validate();
    Order trainingOrder = ProtocolOptions.order(order);
    FeatureScaling scaling = statelessScaling(scale);
    Dataset train = DataLoading.read(dataFile, data);
    LinearLearner model = learner.create(train.numLabels());
    // d is known from the file: allocate W once, outside the clock, instead of growing it as features appear
    model.ensureFeatures(train.numFeatures());
    TrainThenTest.Training training =
        TrainThenTest.train(model, train, trainingOrder, seed.seed(), FeatureScaler.of(scaling));
    Learners.checkFinite(model);
    ModelIo.write(model, train.labelNames(), modelFile);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "trained %s on %d examples of %s (order %s, scale %s) in %.3f s; saved %s (d = %d)%n",
        LearnerSettings.describe(model), training.examples(), dataFile.getFileName(), ProtocolOptions.name(trainingOrder),
        scaling.cliName(), training.seconds(), modelFile, model.numFeatures());
    out.flush();
    return 0;
  }

  /** none or l2; standardize is refused with the reason. */
  static FeatureScaling statelessScaling(String name) {
    FeatureScaling s = ProtocolOptions.scaling(name);
    if (s == FeatureScaling.STANDARDIZE) {
      throw new IllegalArgumentException("--scale standardize is not supported by train and predict: the model file"
          + " does not store the fitted statistics (use none or l2, or alt evaluate for standardize)");
    }
    return s;
  }
}
