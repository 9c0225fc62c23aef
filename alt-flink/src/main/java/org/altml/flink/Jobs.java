package org.altml.flink;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.altml.core.eval.ShapeFit;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.core.model.DataFit;
import org.altml.core.model.SavedModel;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.output.Output;
import org.altml.flink.output.TestMetrics;
import org.altml.flink.scoring.BroadcastScorer;
import org.altml.flink.scoring.FrozenScorer;
import org.altml.flink.scoring.OpenFrozenScorer;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.LineFormat;
import org.altml.flink.source.ModelFileFormat;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.RecordInput;
import org.altml.flink.source.ShareSource;
import org.altml.flink.source.TextLine;
import org.altml.flink.training.KeyedPrequential;
import org.altml.flink.training.OpenKeyedPrequential;
import org.altml.flink.training.LearnerSetup;
import org.altml.flink.training.ModelMixer;
import org.altml.flink.training.ParallelWorker;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;

/**
 * The jobs, as pipelines on a {@link StreamExecutionEnvironment} (a local MiniCluster or a real cluster: the
 * same code). Every job reads lines through {@link LineFormat}, parses them per record with the readers' own
 * checks, sends bad records to a side output, and emits JSON lines ({@link Output}).
 *
 * <p>Determinism: the keyed job reads its input with one source subtask, so every key sees its records in
 * file order, whatever the parallelism and however often the job fails and restarts from a checkpoint; the
 * data-parallel job reads with p source subtasks, subtask k every line numbered k mod p in file order
 * ({@link ShareSource}); the results are then bit for bit those of a run without failures. The scoring job
 * reads with p source subtasks (splits of the files), order does not matter there.
 */
public final class Jobs {
  /** Splits smaller than this are not worth a subtask. */
  public static final long MIN_SPLIT_BYTES = 1 << 20;
  /** Splits per source subtask when several read (load balancing, see {@link LineFormat.Enumerator}). */
  public static final int SPLITS_PER_SUBTASK = 4;

  private Jobs() {}

  /**
   * The outputs of a job: the main lines (predictions), the bad records, the reports.
   *
   * @param main predictions, one JSON line each, or null (a job that predicts nothing)
   * @param bad bad records, one JSON line each
   * @param reports per-key reports or mixed models, or null (a job that reports nothing)
   */
  public record Streams(DataStream<String> main, DataStream<String> bad, DataStream<String> reports) {
    /** All of them as one stream. */
    public DataStream<String> all() {
      DataStream<String> all = bad;
      if (main != null) {
        all = all.union(main);
      }
      if (reports != null) {
        all = all.union(reports);
      }
      return all;
    }
  }

  /**
   * A job built: its outputs, and the model versions it makes as it goes (a keyed run's per-key models when it publishes
   * them, a parallel run's averages; null for a job that makes none).
   */
  public record Built(Streams streams, DataStream<ModelMessage> models) {}

  /** The files as a job's input: lines split among source subtasks ({@link #lines}), or shared by number ({@link #shares}). */
  public static RecordInput files(List<String> files) {
    return new RecordInput() {
      @Override
      public List<String> names() {
        return files;
      }

      @Override
      public DataStream<TextLine> lines(StreamExecutionEnvironment env, int parallelism, String uid) {
        return Jobs.lines(env, files, parallelism, uid);
      }

      @Override
      public DataStream<TextLine> shares(StreamExecutionEnvironment env, int p, UnaryOperator<DataStream<TextLine>> tap) {
        DataStream<TextLine> lines = Jobs.shares(env, files, p);
        return tap == null ? lines : tap.apply(lines);
      }
    };
  }

  /** The lines of {@code files}, read by {@code parallelism} source subtasks (operator id "lines"). */
  public static DataStream<TextLine> lines(StreamExecutionEnvironment env, List<String> files, int parallelism) {
    return lines(env, files, parallelism, "lines");
  }

