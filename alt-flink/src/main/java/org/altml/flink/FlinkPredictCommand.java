package org.altml.flink;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaModels;
import org.altml.flink.kafka.KafkaTopics;
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
  @Option(names = "--watch", paramLabel = "DIR|kafka://HOST:PORT/TOPIC", description = "a folder: every new model file in it"
      + " replaces the current model; or a models topic (a run's --models), every newer model version in it (runs until"
      + " cancelled; predictions stream out as they come, to --out or to stdout)")
  String watch;
  @Option(names = "--refresh-ms", paramLabel = "MS", defaultValue = "1000", description = "how often --watch looks (default ${DEFAULT-VALUE})")
  long refreshMs;
  @Mixin FlinkShapeOptions mismatch = new FlinkShapeOptions();

  @Override
  boolean endless() {
    return watch != null || super.endless();
  }

  @Override
  boolean needsLabels() {
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
    if ((watch == null || KafkaAddress.isKafka(watch)) && spec.commandLine().getParseResult().hasMatchedOption("--refresh-ms")) {
      throw usage("--refresh-ms is how often --watch looks for new models in a folder, and " + (watch == null ? "a --model is read once"
          : "a models topic brings each new version as it comes"));
    }
    if ((model == null) == (watch == null)) {
      throw usage("give --model FILE or --watch DIR");
    }
    if (KafkaAddress.isKafka(model)) {
      throw usage("--model " + model + ": --model is a model file; --watch " + model + " follows a models topic");
    }
    KafkaAddress modelsTopic = null;
    if (KafkaAddress.isKafka(watch)) {
      try {
        modelsTopic = KafkaAddress.parse(watch);
      } catch (IllegalArgumentException e) {
        throw usage("--watch " + e.getMessage());
      }
    }
    Path watched = watch == null || modelsTopic != null ? null : DataSpec.localPath(watch);
    if (watched != null && !Files.isDirectory(watched)) {
      throw usage("--watch " + watch + ": no such folder");
    }
    StreamExecutionEnvironment env = env();
    List<String> files = data.files();
    int p = job.parallelism();
    if (model != null) { // frozen: every predictor reads the file itself, chained to its source; L is the model's
      // (scoreFrozen reads the model once here, failing on a bad file, and checks the data against it)
      return execute(env, toKafka(Jobs.scoreFrozen(env, input("predict"), data.spec(), data.numLabels(), model, p, output.scores(),
          tap(tap()), mismatch.allowed()), null, "predict"), "predict", null);
    }
    int l = data.numLabels();
    if (l < 1 && !files.isEmpty() && files.stream().allMatch(DataSpec::isArff)) {
      l = data.spec().labels(files).numLabels(); // ARFF: from the header, as everywhere else
    }
    if (l < 1) {
      throw usage("--watch needs --num-labels L (the models' L) for LIBSVM data");
    }
    if (modelsTopic != null) {
      KafkaTopics.ensureModels(modelsTopic); // followed from its start: a run may create it later, and it comes then
    }
    DataStream<ModelMessage> models = modelsTopic != null ? KafkaModels.follow(env, modelsTopic, l, "alt-flink-predict-watch-"
        + modelsTopic.topic()) : Jobs.watchModels(env, watch, Duration.ofMillis(refreshMs), l);
    return execute(env, toKafka(Jobs.score(env, input("predict"), data.spec(l), l, models, p, output.scores(), tap(tap()),
        mismatch.allowed()), null, "predict"), "predict", null);
  }
}
