package org.altml.flink;

import java.io.IOException;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.model.DataFit;
import org.altml.core.model.SavedModel;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.RecordParser;

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
  private SavedModel model; // when set, records with many more features than it was trained on are bad
  private String modelName;

  /** Scores records of {@code data} with models of L = {@code numLabels}; {@code withScores}: predictions carry them. */
  LineScorer(DataSpec data, int numLabels, boolean withScores) {
    this.parsing = new Parsing(data, numLabels);
    this.scores = new Scores(numLabels);
    this.labels = new int[numLabels];
    this.withScores = withScores;
  }

  /**
   * Makes records with many more features than {@code model} was trained on bad records ({@link
   * DataFit#newFeatures}: LIBSVM data of another dataset), as {@code alt predict} refuses them.
   */
  void checkFeaturesOf(SavedModel model, String modelName) {
    this.model = model;
    this.modelName = modelName;
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
      String more = DataFit.newFeatures(model, modelName, line.file, p.features().maxIndex() + 1L, false);
      if (more != null) {
        bad = Output.bad(line.file, line.line, more + ": was the model trained on other data?");
        return null;
      }
    }
    if (!line.file.equals(file)) {
      file = line.file;
      quotedFile = Output.quote(file);
    }
    SparseVector x = scaler == null ? p.features() : scaler.transform(p.features());
    if (withScores) {
      predictor.predict(x, scores);
      return Output.prediction(json, quotedFile, line.line, null, version, scores, true, labels);
    }
    int n = predictor.predictLabels(x, scores, labels); // a frozen predictor may skip exact scores
    return Output.prediction(json, quotedFile, line.line, null, version, labels, n, null);
  }

  /** The bad-record line of the last {@link #score} that returned null, or null. */
  String bad() {
    return bad;
  }
}
