package org.altml.flink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.altml.flink.options.FlinkDataOptions;
import org.altml.flink.kafka.KafkaAddress;
import org.altml.flink.kafka.KafkaInput;
import org.altml.flink.kafka.KafkaOutputs;
import org.altml.flink.kafka.KafkaTopics;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.options.FlinkJobOptions;
import org.altml.flink.options.FlinkKafkaChecks;
import org.altml.flink.options.FlinkKafkaOptions;
import org.altml.flink.options.FlinkOptionChecks;
import org.altml.flink.options.FlinkOutputOptions;
import org.altml.flink.output.CollectedResults;
import org.altml.flink.output.Counting;
import org.altml.flink.output.ModelFileWriter;
import org.altml.flink.output.ResultPlan;
import org.altml.flink.output.StreamedResults;
import org.altml.flink.source.FailAt;
import org.altml.flink.source.RecordInput;
import org.altml.flink.source.TextLine;
import org.altml.sparse.io.OutputPaths;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobListener;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What both subcommands of {@code alt flink} are: their shared options (mixins), the files they read and write, the
 * checks of the options ({@link FlinkOptionChecks}), the job's environment ({@link JobEnvironment}), and how the job
 * runs and its results are written ({@link CollectedResults}, or {@link StreamedResults} for a job that runs until
 * cancelled).
 */
abstract class FlinkCommand implements Callable<Integer>, FlinkOptionChecks.Inputs {
  @Mixin FlinkDataOptions data = new FlinkDataOptions();
  @Mixin FlinkJobOptions job = new FlinkJobOptions();
  @Mixin FlinkOutputOptions output = new FlinkOutputOptions();
  @Mixin FlinkKafkaOptions kafka = new FlinkKafkaOptions();
  @Spec CommandSpec spec;

  /**
   * Tests: a tap applied to the records right after the job's source (a failure injected once, a throttle), before the
   * command's own; null: none.
   */
  static volatile UnaryOperator<DataStream<TextLine>> testTap;

  /** The job's environment, and the checkpoint folder of the run's own that it removes when the job ends. */
  private final JobEnvironment environment = new JobEnvironment();
  /** Tests: told every job this process submits (to cancel one that runs until cancelled); null: none. */
  static volatile JobListener submitted;
  /** What --fail-at did, said when the job has run; null without it. */
  private FailAt.Report failAt;

  /** {@code own} (null: none) after the tests' tap, when there is one. */
  static UnaryOperator<DataStream<TextLine>> tap(UnaryOperator<DataStream<TextLine>> own) {
    UnaryOperator<DataStream<TextLine>> first = testTap;
    if (first == null) {
      return own;
    }
    return own == null ? first : lines -> own.apply(first.apply(lines));
  }

  /** A usage error (exit 2) naming the option, as picocli reports its own. */
  ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  /** Refuses option values the jobs cannot take, before anything runs. */
  void checkOptions() {
    // a topic is no file; a run without L has open models (docs/spec.md#open-streams), which a topic feeds as a file does
    FlinkKafkaChecks.check(spec, kafka, data, job, output, needsLabels(), training());
    FlinkOptionChecks.check(spec, data, job, output, this);
  }

  /** Whether the job needs {@code --num-labels} for LIBSVM data (no model gives it L). */
  boolean needsLabels() {
    return false;
  }

  /** Whether {@code --data} is a Kafka topic. */
  boolean kafkaData() {
    return data.files().size() == 1 && KafkaAddress.isKafka(data.files().get(0));
  }

  /** Where the job's records come from: the {@code --data} topic ({@link KafkaInput}), or the files. */
  RecordInput input(String mode) {
    if (!kafkaData()) {
      return Jobs.files(data.files());
    }
    KafkaAddress topic = KafkaAddress.parse(data.files().get(0));
    if (!KafkaTopics.exists(topic)) { // a mistyped topic would be read as an empty one
      throw usage("--data " + topic + ": no such topic on the cluster; create it, or check its name");
    }
    // the group is the job's: two jobs on one topic keep their own committed offsets
    return new KafkaInput(topic, kafka.start(), kafka.stopAtEnd(), "alt-flink-" + mode + "-" + topic.topic());
  }

  /** The job's Kafka outputs, or null when it writes none. */
  KafkaOutputs kafkaOutputs(String mode) {
    KafkaAddress out = output.kafka();
    KafkaAddress deadLetter = kafka.deadLetter(output.given());
    KafkaAddress models = training() ? kafka.models(output.given()) : null;
    if (out == null && deadLetter == null && models == null) {
      return null;
    }
    return new KafkaOutputs(out, deadLetter, models, kafka.delivery(), mode + " " + String.join(",", data.files()));
  }