  /** The lines of {@code files}, read by {@code parallelism} source subtasks, the source's operator id {@code uid}. */
  public static DataStream<TextLine> lines(StreamExecutionEnvironment env, List<String> files, int parallelism, String uid) {
    Path[] paths = files.stream().map(f -> new Path(DataSpec.uri(f))).toArray(Path[]::new);
    FileSource<TextLine> source = FileSource.forBulkFileFormat(new LineFormat(), paths)
        .setFileEnumerator(LineFormat.Enumerator.provider(MIN_SPLIT_BYTES, SPLITS_PER_SUBTASK))
        .build();
    return env.fromSource(source, WatermarkStrategy.noWatermarks(), "lines of " + String.join(", ", files))
        .setParallelism(parallelism).name(uid).uid(uid);
  }

  /**
   * The lines of {@code files} shared out by line number among {@code p} source subtasks ({@link ShareSource}:
   * subtask k emits the lines numbered ≡ k mod p, in file order; operator id "shares").
   */
  public static DataStream<TextLine> shares(StreamExecutionEnvironment env, List<String> files, int p) {
    return env.fromSource(new ShareSource(files), WatermarkStrategy.noWatermarks(), "shares of " + String.join(", ", files),
        TypeInformation.of(TextLine.class)).setParallelism(p).name("shares").uid("shares");
  }

  /**
   * The key of a record: {@code "file"} (one model per input file) or {@code "mod:K"} (K keys, record i of a
   * file to key i mod K: a stand-in for tenants or users in tests and benchmarks).
   */
  public static KeySelector<TextLine, String> keyBy(String spec) {
    if (spec.equals("file")) {
      return t -> t.file;
    }
    if (spec.startsWith("mod:")) {
      int k;
      try {
        k = Integer.parseInt(spec.substring(4));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--key-by mod:K needs a whole number K >= 1: " + spec);
      }
      if (k < 1) {
        throw new IllegalArgumentException("--key-by mod:K needs K >= 1: " + spec);
      }
      return t -> "k" + Math.floorMod(t.line, k);
    }
    throw new IllegalArgumentException("--key-by is 'file' or 'mod:K', not '" + spec + "'");
  }

  /**
   * One model per key, prequential ({@link KeyedPrequential}) at parallelism {@code p}.
   *
   * @param tap applied to the lines before they are keyed (tests inject failures there); null for none
   */
  public static Streams keyed(StreamExecutionEnvironment env, List<String> files, DataSpec data, LearnerSetup setup, String keyBy,
      int p, boolean withModels, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) {
    return keyed(env, files(files), data, setup, keyBy, p, withModels, withScores, -1, tap).streams();
  }

  /**
   * {@link #keyed(StreamExecutionEnvironment, List, DataSpec, LearnerSetup, String, int, boolean, boolean, UnaryOperator)}
   * over {@code input} (read by one source subtask: each key sees its records in the input's order), publishing each key's
   * model every {@code publishEvery} of its records and at the end ({@link KeyedPrequential}; -1: none).
   */
  public static Built keyed(StreamExecutionEnvironment env, RecordInput input, DataSpec data, LearnerSetup setup, String keyBy,
      int p, boolean withModels, boolean withScores, long publishEvery, UnaryOperator<DataStream<TextLine>> tap) {
    return keyed(env, input, new KeyedPrequential(data, setup, withModels, withScores, publishEvery), "keyed prequential "
        + setup.learner(), keyBy, p, publishEvery, tap);
  }

  /**
   * {@link #keyed(StreamExecutionEnvironment, RecordInput, DataSpec, LearnerSetup, String, int, boolean, boolean, long,
   * UnaryOperator)} with open models (no L, docs/spec.md#open-streams): each key's labels and features grow as its records
   * bring them ({@link OpenKeyedPrequential}).
   */
  public static Built keyedOpen(StreamExecutionEnvironment env, RecordInput input, OpenSpec open, LearnerSetup setup,
      String keyBy, int p, boolean withModels, boolean withScores, long publishEvery, UnaryOperator<DataStream<TextLine>> tap) {
    return keyed(env, input, new OpenKeyedPrequential(open, setup, withModels, withScores, publishEvery), "keyed open prequential "
        + setup.learner(), keyBy, p, publishEvery, tap);
  }

