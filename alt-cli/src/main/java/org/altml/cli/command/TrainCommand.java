package org.altml.cli.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.data.ModelFit;
import org.altml.cli.data.ScalingAdvice;
import org.altml.cli.open.OpenData;
import org.altml.cli.open.OpenTraining;
import org.altml.cli.options.DataOptions;
import org.altml.cli.options.OpenOptions;
import org.altml.cli.options.MisfitOptions;
import org.altml.cli.options.ModelScaleOption;
import org.altml.cli.options.ProgressOptions;
import org.altml.cli.options.ProtocolOptions;
import org.altml.cli.options.RegistryLearnerOptions;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.options.ThreadsOption;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Reports;
import org.altml.cli.output.ToolkitVersion;
import org.altml.cli.output.Warnings;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.JitWarmup;
import org.altml.core.eval.Order;
import org.altml.core.eval.Seeds;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.model.DataFit;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.files.DataFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alt train}: one training pass, then the model saved with {@link ModelIo#write} (atomically),
 * with its feature scaling (fitted statistics included), label names and provenance; or, with
 * {@code --from}, a saved model trained further on more data, as if that data had followed in the same
 * stream.
 */
@Command(
    name = "train",
    modelTransformer = RegistryLearnerOptions.Optional.class,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Trains a learner with one pass over DATA and saves the model.",
    description = {
      "Trains a learner with one pass over DATA (shuffled with the seed, or in file order) and saves",
      "the model to FILE (written to a temporary file and moved into place). The model file carries the",
      "learner, its settings, the label names, the feature scaling (standardize: the statistics fitted",
      "on DATA) and where it came from.",
      "The same learner options, order, seed and scaling as 'alt evaluate' give the same model, and",
      "'alt predict' then gives exactly the predictions 'alt evaluate' scored.",
      "With --from MODEL: continues training MODEL on DATA exactly as if DATA had followed the data MODEL",
      "was trained on in one stream (in file order unless --order shuffle, which reorders DATA only);",
      "the learner, its settings and the scaling come from MODEL, so learner options are refused.",
      "(A kernel learner under a budget agrees to rounding, not bit for bit, unless MODEL's examples",
      "are a multiple of 64: it trains in blocks of 64 examples, see the README.)"
    })
public final class TrainCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "Training data (LIBSVM or ARFF; '-': standard input).")
  private Path dataFile;

  @Option(names = "--model", required = true, paramLabel = "FILE",
      description = "Where to save the model ('-': standard output). Never an input file, not even the --from model.")
  private Path modelFile;

  @Option(names = "--from", paramLabel = "MODEL",
      description = "Continue training the model saved in MODEL on DATA (MODEL itself is not changed). DATA may have"
          + " fewer labels than MODEL, not more, with the same names, and not many more features; a shape DATA declares"
          + " (ARFF, --num-labels) must be MODEL's unless --allow-shape-mismatch.")
  private Path fromFile;

  @Option(names = "--order", paramLabel = "ORDER",
      description = "Training order: file or shuffle (default: shuffle, seeded by --seed; with --from: file,"
          + " and shuffle reorders DATA only).")
  private String order;

  @Mixin private SeedOptions seed;

  @Mixin private ThreadsOption threads;

  @Mixin private ModelScaleOption scale;

  @Mixin private MisfitOptions misfit;

  @Mixin private DataOptions data;

  @Mixin private ProgressOptions progressOptions;

  @Mixin private OpenOptions open;

  /** Creates the command (picocli fills its fields). */
  public TrainCommand() {}

  @Override
  public Integer call() throws Exception {
    new CommandFiles().input("--from", fromFile, "model file").data("--data", dataFile, data).output("--model", modelFile)
        .check();
    if (CliOutput.isStandardOutput(modelFile) && stdoutIsTerminal()) {
      throw new ParameterException(spec.commandLine(), "--model -: standard output is a terminal, and a model file is binary;"
          + " redirect it (--model - > model.alt) or give a file");
    }
    try {
      ProtocolOptions.threads(threads.value());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    OpenData.check(open, data, dataFile);
    if (open.open && order != null && !order.equals(Order.FILE.cliName())) {
      throw new IllegalArgumentException("--open trains in the stream's order, once through: --order " + order + " needs the"
          + " whole data first (leave --order out)");
    }
    if (open.open && scale.value() != null && !scale.value().equals(FeatureScaling.NONE.cliName())) {
      throw new IllegalArgumentException("--open trains in one pass over the stream: --scale " + scale.value() + " needs the"
          + " whole data first (leave --scale out)");
    }
    if (fromFile != null) {
      return continueTraining();
    }
    checkNewModelOptions();
    if (open.open) {
      OpenTraining trained = OpenTraining.train(RegistryLearnerOptions.settings(spec), open, data, dataFile,
          Seeds.learner(seed.seed()), threads.value() == 0 ? Runtime.getRuntime().availableProcessors() : threads.value());
      return saveOpen(trained, "trained", "");
    }
    Settings settings = RegistryLearnerOptions.settings(spec);
    Order trainingOrder = ProtocolOptions.order(order != null ? order : Order.SHUFFLE.cliName());
    FeatureScaling scaling = ProtocolOptions.scaling(scale.value() != null ? scale.value() : FeatureScaling.NONE.cliName());
    Dataset train;
    OnlineMultiLabelLearner learner;
    FeatureScaler scaler;
    TrainThenTest.Training training;
    try (Progress progress = progressOptions.progress(spec)) {
      train = readTraining(settings, progress);
      // the context and seeds of TrainThenTest.run, so that evaluate trains the same model
      LearnerContext context =
          new LearnerContext(train.numLabels(), train.numFeatures(), train.size(), Seeds.learner(seed.seed()))
              .withThreads(threads.value() == 0 ? Runtime.getRuntime().availableProcessors() : threads.value());
      learner = LearnerRegistry.create(settings, context);
      DataView view = DataView.of(train);
      scaler = FeatureScaler.fit(scaling, view);
      progress.start("training", train.size(), false);
      training = TrainThenTest.train(progress.counting(learner), view, trainingOrder, Seeds.order(seed.seed()), scaler);
    }
    learner.checkFinite();
    Warnings.ifNoExamples(spec.commandLine().getErr(), training.examples(), "the training data " + dataName());
    Warnings.ifNotStarted(spec.commandLine().getErr(), learner, "the model " + modelFile);
    save(new SavedModel(learner, train.labelNames(), train.numFeatures(), scaler, provenance(Map.of(), train, 0, train.numFeatures())));
    report().printf(Locale.ROOT, "trained %s on %d examples of %s (order %s, scale %s) in %.3f s; saved %s (d = %d)%n",
        Reports.describe(learner), training.examples(), DataLoading.shortName(dataFile), trainingOrder.cliName(), scaling.cliName(),
        training.seconds(), modelFile, train.numFeatures());
    report().flush();
    return 0;
  }

  /** Refuses the options that only continuing a saved model takes, and a new model without --learner. */
  private void checkNewModelOptions() {
    if (misfit.newFeatures) {
      throw new ParameterException(spec.commandLine(), "--allow-new-features is for --from MODEL (new features against the"
          + " saved model's); a new model takes every feature of its data");
    }
    if (misfit.shapeMismatch) {
      throw new ParameterException(spec.commandLine(), "--allow-shape-mismatch is for --from MODEL (data of another shape"
          + " than the saved model's); a new model takes the shape of its data");
    }
    if (!RegistryLearnerOptions.hasLearner(spec)) {
      throw new ParameterException(spec.commandLine(), "Missing required option: '" + RegistryLearnerOptions.LEARNER
          + "=NAME' (or --from MODEL to continue training a saved model)");
    }
  }

  /** DATA read and checked for a new model (labels, format options), with the scaling and budget advice. */
  private Dataset readTraining(Settings settings, Progress progress) throws IOException {
    // with --num-labels, the JIT compiles the learner's kernels on the spare core while the file is read
    JitWarmup warmup = DataLoading.warmupBeforeReading(settings, dataFile, data);
    Dataset train;
    try {
      train = DataLoading.readHashed(dataFile, data, progress);
      DataLoading.checkFormatOptions(data, dataFile, train);
    } finally {
      if (warmup != null) {
        warmup.close();
      }
    }
    DataLoading.requireLabels(train.numLabels(), dataFile, data);
    String inferred = DataLoading.inferredLabels(data, train.numLabels(), Map.of(dataFile, train));
    if (inferred != null) {
      progress.warn(inferred);
    }
    ScalingAdvice.unlessScaled(spec, "--scale", progress, train, "the training data " + dataName());
    ScalingAdvice.ifBudgetNeverActs(progress, settings, train.size(), "the training data " + dataName());
    return train;
  }

  /** {@code --from}: the saved learner trained on DATA with the model's own scaler, unchanged. */
  private Integer continueTraining() throws IOException {
    List<String> given = RegistryLearnerOptions.given(spec);
    if (!given.isEmpty()) {
      throw new IllegalArgumentException(given.get(0) + " cannot be combined with --from: the learner and its settings"
          + " come from the model " + fromFile);
    }
    SavedModel saved = ModelFit.read(fromFile);
    if (saved.isOpen()) { // an open model goes on growing, --open or not
      return saveOpen(OpenTraining.proceed(saved, fromFile, open, dataFile), "continued", " from " + fromFile);
    }
    if (open.open) {
      throw new IllegalArgumentException("--open cannot continue the model " + fromFile + ", whose L is fixed (it was not"
          + " trained with --open); leave --open out, or train a new open model");
    }
    FeatureScaler scaler = saved.scaler();
    if (scale.value() != null && ProtocolOptions.scaling(scale.value()) != scaler.scaling()) {
      throw new IllegalArgumentException("--scale " + scale.value() + " cannot be combined with --from: the model " + fromFile
          + " carries its scaling (" + scaler.scaling().cliName() + ")");
    }
    ModelFit.ignoreAsTheModelDid(saved, fromFile, data);
    Order trainingOrder = ProtocolOptions.order(order != null ? order : Order.FILE.cliName());
    OnlineMultiLabelLearner learner = saved.learner();
    Dataset more;
    TrainThenTest.Training training;
    try (Progress progress = progressOptions.progress(spec)) {
      ModelFit fit = new ModelFit(saved, fromFile, dataFile, misfit.newFeatures, progress).allowShapeMismatch(misfit.shapeMismatch);
      fit.declaredLabels(data.numLabels);
      more = DataLoading.readHashed(dataFile, data, progress);
      DataLoading.checkFormatOptions(data, dataFile, more);
      fit.labels(more.numLabels(), more.labelNames());
      fit.featureNames(more.featureNames());
      boolean arff = DataLoading.isArff(more);
      if (arff) { // a LIBSVM file declares nothing (--num-labels was checked above)
        fit.shape(more.numLabels(), more.labelNames(), more.numFeatures());
      }
      fit.ignoredAttributes(data, arff);
      fit.features(more.numFeatures(), true);
      if (!arff) { // LIBSVM declares no d: its examples say whether it is the model's kind of data
        org.altml.sparse.SparseVector x = new org.altml.sparse.SparseVector();
        for (int i = 0; i < more.size(); i++) {
          fit.features(more.features(i, x).maxIndex() + 1L, false, 0);
        }
        String beyond = fit.featuresBeyond(false);
        if (beyond != null) {
          progress.warn(beyond);
        }
      }
      fit.indexBase(data.zeroBased, more.labelNames());
      more = DataLoading.withLabels(more, learner.numLabels());
      progress.start("training", more.size(), false);
      training = TrainThenTest.train(progress.counting(learner), DataView.of(more), trainingOrder,
          Seeds.order(seed.seed()), scaler);
    }
    learner.checkFinite();
    Warnings.ifNoExamples(spec.commandLine().getErr(), training.examples(), "the training data " + dataName());
    Warnings.ifNotStarted(spec.commandLine().getErr(), learner, "the model " + modelFile);
    int numFeatures = Math.max(saved.numFeatures(), more.numFeatures());
    save(new SavedModel(learner, saved.labelNames(), numFeatures, scaler, provenance(saved.provenance(), more, saved.numFeatures(),
        numFeatures)));
    report().printf(Locale.ROOT, "continued %s from %s on %d examples of %s (order %s, scale %s) in %.3f s, %d examples"
        + " in all; saved %s (d = %d)%n", Reports.describe(learner), fromFile, training.examples(), DataLoading.shortName(dataFile),
        trainingOrder.cliName(), scaler.scaling().cliName(), training.seconds(), learner.examplesSeen(), modelFile,
        numFeatures);
    report().flush();
    return 0;
  }

  /** Saves an open model and says so. */
  private Integer saveOpen(OpenTraining trained, String verb, String from) throws IOException {
    SavedModel model = trained.model();
    Warnings.ifNoExamples(spec.commandLine().getErr(), trained.examples(), "the training data " + dataName());
    save(model);
    report().printf(Locale.ROOT, "%s %s%s on %d examples of %s (open: %d labels, features: %s) in %.3f s, %d examples in"
        + " all; saved %s%n", verb, Reports.describe(model.learner()), from, trained.examples(), DataLoading.shortName(dataFile),
        model.reportedLabels(), model.vocabulary().features().describe(), trained.seconds(), model.examplesSeen(), modelFile);
    report().flush();
    return 0;
  }

  /** Saves the model to --model: a file (atomically), or standard output for '-'. */
  private void save(SavedModel model) throws IOException {
    if (!CliOutput.isStandardOutput(modelFile)) {
      ModelIo.write(model, modelFile);
      return;
    }
    spec.commandLine().getOut().flush();
    ModelIo.write(model, System.out);
    if (System.out.checkError()) { // flushes; PrintStream records a failed write instead of throwing it
      throw new IOException(CliOutput.STANDARD_OUTPUT_FAILED);
    }
  }

  /** Tests set the answer to "is stdout a terminal?"; null asks the process. */
  public static volatile Boolean stdoutTerminalForTests;

  private static boolean stdoutIsTerminal() {
    Boolean forced = stdoutTerminalForTests;
    return forced != null ? forced : Progress.isTerminal(1);
  }

  /** Where the one-line report goes: stdout, unless the model does. */
  private PrintWriter report() {
    return CliOutput.isStandardOutput(modelFile) ? spec.commandLine().getErr() : spec.commandLine().getOut();
  }

  private String dataName() {
    return DataFiles.displayName(dataFile);
  }

  /**
   * {@code earlier} and this pass: the toolkit version and the data file (path, bytes, SHA-256, as read)
   * and its label file when it had one; the first pass also records the ARFF attributes it ignored. The
   * first pass writes {@code toolkitVersion}, {@code data}, ...;
   * each pass with {@code --from} adds the same keys prefixed {@code continued1.}, {@code continued2.}, ...
   */
  private Map<String, String> provenance(Map<String, String> earlier, Dataset read, int previousFeatures, int numFeatures) {
    int pass = 0;
    while (earlier.containsKey(passPrefix(pass) + "data")) {
      pass++;
    }
    String prefix = passPrefix(pass);
    List<InputDigest> digests = read.inputDigests();
    Map<String, String> p = new LinkedHashMap<>(earlier);
    p.put(prefix + "toolkitVersion", ToolkitVersion.get());
    put(p, prefix + "data", DataLoading.dataDigest(digests));
    if (digests.size() > 1) {
      put(p, prefix + "labels", digests.get(0));
    }
    if (pass == 0 && DataFit.isIndexNames(read.labelNames())) {
      // LIBSVM data (labels without names): predict warns when its data is read with the other base
      p.put(DataFit.FEATURE_INDEX_BASE, data.zeroBased ? "0" : "1");
    }
    if (pass == 0 && !DataLoading.isArff(read)) {
      // LIBSVM data declares no L: a label beyond the largest id it had is refused later, naming --num-labels
      p.put(DataFit.NUM_LABELS_INFERRED, Boolean.toString(data.numLabels == null));
    }
    // ARFF: predict, test and train --from refuse data of other attribute names or order. The digest covers the saved
    // model's d: a continuation on wider data (its first names checked against the digest) records the wider names
    String featureNames = DataFit.featureNamesDigest(read.featureNames(), numFeatures);
    if (featureNames != null) {
      p.put(DataFit.FEATURE_NAMES_SHA256, featureNames);
    } else if (numFeatures > previousFeatures) {
      p.remove(DataFit.FEATURE_NAMES_SHA256); // d grew beyond the names known: the digest no longer covers it
    }
    if (pass == 0 && !data.ignoreAttributes.isEmpty()) {
      // predict and train --from apply them by themselves
      p.put(DataFit.IGNORED_ATTRIBUTES, String.join(",", data.ignoreAttributes));
    }
    return p;
  }

  private static void put(Map<String, String> provenance, String key, InputDigest file) {
    provenance.put(key, file.name());
    provenance.put(key + "Bytes", Long.toString(file.bytes()));
    provenance.put(key + "Sha256", file.sha256());
  }

  private static String passPrefix(int pass) {
    return pass == 0 ? "" : "continued" + pass + ".";
  }
}