  /**
   * Sends the job's outputs that go to Kafka there: the predictions (with a Kafka {@code --out}), the bad records to the
   * dead-letter topic, the reports, the model {@code versions} (null: none) to the models topic. Returns what the client
   * still collects: the bad records and reports (small), and the predictions only when they go to files (else the main
   * stream stays, to be counted and not kept: {@link #execute}).
   */
  Jobs.Streams toKafka(Jobs.Streams streams, DataStream<ModelMessage> versions, String mode) {
    KafkaOutputs outs = kafkaOutputs(mode);
    if (outs == null) {
      return streams;
    }
    outs.ensureTopics();
    if (outs.models() != null && versions != null) {
      outs.models(versions);
    }
    if (outs.deadLetter() != null) {
      outs.badRecords(streams.bad());
    }
    if (outs.out() != null) {
      if (streams.main() != null) {
        outs.predictions(streams.main());
      }
      if (streams.reports() != null) {
        outs.reports(streams.reports());
      }
    }
    // a job that runs until cancelled would print its bad records on stderr: they are in the dead-letter topic
    DataStream<String> bad = outs.deadLetter() != null && endless() ? streams.bad().filter(line -> false).name("bad records: in Kafka")
        .setParallelism(streams.bad().getParallelism()) : streams.bad();
    return new Jobs.Streams(streams.main(), bad, streams.reports());
  }

  @Override
  public boolean writes(String name) {
    return CollectedResults.FILES.contains(name);
  }

  @Override
  public String optionOf(String file) {
    return "--data";
  }

  @Override
  public List<String> dataInputs() {
    return data.files();
  }

  @Override
  public List<String> inputs() {
    return data.files();
  }

  /**
   * Where the files scored after training (run's --test) start among {@link #inputs()}; {@code inputs().size()}
   * when the command has none.
   */
  int testFrom() {
    return inputs().size();
  }

  /** Whether the command trains (run: its records are the examples learned), else it scores. */
  boolean training() {
    return false;
  }

  /** The learner kind the command trains, or null. */
  String learner() {
    return null;
  }

  /**
   * Whether the job runs until cancelled, so that its outputs stream out as they come instead of at its end: a Kafka input
   * without {@code --stop-at-end}.
   */
  boolean endless() {
    return kafkaData() && !kafka.stopAtEnd();
  }

  /** Runs the command's job; the checkpoint folder it made is removed however it ends. */
  @Override
  public final Integer call() throws Exception {
    try {
      return job();
    } finally {
      environment.removeOwnCheckpoints();
    }
  }

  /** The command's job. */
  abstract Integer job() throws Exception;

  /** The job's environment; {@link #checkOptions()} must have passed. */
  StreamExecutionEnvironment env() throws IOException {
    StreamExecutionEnvironment env = environment.create(job);
    if (job.failAt() > 0) {
      failAt = new FailAt.Report(job.failAt(), endless());
      env.registerJobListener(failAt);
    }
    if (submitted != null) {
      env.registerJobListener(submitted);
    }
    return env;
  }

  /**
   * What every job applies to the lines of its input right after their source: {@code --fail-at}'s failure ({@link
   * FailAt}), or null (nothing).
   */
  UnaryOperator<DataStream<TextLine>> tap() {
    return job.failAt() > 0 ? FailAt.tap(job.failAt()) : null;
  }

  /**
   * Runs the job, writes the outputs, prints the summary.
   *
   * @param models the model files of a run, or null
   */
  int execute(StreamExecutionEnvironment env, Jobs.Streams streams, String mode, ModelFileWriter models) throws Exception {
    // predictions into a Kafka topic are counted here, not collected
    boolean keep = output.keepPredictions() && output.kafka() == null;
    DataStream<String> main = streams.main() == null ? null : streams.main().getType().equals(Types.STRING)
        && !training() ? streams.main().transform("count", Types.STRING, new Counting<String>(keep))
        .setParallelism(streams.main().getParallelism()) : streams.main();
    DataStream<String> all = new Jobs.Streams(main, streams.bad(), streams.reports()).all();
    Path out = output.out();
    Path created = out == null ? null : OutputPaths.firstMissing(out); // what createDirectories makes
    if (out != null) {
      Files.createDirectories(out);
    }
    KafkaAddress deadLetter = kafka.deadLetter(output.given());
    ResultPlan plan = new ResultPlan(mode, job.parallelism(), out, keep, training(), inputs(), testFrom(), learner(),
        deadLetter == null ? null : deadLetter.toString());
    try {
      int code = endless() ? StreamedResults.stream(all, plan) : CollectedResults.collect(all, main != null, plan, models);
      if (failAt != null) {
        failAt.report();
      }
      return code;
    } catch (Exception | Error e) {
      if (created != null) {
        // the folders this job made and left empty (its outputs are written only at a good end; a watching job's
        // streamed lines keep theirs)
        OutputPaths.removeEmptyUpTo(out, created);
      }
      throw e;
    }
  }
}
