package org.altml.cli.command;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ModelFit;
import org.altml.cli.open.OpenData;
import org.altml.cli.open.OpenPrediction;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.MisfitOptions;
import org.altml.cli.options.ModelScaleOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.SavedModelOption;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Warnings;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.ReadAheadStream;
import org.altml.sparse.io.arff.ArffReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt predict}: loads a model saved by {@code alt train} and writes one line per example of the
 * data file (streamed), in the format of {@link org.altml.cli.output.Predictions}. The data must fit the model ({@link
 * ModelFit}); its labels are not used otherwise.
 */
@Command(
    name = "predict",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Predicts every example of DATA (streamed; '-' reads standard input) with a model saved by 'alt train'.",
      "One line per example: the predicted label ids, comma separated (an empty line for none); with",
      "--scores, a tab and then the L label scores and the threshold score, space separated. A label id",
      "is the label's 0-based position in the model's label list: LIBSVM's label numbers, or for ARFF the",
      "order of the Mulan XML file (not of the label columns). --label-names prints the names of a model",
      "trained on ARFF data with named labels instead of the ids (the scores stay in label id order).",
      "DATA must fit the model: no more labels than it has, the same label names (ARFF), and not many",
      "more features (2d + 100 or more is an error unless --allow-new-features); a linear model has no",
      "weights for features it never saw, while a kernel, ELM or feature-map model's scores do see them.",
      "A shape DATA declares (an ARFF header and its labels, --num-labels) must be the model's: fewer",
      "labels or features, or label names against a model of label ids (LIBSVM) or the other way round,",
      "are errors unless --allow-shape-mismatch; more features than an ARFF model's, unless",
      "--allow-new-features. A LIBSVM file declares nothing: it may use fewer label and feature ids.",
      "Every example is scaled as the model's training data was: the model file carries its scaling",
      "(standardize: with the statistics fitted on the training data) and the ARFF attributes it was",
      "trained without (--ignore-attributes).",
      "An open model (alt train --open) reads its kind of records (--format) through its vocabulary,",
      "leaves out the words it never saw, and prints label names (docs/open-streams.md)."
    })