  /** The keyed job of {@code function}: the input read by one source subtask, keyed, the function at parallelism p. */
  private static Built keyed(StreamExecutionEnvironment env, RecordInput input, KeyedProcessFunction<String, TextLine, String> function,
      String name, String keyBy, int p, long publishEvery, UnaryOperator<DataStream<TextLine>> tap) {
    DataStream<TextLine> lines = input.lines(env, 1, "lines");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    SingleOutputStreamOperator<String> out = lines.keyBy(keyBy(keyBy), Types.STRING).process(function).setParallelism(p)
        .name(name).uid("keyed-prequential");
    return new Built(new Streams(out, out.getSideOutput(Output.BAD), out.getSideOutput(Output.REPORTS)),
        publishEvery < 0 ? null : out.getSideOutput(KeyedPrequential.MODELS));
  }

  /**
   * Scores the lines of {@code files} at parallelism {@code p} with the models of {@code models} (hot swap).
   *
   * @param tap applied to the lines before they are scored (tests throttle there); null for none
   */
  public static Streams score(StreamExecutionEnvironment env, List<String> files, DataSpec data, int numLabels, DataStream<ModelMessage> models,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) {
    return score(env, files, data, numLabels, models, p, withScores, tap, ShapeFit.Allowed.NOTHING);
  }

  /**
   * {@link #score(StreamExecutionEnvironment, List, DataSpec, int, DataStream, int, boolean, UnaryOperator)}, with records
   * of data whose declared shape differs from a model's bad records unless {@code allowed} accepts it ({@link DataFit}).
   */
  public static Streams score(StreamExecutionEnvironment env, List<String> files, DataSpec data, int numLabels, DataStream<ModelMessage> models,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap, ShapeFit.Allowed allowed) {
    return score(env, files(files), data, numLabels, models, p, withScores, tap, allowed);
  }

  /** {@link #score(StreamExecutionEnvironment, List, DataSpec, int, DataStream, int, boolean, UnaryOperator, ShapeFit.Allowed)} over {@code input}. */
  public static Streams score(StreamExecutionEnvironment env, RecordInput input, DataSpec data, int numLabels, DataStream<ModelMessage> models,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap, ShapeFit.Allowed allowed) {
    DataStream<TextLine> lines = input.lines(env, p, "test-lines");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    SingleOutputStreamOperator<String> out = lines.connect(models.broadcast(BroadcastScorer.MODEL))
        .process(new BroadcastScorer(data, numLabels, withScores, allowed)).setParallelism(p).name("broadcast scoring").uid("broadcast-scoring");
    return new Streams(out, out.getSideOutput(Output.BAD), null);
  }

  /**
   * Scores the labelled lines of {@code files} at parallelism {@code p} with the models of {@code models}, as {@link
   * #score} does, and computes their metrics ({@link BroadcastScorer#withMetrics}): the reports carry one {@link
   * TestMetrics#TYPE} line per predictor at the end of the input, to be merged.
   */
  public static Streams scoreWithMetrics(StreamExecutionEnvironment env, List<String> files, DataSpec data, int numLabels,
      ZeroDivisionPolicy policy, DataStream<ModelMessage> models, int p, boolean withScores) {
    DataStream<TextLine> lines = lines(env, files, p, "test-lines");
    // the operator of BroadcastConnectedStream.process, with an end-of-input hook (its broadcast state the same)
    SingleOutputStreamOperator<String> out = lines.connect(models.broadcast())
        .transform("broadcast scoring", Types.STRING, BroadcastScorer.withMetrics(data, numLabels, policy, withScores))
        .setParallelism(p).uid("broadcast-scoring");
    return new Streams(out, out.getSideOutput(Output.BAD), out.getSideOutput(Output.REPORTS));
  }

