package org.altml.flink;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.options.FlinkShapeOptions;
import org.altml.flink.scoring.BroadcastScorer;
import org.altml.flink.scoring.FrozenScorer;
import org.altml.flink.source.DataSpec;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code alt flink predict}: frozen scoring ({@link FrozenScorer}) or broadcast scoring with hot swap ({@link BroadcastScorer}). */
@Command(name = "predict", mixinStandardHelpOptions = true, description = "Score files with P predictors:"
    + " a model file (frozen: each predictor reads it, chained to its share of the input) or the newest model dropped into a"
    + " folder (broadcast to the predictors, refreshed while the job runs).")
final class FlinkPredictCommand extends FlinkCommand {
  @Option(names = "--model", paramLabel = "FILE", description = "a model file (alt train --model, or final.model of alt flink run)")
  String model;
  @Option(names = "--watch", paramLabel = "DIR", description = "a folder: every new model file in it replaces the current model"
      + " (runs until cancelled; predictions stream out as they come, to --out's files or to stdout)")
  String watch;
  @Option(names = "--refresh-ms", paramLabel = "MS", defaultValue = "1000", description = "how often --watch looks (default ${DEFAULT-VALUE})")
  long refreshMs;
  @Mixin FlinkShapeOptions mismatch = new FlinkShapeOptions();

  @Override
  boolean endless() {
    return watch != null;
  }

  @Override
  public List<String> inputs() {
    List<String> all = new ArrayList<>(data.files());
    if (model != null) {
      all.add(model);
    }
    return all;
  }

  @Override
  public String optionOf(String file) {
    return file.equals(model) && !data.files().contains(file) ? "--model" : "--data";
  }

  @Override
  Integer job() throws Exception {
    checkOptions();
    if (refreshMs < 1) {
      throw usage("--refresh-ms must be >= 1, not " + refreshMs);
    }
    if (watch == null && spec.commandLine().getParseResult().hasMatchedOption("--refresh-ms")) {
      throw usage("--refresh-ms is how often --watch looks for new models, and a --model is read once");
    }
    if ((model == null) == (watch == null)) {
      throw usage("give --model FILE or --watch DIR");
    }
    Path watched = watch == null ? null : DataSpec.localPath(watch);
    if (watched != null && !Files.isDirectory(watched)) {
      throw usage("--watch " + watch + ": no such folder");
    }
    StreamExecutionEnvironment env = env();
    List<String> files = data.files();
    int p = job.parallelism();
    if (model != null) { // frozen: every predictor reads the file itself, chained to its source; L is the model's
      // (scoreFrozen reads the model once here, failing on a bad file, and checks the data against it)
      return execute(env, Jobs.scoreFrozen(env, files, data.spec(), data.numLabels(), model, p, output.scores(), tap(),
          mismatch.allowed()), "predict", null);
    }
    int l = data.numLabels();
    if (l < 1 && !files.isEmpty() && files.stream().allMatch(DataSpec::isArff)) {
      l = data.spec().labels(files).numLabels(); // ARFF: from the header, as everywhere else
    }
    if (l < 1) {
      throw usage("--watch needs --num-labels L (the models' L) for LIBSVM data");
    }
    DataStream<ModelMessage> models = Jobs.watchModels(env, watch, Duration.ofMillis(refreshMs), l);
    return execute(env, Jobs.score(env, files, data.spec(l), l, models, p, output.scores(), tap(), mismatch.allowed()), "predict",
        null);
  }
}