public final class PredictCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private SavedModelOption savedModel;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "Examples to predict (LIBSVM or ARFF; '-': standard input).")
  private Path dataFile;

  @Option(names = "--scores", description = "Append a tab and the L label scores and the threshold score.")
  private boolean scores;

  @Option(names = "--label-names",
      description = "Print the names of the predicted labels (a model trained on ARFF data with named labels) instead of"
          + " their ids; the --scores columns stay in label id order. A model of label ids only (LIBSVM) is an error.")
  private boolean labelNames;

  @Option(names = "--out", paramLabel = "FILE",
      description = "Write to FILE (atomically) instead of stdout ('-': stdout). Never an input file.")
  private Path outFile;

  @Mixin private ModelScaleOption scale;

  @Mixin private MisfitOptions misfit;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "An open model's records: libsvm, libsvm-names or json (default: json for .jsonl and .json, else libsvm).")
  private String format;

  /** Creates the command (picocli fills its fields). */
  public PredictCommand() {}

  @Override
  public Integer call() throws Exception {
    new CommandFiles().input("--model", savedModel.value(), "model file").data("--data", dataFile, data).output("--out", outFile)
        .check();
    SavedModel saved = ModelFit.readToApply(savedModel.value(), scale.value(), data);
    FeatureScaler scaler = saved.scaler();
    if (labelNames && !saved.hasNamedLabels()) {
      throw new IllegalArgumentException("--label-names: the labels of the model " + savedModel.value() + " have no names, only ids"
          + " (it was trained on LIBSVM data, or on ARFF labels named 0, 1, ...), and the ids are what predict prints; leave"
          + " --label-names out");
    }
    PrintWriter err = spec.commandLine().getErr();
    long[] counts;
    if (saved.isOpen()) { // an open model: records through its vocabulary, labels by name
      if (data.numLabels != null || data.labelsGiven()) {
        throw new IllegalArgumentException("the model " + savedModel.value() + " is open (its labels are those it saw): leave"
            + " --num-labels and the ARFF label options out");
      }
      try (CliOutput out = CliOutput.open(spec, outFile != null ? outFile : Path.of("-"))) {
        counts = OpenPrediction.predict(saved, dataFile, OpenData.format(format, dataFile), scores, out.writer());
        out.commit();
      }
      Warnings.ifAllPredictionsEmpty(err, counts[1], counts[0], "of the model " + savedModel.value(), "retrain with",
          saved.learner());
      return 0;
    }
    if (format != null) {
      throw new IllegalArgumentException("--format reads the records of an open model; the model " + savedModel.value()
          + " is not open (its data is LIBSVM or ARFF)");
    }
    try (Progress progress = progressOptions.progress(spec);
        CliOutput out = CliOutput.open(spec, outFile != null ? outFile : Path.of("-"))) {
      ModelFit fit = new ModelFit(saved, savedModel.value(), dataFile, misfit.newFeatures, progress).allowShapeMismatch(misfit.shapeMismatch);
      fit.declaredLabels(data.numLabels);
      counts = predictAll(saved, scaler, fit, out.stream(), progress);
      out.commit();
    }
    Warnings.ifAllPredictionsEmpty(err, counts[1], counts[0], "of the model " + savedModel.value(), "retrain with",
        saved.learner());
    return 0;
  }

  /** Predicts every example; returns the number of examples and of empty predictions. */
  private long[] predictAll(SavedModel saved, FeatureScaler scaler, ModelFit fit, OutputStream out, Progress progress)
      throws IOException {
    OnlineMultiLabelLearner model = saved.learner();
    try (ExampleStream stream = open(dataFile, data, progress, fit);
        PredictionPipeline pipeline = new PredictionPipeline(model, scaler, scores, out, DataLoading.parseThreads())
            .labelNames(labelNames ? saved.labelNames() : null)) {
      feed(stream, fit, pipeline, false);
      String beyond = fit.featuresBeyond(true);
      if (beyond != null) {
        progress.warn(beyond);
      }
      return new long[] {pipeline.examples(), pipeline.emptyPredictions()};
    }
  }

  /**
   * Opens a data file as the commands that apply a saved model read it, after checking what it declares against
   * the model ({@link ModelFit}; LIBSVM declares nothing, so each example is checked by {@link #feed}): a LIBSVM
   * file parsed on every core, blocks ahead of the predictions (the same examples, the same errors), an ARFF file
   * read ahead on one.
   */
  static ExampleStream open(Path dataFile, DataOptions data, Progress progress, ModelFit fit) throws IOException {
    return open(dataFile, data, progress, fit, false);
  }

  /** {@link #open(Path, DataOptions, Progress, ModelFit)}, hashing the data as it is read when {@code hash}. */
  static ExampleStream open(Path dataFile, DataOptions data, Progress progress, ModelFit fit, boolean hash) throws IOException {
    // an ARFF file without its XML label file (and no label option): its label attributes are the model's labels
    ExampleStream file = DataLoading.open(dataFile, DataLoading.readOptions(data).withParseThreads(DataLoading.parseThreads())
        .withInputHashing(hash).withLabelNames(fit.namedLabels()), progress);
    try {
      DataLoading.checkFormatOptions(data, dataFile, file);
      if (file.numLabels() >= 0) {
        fit.labels(file.numLabels(), file instanceof ArffReader arff ? arff.labelNames() : null);
      }
      if (file instanceof ArffReader arff) {
        fit.featureNames(arff.featureNames());
        fit.shape(arff.numLabels(), arff.labelNames(), arff.numFeatures()); // a LIBSVM file declares nothing
      }
      fit.ignoredAttributes(data, file instanceof ArffReader);
      fit.features(file.numFeatures(), true);
      if (!(file instanceof ArffReader)) {
        fit.indexBase(data.zeroBased, null);
      }
    } catch (RuntimeException e) {
      file.close();
      throw e;
    }
    return file instanceof ArffReader ? new ReadAheadStream(file) : file;
  }

  /**
   * Feeds every example of {@code stream} (with its labels when {@code withLabels}) to {@code pipeline}, each
   * checked against the model first ({@link ModelFit}), and flushes it: blocks of examples are predicted (and
   * scored) on every core and written in input order. After a bad example (one the reader or the model refuses, or
   * whose prediction fails), the lines of the examples before it are written, as one example at a time would write
   * them, and its error is thrown; the first error in input order wins.
   */
  static void feed(ExampleStream stream, ModelFit fit, PredictionPipeline pipeline, boolean withLabels) throws IOException {
    pipeline.dataName(fit.dataName());
    for (long n = 1; ; n++) {
      try {
        if (!stream.advance()) {
          break;
        }
        fit.label(stream.labels().maxLabel(), n, stream.lineNumber());
        fit.features(stream.features().maxIndex() + 1L, false, stream.lineNumber());
      } catch (IOException | RuntimeException e) {
        pipeline.flush(); // the examples before the bad one; an earlier example's failed prediction is thrown first
        throw e;
      }
      // a failed prediction is thrown here (or by the flush below) after the lines before it, and ends the feed: the
      // blocks after it are not written
      pipeline.add(stream.features(), withLabels ? stream.labels() : null, stream.lineNumber());
    }
    pipeline.flush();
  }
}