  /**
   * Scores the lines of {@code files} at parallelism {@code p} with one frozen model that every predictor
   * reads from {@code modelFile} when it opens ({@link FrozenScorer}): source, scorer and what follows are
   * chained into one task per subtask. Records are not copied between the chained operators (object reuse
   * is turned on for the job: nothing in it keeps a record it has passed on). The model is read here once to
   * check the data against it ({@link DataSpec#fittedTo}): ARFF files are read without the attributes the
   * model was trained without, and a file of other data (another L, other label names, many more features)
   * is refused before the job runs; LIBSVM records with many more features are bad records.
   *
   * @param numLabels L of the data, which must be the model's; 0: the model's
   * @param tap applied to the lines before they are scored; null for none
   */
  public static Streams scoreFrozen(StreamExecutionEnvironment env, List<String> files, DataSpec data, int numLabels, String modelFile,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) throws IOException {
    return scoreFrozen(env, files, data, numLabels, modelFile, p, withScores, tap, ShapeFit.Allowed.NOTHING);
  }

  /** {@link #scoreFrozen(StreamExecutionEnvironment, List, DataSpec, int, String, int, boolean, UnaryOperator)} accepting what {@code allowed} accepts. */
  public static Streams scoreFrozen(StreamExecutionEnvironment env, List<String> files, DataSpec data, int numLabels, String modelFile,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap, ShapeFit.Allowed allowed) throws IOException {
    return scoreFrozen(env, files(files), data, numLabels, modelFile, p, withScores, tap, allowed);
  }

  /** {@link #scoreFrozen(StreamExecutionEnvironment, List, DataSpec, int, String, int, boolean, UnaryOperator, ShapeFit.Allowed)} over {@code input}. */
  public static Streams scoreFrozen(StreamExecutionEnvironment env, RecordInput input, DataSpec data, int numLabels, String modelFile,
      int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap, ShapeFit.Allowed allowed) throws IOException {
    List<String> files = input.names();
    String uri = DataSpec.uri(modelFile);
    SavedModel saved = FrozenScorer.read(uri, modelFile);
    if (saved.isOpen()) {
      return scoreOpen(env, input, data, numLabels, uri, modelFile, p, withScores, tap);
    }
    int l = saved.learner().numLabels();
    if (numLabels > 0 && numLabels != l) {
      throw new IllegalArgumentException(modelFile + ": the model has " + l + " labels, the data " + numLabels);
    }
    data = data.fittedTo(saved, modelFile, files, allowed);
    env.getConfig().enableObjectReuse();
    DataStream<TextLine> lines = input.lines(env, p, "test-lines");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    SingleOutputStreamOperator<String> out = lines.transform("frozen scoring", Types.STRING,
        new FrozenScorer.EndOfInput(new FrozenScorer(uri, modelFile, data, l, withScores, allowed))).setParallelism(p).uid("frozen-scoring");
    return new Streams(out, out.getSideOutput(Output.BAD), out.getSideOutput(Output.REPORTS));
  }

  /**
   * Scores with a frozen open model (its vocabulary maps the records' names, {@link OpenFrozenScorer}): LIBSVM or JSON
   * records only (an ARFF header declares labels of its own), and no {@code --num-labels} (the model names its labels).
   */
  private static Streams scoreOpen(StreamExecutionEnvironment env, RecordInput input, DataSpec data, int numLabels, String uri,
      String modelFile, int p, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) {
    if (numLabels > 0) {
      throw new IllegalArgumentException(modelFile + " is an open model, which names its own labels: leave --num-labels out");
    }
    for (String f : input.names()) {
      if (DataSpec.isArff(f)) {
        throw new IllegalArgumentException(f + ": " + modelFile + " is an open model, which maps LIBSVM or JSON records"
            + " through its vocabulary: convert the ARFF file to LIBSVM ('alt convert')");
      }
    }
    env.getConfig().enableObjectReuse();
    DataStream<TextLine> lines = input.lines(env, p, "test-lines");
    if (tap != null) {
      lines = tap.apply(lines);
    }
    SingleOutputStreamOperator<String> out = lines.process(new OpenFrozenScorer(uri, modelFile,
        OpenSpec.of(data.format(), data.zeroBased(), 0), withScores)).setParallelism(p).name("open frozen scoring").uid("frozen-scoring");
    return new Streams(out, out.getSideOutput(Output.BAD), out.getSideOutput(Output.REPORTS));
  }

