package org.altml.flink.scoring;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.flink.output.FeaturesBeyond;
import org.altml.flink.output.Output;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.TextLine;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.operators.ProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.Collector;

/**
 * Scores records with one frozen model that every predictor reads itself, from the model file, when it
 * opens: the fast path of {@code alt flink predict --model}. It has one input, so Flink chains the file
 * source, this scorer and what follows into one task per subtask (no serialisation, no network buffers
 * between them); {@link BroadcastScorer}, which takes a second input to swap models, cannot be chained to
 * its source. The same predictions as {@link BroadcastScorer} with the same model (model version 0), and as
 * {@code alt predict}: a model trained with {@code --scale} scales every record with its fitted statistics.
 * Before its first record each predictor warms the JIT up ({@link ScorerWarmup}).
 *
 * <p>The file is read through Flink's file systems ({@code file:}, and on a cluster any shared file system
 * Flink is configured for, e.g. {@code s3://} or {@code hdfs://}), so every TaskManager must be able to read
 * the path. Stateless: a restore re-reads the model.
 */
public final class FrozenScorer extends ProcessFunction<TextLine, String> {
  private static final long serialVersionUID = 1L;

  private final String modelUri;
  private final String modelName;
  private final DataSpec data;
  private final int numLabels;
  private final boolean withScores;
  private final ShapeFit.Allowed allowed;
  private transient LineScorer scorer;
  private transient Predictor predictor;
  private transient FeatureScaler scaler;

  /**
   * Scores records of {@code data} with the model at {@code modelUri} (a path or URI Flink's file systems
   * read), which must have L = {@code numLabels}.
   */
  public FrozenScorer(String modelUri, String modelName, DataSpec data, int numLabels, boolean withScores) {
    this(modelUri, modelName, data, numLabels, withScores, ShapeFit.Allowed.NOTHING);
  }

  /** {@link #FrozenScorer(String, String, DataSpec, int, boolean)} accepting the misfits {@code allowed} accepts. */
  public FrozenScorer(String modelUri, String modelName, DataSpec data, int numLabels, boolean withScores, ShapeFit.Allowed allowed) {
    this.allowed = allowed;
    this.modelUri = modelUri;
    this.modelName = modelName;
    this.data = data;
    this.numLabels = numLabels;
    this.withScores = withScores;
  }

  @Override
  public void open(OpenContext context) throws IOException {
    SavedModel saved = read(modelUri, modelName);
    OnlineMultiLabelLearner learner = saved.learner();
    if (learner.numLabels() != numLabels) {
      throw new IllegalArgumentException(modelUri + ": the model has " + learner.numLabels() + " labels, the data " + numLabels);
    }
    // frozen: a double linear model decides labels without predictions' scores from a float copy of W, exactly
    predictor = withScores ? learner.predictor() : learner.frozenPredictors().get();
    scaler = scalerOf(saved);
    ScorerWarmup.run(() -> scorer(saved), ScorerWarmup.lines(data, numLabels, saved.numFeatures()), predictor, scaler, WARMUP_NANOS);
    scorer = scorer(saved);
  }

  /** A scorer of this subtask's records, which checks them against {@code saved}. */
  private LineScorer scorer(SavedModel saved) {
    LineScorer s = new LineScorer(data, numLabels, withScores);
    s.checkRecordsAgainst(saved, modelName, allowed);
    return s;
  }

  /** How long a predictor warms the JIT up before its first record. */
  static final long WARMUP_NANOS = 600_000_000L;

  /** This subtask's copy of the model's scaler (it transforms into scratch), or null when the model has none. */
  static FeatureScaler scalerOf(SavedModel saved) {
    return saved.scaler().scaling() == FeatureScaling.NONE ? null : saved.scaler().copy();
  }

  /**
   * The model file at {@code uri}, verified (checksum) as {@code alt predict} reads it, errors naming the file
   * {@code name} (the path as the user gave it).
   */
  public static SavedModel read(String uri, String name) throws IOException {
    Path path = new Path(uri);
    FileSystem fs = path.getFileSystem();
    if (!fs.exists(path)) {
      throw new FileNotFoundException(name + ": no such model file");
    }
    FileStatus status = fs.getFileStatus(path);
    try (InputStream in = fs.open(path)) {
      return ModelIo.read(in, status.getLen(), name);
    }
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<String> out) throws Exception {
    String prediction = scorer.score(line, predictor, scaler, 0);
    if (prediction != null) {
      out.collect(prediction);
    } else if (scorer.bad() != null) {
      ctx.output(Output.BAD, scorer.bad());
    }
  }

  /**
   * The process operator of a frozen scorer, which reports at its end of input how many of its LIBSVM records had
   * features beyond the model's d ({@link FeaturesBeyond}); Flink's own operator has no end-of-input hook for the
   * function. A restore re-reads the model and counts afresh: the counts are of the records scored since.
   */
  public static final class EndOfInput extends ProcessOperator<TextLine, String> {
    private static final long serialVersionUID = 1L;

    /** The operator of {@code scorer}. */
    public EndOfInput(FrozenScorer scorer) {
      super(scorer);
    }

    @Override
    public void finish() throws Exception {
      LineScorer scorer = ((FrozenScorer) userFunction).scorer;
      if (scorer != null) {
        for (String report : scorer.featuresBeyondReports()) {
          output.collect(Output.REPORTS, new StreamRecord<>(report));
        }
      }
      super.finish();
    }
  }
}
