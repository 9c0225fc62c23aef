package org.altml.cli;

import org.altml.sparse.io.AtomicOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.Scores;
import org.altml.core.linear.LinearLearner;
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
      "A model trained with --scale l2 must be used with --scale l2 (the model file does not record it)."
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

  @Option(names = "--scale", defaultValue = "none", paramLabel = "SCALING",
      description = "none or l2, as given to 'alt train' (default: ${DEFAULT-VALUE}).")
  private String scale;

  @Mixin private DataOptions data;

  /** Creates the command (picocli fills its fields). */
  public PredictCommand() {}

  @Override
  public Integer call() throws Exception {
    FeatureScaler scaler = FeatureScaler.of(TrainCommand.statelessScaling(scale));
    SavedModel saved = ModelIo.read(modelFile);
    LinearLearner model = saved.learner();
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

  private void predictAll(LinearLearner model, FeatureScaler scaler, Writer out) throws IOException {
    Predictions lines = new Predictions(out, model.numLabels(), scores);
    Scores s = new Scores(model.numLabels());
    // the labels are not used: read them without a label count, so a file with more labels than the model still works
    try (ExampleStream stream = DataFiles.open(dataFile, DataLoading.readOptions(data))) {
      while (stream.advance()) {
        model.predict(scaler.transform(stream.features()), s);
        lines.write(s);
      }
    }
  }
}
