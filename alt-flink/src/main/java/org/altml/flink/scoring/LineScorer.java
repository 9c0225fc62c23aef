package org.altml.flink.scoring;

import java.io.IOException;
import java.util.List;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.model.DataFit;
import org.altml.core.model.SavedModel;
import org.altml.flink.output.FeaturesBeyond;
import org.altml.flink.output.Output;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.Parsing;
import org.altml.flink.source.TextLine;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.files.RecordParser;

/**
 * Parses one line, scales it as the model was trained ({@code alt train --scale}: the model file's fitted
 * scaling) and scores it, for one predictor instance ({@link FrozenScorer}, {@link BroadcastScorer}): the
 * prediction's JSON line, or the bad record's. Keeps its scores, its JSON builder and the quoted name of the
 * last file, so a record allocates only its output line. Not thread-safe (one per subtask).
 */
final class LineScorer {
  private final Parsing parsing;
  private final Scores scores;
  private final int[] labels;
  private final boolean withScores;
  private final StringBuilder json = new StringBuilder(256);
  private String file; // the file of the last record, and its JSON string
  private String quotedFile;
  private String bad;
  private SavedModel model; // when set, records of data it does not fit are bad
  private String modelName;
  private ShapeFit.Allowed allowed = ShapeFit.Allowed.NOTHING;
  private SavedModel labelsCheckedFor; // the model and file whose labels were checked last, and the problem (null: none)
  private String labelsCheckedIn;
  private String labelsProblem;
  private EvaluationSuite metrics; // when set, every record scored is added with its true labels
  private final FeaturesBeyond beyond = new FeaturesBeyond(); // LIBSVM records scored by the model, per file

  /** Scores records of {@code data} with models of L = {@code numLabels}; {@code withScores}: predictions carry them. */
  LineScorer(DataSpec data, int numLabels, boolean withScores) {
    this.parsing = new Parsing(data, numLabels);
    this.scores = new Scores(numLabels);
    this.labels = new int[numLabels];
    this.withScores = withScores;
  }

  /**
   * Makes records of data {@code model} does not fit bad records, as {@code alt predict} refuses such data: many
   * more features than it was trained on ({@link DataFit#newFeatures}: LIBSVM data of another dataset), and the
   * records of an ARFF file whose labels are not the model's ({@link DataFit#checkLabels}) or whose declared shape
   * differs from the model's unless {@code allowed} accepts it ({@link DataFit#checkShape}).
   */
  void checkRecordsAgainst(SavedModel model, String modelName, ShapeFit.Allowed allowed) {
    this.model = model;
    this.modelName = modelName;
    this.allowed = allowed;
  }

  /**
   * Adds every record scored from now on, with its true labels and its exact scores, to {@code suite}: the metrics
   * {@code alt test} computes for the same model and records (every score exact, so every comparison the metrics make
   * is the one {@code predict} makes).
   */
  void addMetricsTo(EvaluationSuite suite) {
    this.metrics = suite;
  }

  /**
   * The prediction of {@code line} by {@code predictor} (model {@code version}) of the record transformed by
   * {@code scaler} (null: as read; a subtask's own copy, since it transforms into scratch) as a JSON line, or null
   * when the line holds no record: then {@link #bad()} is the bad-record line, or null for a blank, comment or
   * header line.
   *
   * @throws IOException when the file's header cannot be read
   */
  String score(TextLine line, Predictor predictor, FeatureScaler scaler, long version) throws IOException {
    bad = null;
    RecordParser p = parsing.parse(line);
    if (p == null) {
      if (parsing.reason() != null) {
        bad = Output.bad(line.file, line.line, parsing.reason());
      }
      return null;
    }
    if (model != null) {
      if (model != labelsCheckedFor || !line.file.equals(labelsCheckedIn)) {
        labelsProblem = labelsProblem(p, line.file);
        labelsCheckedFor = model;
        labelsCheckedIn = line.file;
      }
      String problem = labelsProblem != null ? labelsProblem : featuresProblem(p, line.file);
      if (problem != null) {
        bad = Output.bad(line.file, line.line, problem);
        return null;
      }
      if (p.labelNames() == null && !allowed.newFeatures()) { // LIBSVM declares no d: each record is all there is to see
        beyond.count(line.file, p.features().maxIndex() + 1L, model.numFeatures());
      }
    }
    if (!line.file.equals(file)) {
      file = line.file;
      quotedFile = Output.quote(file);
    }
    SparseVector x = scaler == null ? p.features() : scaler.transform(p.features());
    try {
      if (withScores || metrics != null) {
        predictor.predict(x, scores);
        if (metrics != null) {
          metrics.accept(p.labels(), scores);
        }
        return Output.prediction(json, quotedFile, line.line, null, version, scores, withScores, labels);
      }
      int n = predictor.predictLabels(x, scores, labels); // a frozen predictor may skip exact scores
      return Output.prediction(json, quotedFile, line.line, null, version, labels, n, null);
    } catch (DivergenceException e) {
      // scores beyond float's range for this record (extreme values): a bad record, the model and the job go on
      bad = Output.bad(line.file, line.line, "its scores are not finite (values too large for the model)");
      return null;
    }
  }

  /**
   * Why the records of {@code file} (an ARFF file whose header names its labels) do not fit the model, or null:
   * its labels or features named otherwise ({@link DataFit#checkLabelNames}, {@link DataFit#checkFeatureNames}), or
   * another declared shape not accepted ({@link DataFit#checkShape}).
   * Checked once per file and model, for models that arrive while the job runs ({@link BroadcastScorer}); a frozen
   * model's files were checked before the job.
   */
  private String labelsProblem(RecordParser p, String file) {
    try {
      DataFit.checkLabels(model, modelName, file, p.numLabels(), p.labelNames());
      DataFit.checkFeatureNames(model, modelName, file, p.featureNames());
      DataFit.checkShape(model, modelName, file, p.numLabels(), p.labelNames(), p.numFeatures(), allowed);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /** Why a record of {@code file} has too many features for the model ({@link DataFit#newFeatures}), or null. */
  private String featuresProblem(RecordParser p, String file) {
    if (allowed.newFeatures()) {
      return null;
    }
    String more = DataFit.newFeatures(model, modelName, file, p.features().maxIndex() + 1L, false);
    return more == null ? null : more + ": " + DataFit.OTHER_DATA + " (if this data is meant, give " + DataFit.ALLOW_NEW_FEATURES
        + ")";
  }

  /**
   * The reports lines of this scorer's LIBSVM records, one per file ({@link FeaturesBeyond}): how many were scored and
   * how many had features beyond the model's d, which the client sums over the predictors to name data of another kind.
   */
  List<String> featuresBeyondReports() {
    return model == null ? List.of() : beyond.reports(modelName, model.numFeatures());
  }

  /** The bad-record line of the last {@link #score} that returned null, or null. */
  String bad() {
    return bad;
  }
}
