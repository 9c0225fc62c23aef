package org.altml.cli;

import org.altml.sparse.io.AtomicOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt predict}: loads a model saved by {@code alt train} and writes one line per example of the
 * data file (streamed), in the format of {@link Predictions}. The labels in the data file are ignored.
 */
@Command(
    name = "predict",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Predicts every example of DATA (streamed) with a model saved by 'alt train'.",
      "One line per example: the predicted label ids, comma separated (an empty line for none); with",
      "--scores, a tab and then the L label scores and the threshold score, space separated.",
      "Labels in DATA are ignored; features the model never saw contribute nothing.",
      "Every example is scaled as the model's training data was: the model file carries its scaling",
      "(standardize: with the statistics fitted on the training data)."
    })
public final class PredictCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model saved by 'alt train'.")
  private Path modelFile;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "Examples to predict (LIBSVM or ARFF).")
  private Path dataFile;

  @Option(names = "--scores", description = "Append a tab and the L label scores and the threshold score.")
  private boolean scores;

  @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE (atomically) instead of stdout.")
  private Path outFile;

  @Option(names = "--scale", paramLabel = "SCALING",
      description = "Not needed: the model's own scaling is applied. If given, it must be the model's.")
  private String scale;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public PredictCommand() {}

  @Override
  public Integer call() throws Exception {
    SavedModel saved = ModelIo.read(modelFile);
    FeatureScaler scaler = saved.scaler();
    if (scale != null && ProtocolOptions.scaling(scale) != scaler.scaling()) {
      throw new IllegalArgumentException("--scale " + scale + " differs from the scaling of " + modelFile + " ("
          + scaler.scaling().cliName() + "): the model carries its scaling, leave --scale out");
    }
    OnlineMultiLabelLearner model = saved.learner();
    if (outFile == null) {
      PrintWriter out = spec.commandLine().getOut();
      predictAll(model, scaler, out);
      out.flush();
    } else {
      try (AtomicOutput file = AtomicOutput.create(outFile)) {
        predictAll(model, scaler, file.writer());
        file.commit();
      }
    }
    return 0;
  }

  private void predictAll(OnlineMultiLabelLearner model, FeatureScaler scaler, Writer out) throws IOException {
    Predictions lines = new Predictions(out, model.numLabels(), scores);
    Predictor predictor = model.predictor();
    Scores s = new Scores(model.numLabels());
    // the labels are not used: read them without a label count, so a file with more labels than the model still works
    try (ExampleStream stream = DataFiles.open(dataFile, DataLoading.readOptions(data))) {
      while (stream.advance()) {
        predictor.predict(scaler.transform(stream.features()), s);
        lines.write(s);
      }
    }
  }
}
