package org.altml.flink;

import org.altml.core.eval.ShapeFit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.DataFit;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaOutputs;
import org.altml.flink.options.FlinkShapeOptions;
import org.altml.flink.output.Counting;
import org.altml.flink.output.ModelFileWriter;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.TextLine;
import org.altml.flink.training.LearnerSetup;
import org.altml.flink.training.OpenRun;
import org.altml.sparse.io.TerminalText;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/** {@code alt flink run}: one model per key ({@link Jobs#keyed}), or data-parallel training ({@link Jobs#parallel}). */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Train online on Flink: one model per key (keyed) or one model"
    + " from p workers averaged every N records (parallel).")
final class FlinkRunCommand extends FlinkCommand {
  enum Mode { KEYED, PARALLEL }

  @Option(names = "--mode", required = true, paramLabel = "keyed|parallel", description = "keyed or parallel")
  Mode mode;
  @Option(names = "--learner", required = true, paramLabel = "NAME", description = "a registered learner kind (alt evaluate --help lists them)")
  String learner;
  @Option(names = "--set", paramLabel = "NAME=VALUE", description = "a learner parameter by name, e.g. --set eta=0.5 --set maxUpdates=4")
  Map<String, String> set = new LinkedHashMap<>();
  @Option(names = "--key-by", paramLabel = "file|mod:K", defaultValue = "file", description = "keyed: 'file' or 'mod:K' (default ${DEFAULT-VALUE})")
  String keyBy;
  @Option(names = "--mix-every", paramLabel = "N", defaultValue = "0", description = "parallel: average the workers' models every N records (0: only at the end)")
  long mixEvery;
  @Option(names = "--test", paramLabel = "FILE", arity = "1..*", description = "parallel: labelled files scored as they are read"
      + " by the averaged model in effect then (with --mix-every 0, the final model; with N > 0, the first averages); their"
      + " metrics, as alt test's, go to the summary and reports.jsonl")
  List<String> test = new ArrayList<>();
  @Mixin FlinkShapeOptions mismatch = new FlinkShapeOptions();
  @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "seed of the learners' random choices")
  long seed;
  @Option(names = "--zero-division", paramLabel = "POLICY", defaultValue = "spec", description = "0/0 in the metrics (prequential"
      + " and --test), as alt evaluate's: spec (1 when both sets are empty, else 0), zero or one (default: ${DEFAULT-VALUE})")
  String zeroDivision;
  @Option(names = "--publish-every", paramLabel = "N", defaultValue = "0", description = "keyed, with a models topic (--models, or"
      + " a Kafka --out): publish a key's model every N records of the key, and at the end (default ${DEFAULT-VALUE}: only at"
      + " the end, which a Kafka run without --stop-at-end never reaches)")
  long publishEvery;
  @Option(names = "--hash-bits", paramLabel = "B", description = "open models (no --num-labels): map feature names into 2^B rows by"
      + " MurmurHash3 (signed, as Vowpal Wabbit does) rather than by a dictionary of the names")
  Integer hashBits;
  private DataStream<String> trainingLines;

  @Override
  public List<String> inputs() {
    List<String> all = new ArrayList<>(data.files());
    all.addAll(test);
    return all;
  }

  @Override
  public List<String> dataInputs() {
    return inputs();
  }

  @Override
  public String optionOf(String file) {
    return test.contains(file) && !data.files().contains(file) ? "--test" : "--data";
  }

  @Override
  int testFrom() {
    return data.files().size();
  }

  @Override
  boolean training() {
    return true;
  }

  @Override
  String learner() {
    return learner;
  }

  /** Also its models: final.model, key-*.model. */
  @Override
  public boolean writes(String name) {
    return super.writes(name) || ModelFileWriter.isModelFile(name);
  }

  @Override
  Integer job() throws Exception {
    if (publishEvery < 0) {
      throw usage("--publish-every must be >= 0 (0: only at the end), not " + publishEvery);
    }
    if (mixEvery < 0) {
      throw usage("--mix-every must be >= 0 (0: average only at the end), not " + mixEvery);
    }
    // options of the other mode would be ignored
    ParseResult given = spec.commandLine().getParseResult();
    for (String option : mode == Mode.KEYED ? List.of("--mix-every", "--test", DataFit.ALLOW_SHAPE_MISMATCH, DataFit.ALLOW_NEW_FEATURES)
        : List.of("--key-by", "--publish-every")) {
      if (given.hasMatchedOption(option)) {
        throw usage(option + " is for --mode " + (mode == Mode.KEYED ? "parallel" : "keyed") + ", not " + mode.name()
            .toLowerCase(Locale.ROOT));
      }
    }
    for (String option : List.of(DataFit.ALLOW_SHAPE_MISMATCH, DataFit.ALLOW_NEW_FEATURES)) {
      if (mode == Mode.PARALLEL && test.isEmpty() && given.hasMatchedOption(option)) {
        throw usage(option + " is for --test FILE (test files whose shape differs from the training data's)");
      }
    }
    Settings settings;
    ZeroDivisionPolicy policy;
    try { // a learner, a parameter, a key or a policy the job cannot take is a usage error like the others
      policy = zeroDivisionPolicy(zeroDivision);
      settings = Settings.parse(LearnerRegistry.get(learner), set);
      if (mode == Mode.KEYED) {
        Jobs.keyBy(keyBy);
      }
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    checkOptions();
    checkKafka(given);
    if (OpenRun.isOpen(data.numLabels(), inputs())) {
      return openJob(settings, policy, given);
    }
    if (hashBits != null) {
      throw usage("--hash-bits is for open models (no --num-labels, no ARFF input): the labels and features of "
          + (data.numLabels() > 0 ? "--num-labels " + data.numLabels() : "the ARFF header") + " are fixed");
    }
    if (!test.isEmpty() && mixEvery > 0) {
      System.err.println("alt flink: warning: the --test files are scored as they are read, by the first averaged models"
          + " (every " + mixEvery + " records), not by final.model; give --mix-every 0 to score them by the final model");
    }
    DataSpec dataSpec = data.spec().requiringLabels(); // the records learned from, and --test's scored against their labels
    DataSpec.Labels labels = dataSpec.labels(inputs()); // the --test files must name the training files' labels too
    for (ShapeFit.Misfit m : dataSpec.checkTestShape(data.files(), test, mismatch.allowed())) {
      System.err.println("alt flink: warning: " + TerminalText.printable(m.problem()) + " (" + m.allowance() + ")");
    }
    dataSpec = dataSpec.boundingLibSvmTests(data.files(), test, labels.numFeatures(), mismatch.allowed());
    LearnerSetup setup = LearnerSetup.of(settings, labels.numLabels(), labels.numFeatures(), seed).withZeroDivision(policy);
    StreamExecutionEnvironment env = env();
    boolean withModels = output.out() != null;
    UnaryOperator<DataStream<TextLine>> count = counting();
    int p = job.parallelism();
    boolean scores = output.scores();
    String name = mode.name().toLowerCase(Locale.ROOT);
    boolean publish = kafka.models(output.given()) != null;
    Jobs.Built built = mode == Mode.KEYED
        ? Jobs.keyed(env, input(name), dataSpec, setup, keyBy, p, withModels, scores, publish ? publishEvery : -1, tap(count))
        : Jobs.parallel(env, input(name), dataSpec, setup, p, mixEvery, test, withModels, scores, tap(count));
    Jobs.Streams streams = toKafka(built.streams(), !publish ? null : mode == Mode.KEYED ? built.models()
        : KafkaOutputs.named(built.models()), name);
    // predictions into a Kafka topic are not collected (run counts its records from the reports)
    DataStream<String> predictions = output.kafka() != null ? null : streams.main();
    streams = new Jobs.Streams(trainingLines, streams.bad(), predictions == null ? streams.reports() : streams.reports().union(predictions));
    return execute(env, streams, name, new ModelFileWriter(output.out(), name, data.files(), labels.names(), labels.numFeatures(),
        labels.featureNames()));
  }

  /**
   * A run without L (docs/spec.md#open-streams): one open model per key, its labels and features growing with the key's
   * records; data-parallel training is refused (the workers' label ids would differ, so their models cannot be averaged).
   */
  private Integer openJob(Settings settings, ZeroDivisionPolicy policy, ParseResult given) throws Exception {
    DataSpec dataSpec = data.spec();
    OpenSpec open;
    LearnerSetup setup = LearnerSetup.of(settings, 0, 0, seed).withZeroDivision(policy);
    try {
      open = OpenRun.check(mode == Mode.PARALLEL, dataSpec, hashBits, setup);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    StreamExecutionEnvironment env = env();
    UnaryOperator<DataStream<TextLine>> count = counting();
    boolean publish = kafka.models(output.given()) != null;
    Jobs.Built built = Jobs.keyedOpen(env, input("keyed"), open, setup, keyBy, job.parallelism(), output.out() != null,
        output.scores(), publish ? publishEvery : -1, tap(count));
    Jobs.Streams streams = toKafka(built.streams(), publish ? built.models() : null, "keyed");
    DataStream<String> predictions = output.kafka() != null ? null : streams.main();
    streams = new Jobs.Streams(trainingLines, streams.bad(), predictions == null ? streams.reports() : streams.reports().union(predictions));
    return execute(env, streams, "keyed", new ModelFileWriter(output.out(), "keyed", data.files(), null, 0, List.of()));
  }

  /**
   * The tap of the training input (after --fail-at's): its lines are counted as they leave the source (which the learners
   * backpressure), the summary's streamingRecordsPerSecond without the job's start-up.
   */
  private UnaryOperator<DataStream<TextLine>> counting() {
    UnaryOperator<DataStream<TextLine>> failAt = tap();
    return source -> {
      DataStream<TextLine> lines = failAt == null ? source : failAt.apply(source);
      trainingLines = lines.transform("count lines", Types.STRING, new Counting<TextLine>(false)).setParallelism(lines.getParallelism());
      return lines;
    };
  }

  /** The Kafka options a run cannot take together: what they would ignore, or files where a topic cannot go. */
  private void checkKafka(ParseResult given) {
    for (String t : test) {
      if (KafkaAddress.isKafka(t)) {
        throw usage("--test " + t + ": the --test inputs are files (scored as they are read); a Kafka topic goes to --data");
      }
    }
    if (!test.isEmpty() && output.kafka() != null) {
      throw usage("--test scores files into --out DIR's predictions.jsonl; with --out " + output.given() + " give --out DIR");
    }
    if (given.hasMatchedOption("--publish-every") && kafka.models(output.given()) == null) {
      throw usage("--publish-every publishes the keys' models to a models topic: give --models kafka://HOST:PORT/TOPIC or a Kafka"
          + " --out");
    }
    if (mode == Mode.KEYED && endless() && publishEvery == 0 && kafka.models(output.given()) != null) {
      System.err.println("alt flink: warning: the keys' models are published at the end of the input, which a Kafka run without"
          + " --stop-at-end never reaches: give --publish-every N to publish them as they learn");
    }
  }

  /** The policy named {@code name} ({@code spec}, {@code zero} or {@code one}, any case), as alt's commands take it. */
  static ZeroDivisionPolicy zeroDivisionPolicy(String name) {
    try {
      return ZeroDivisionPolicy.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--zero-division " + e.getMessage(), e);
    }
  }
}