  /**
   * Data-parallel training of one model: p workers ({@link ParallelWorker}) learn from the lines numbered
   * k mod p, each chained to the source subtask that reads them ({@link #shares}: no record crosses a thread,
   * and object reuse is turned on for the job, as nothing in it keeps a record it has passed on), a mixer
   * ({@link ModelMixer}) averages their models every {@code mixEvery} lines and at the end; when {@code testFiles} is not empty, their lines are scored by the latest average (broadcast
   * to p predictors, {@link #scoreWithMetrics}). The reports carry every mixed round and the final model with the
   * merged prequential metrics, and each predictor's test metrics.
   */
  public static Streams parallel(StreamExecutionEnvironment env, List<String> files, DataSpec data, LearnerSetup setup, int p,
      long mixEvery, List<String> testFiles, boolean withModels, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) {
    return parallel(env, files(files), data, setup, p, mixEvery, testFiles, withModels, withScores, tap).streams();
  }

  /**
   * {@link #parallel(StreamExecutionEnvironment, List, DataSpec, LearnerSetup, int, long, List, boolean, boolean, UnaryOperator)}
   * over {@code input} ({@link RecordInput#shares}); its models are the mixer's averages, each round and the final one.
   */
  public static Built parallel(StreamExecutionEnvironment env, RecordInput input, DataSpec data, LearnerSetup setup, int p,
      long mixEvery, List<String> testFiles, boolean withModels, boolean withScores, UnaryOperator<DataStream<TextLine>> tap) {
    setup.averaging(); // fails now, naming the kind, when it cannot be averaged
    env.getConfig().enableObjectReuse();
    DataStream<TextLine> lines = input.shares(env, p, tap);
    SingleOutputStreamOperator<ModelMessage> workers = lines
        .transform("worker " + setup.learner(), TypeInformation.of(ModelMessage.class), new ParallelWorker(data, setup, mixEvery))
        .setParallelism(p).uid("parallel-workers");
    SingleOutputStreamOperator<ModelMessage> mixed = workers
        .transform("mixer", TypeInformation.of(ModelMessage.class), new ModelMixer(setup, withModels))
        .setParallelism(1).setMaxParallelism(1).uid("mixer");
    DataStream<String> bad = workers.getSideOutput(Output.BAD);
    DataStream<String> predictions;
    DataStream<String> reports = mixed.getSideOutput(Output.REPORTS);
    if (testFiles.isEmpty()) {
      predictions = null;
    } else {
      Streams scored = scoreWithMetrics(env, testFiles, data, setup.numLabels(), setup.zeroDivision(), mixed, p, withScores);
      predictions = scored.main();
      bad = bad.union(scored.bad());
      reports = reports.union(scored.reports());
    }
    return new Built(new Streams(predictions, bad, reports), mixed);
  }

  /**
   * Models dropped into {@code dir} while the job runs, each a new version (its modification time): the
   * periodically refreshed model. Write a new file under a new name and move it into place (a file is read
   * once, by name). The stream does not end: the job runs until cancelled. A file that is not a model of
   * {@code numLabels} labels is skipped with a warning ({@link ModelFileFormat}).
   */
  public static DataStream<ModelMessage> watchModels(StreamExecutionEnvironment env, String dir, Duration every, int numLabels) {
    FileSource<ModelMessage> source = FileSource.forBulkFileFormat(new ModelFileFormat(numLabels),
        new Path(DataSpec.uri(dir))).monitorContinuously(every).build();
    return env.fromSource(source, WatermarkStrategy.noWatermarks(), "models in " + dir).setParallelism(1).uid("models");
  }
}
