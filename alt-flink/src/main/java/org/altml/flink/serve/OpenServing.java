package org.altml.flink.serve;

import java.util.Arrays;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.flink.output.NamedPredictions;
import org.altml.flink.output.Output;
import org.altml.flink.source.OpenSpec;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.open.FeatureDictionary;
import org.altml.sparse.open.LabelVocabulary;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;

/**
 * The vocabulary of an open {@code serve} learner (docs/spec.md#open-streams): a record's features are mapped through it
 * when the record is served (new names get rows, whose weights are zero until the record is learned), its labels only
 * through the feedback, where a label not seen before grows the learner and the metrics at once; a served prediction
 * covers the labels known when it was made, and a label born later counts as not predicted, scored −∞
 * (docs/spec.md#open-prediction). Not thread-safe: the serving operator's.
 */
final class OpenServing {
  private final OpenSpec spec;
  private final Vocabulary vocabulary;
  private final OpenRecord record = new OpenRecord();
  private final NamedPredictions lines = new NamedPredictions();

  /** Serving through {@code vocabulary} (a restored model's, or {@code spec}'s new one). */
  OpenServing(OpenSpec spec, Vocabulary vocabulary) {
    this.spec = spec;
    this.vocabulary = vocabulary;
  }

  Vocabulary vocabulary() {
    return vocabulary;
  }

  /** The features of record {@code r} ({@link ServeRecord#text}) by row, new names given rows; its labels are ignored. */
  SparseVector features(ServeRecord r) throws DataFormatException {
    Vocabulary features = new Vocabulary(new LabelVocabulary(OpenSpec.MAX_LABELS), vocabulary.features());
    if (!OpenStream.parse(r.text, spec.format(), features, true, r.file, Math.max(r.line, 1), record)) {
      throw new DataFormatException(r.file, r.line, "no example in the record (empty, blank or a comment)");
    }
    return record.features();
  }

  private static final String[] NO_NAMES = {};
  private static final float[] NO_VALUES = {};

  /**
   * The label ids of feedback {@code m} ({@link LabelMessage#names}), ascending, the labels not seen before added (all or
   * none), and the learner and the metrics grown to them (docs/spec.md#open-labels).
   */
  int[] labels(LabelMessage m, OnlineMultiLabelLearner learner, EvaluationSuite suite) throws DataFormatException {
    Vocabulary labels = new Vocabulary(vocabulary.labels(), new FeatureDictionary(1));
    record.map(NO_NAMES, NO_VALUES, 0, m.names, m.numeric, m.names.length, labels, true, m.file + ":" + Math.max(m.line, 1));
    int known = vocabulary.labels().size();
    if (known > learner.numLabels()) {
      learner.growLabels(known);
    }
    if (known > suite.numLabels()) {
      suite.growLabels(known);
    }
    int[] ids = record.labels().toArray();
    Arrays.sort(ids);
    return ids;
  }

  /** The scores an example was served with ({@code served}: its labels then, and the threshold), over the labels known now. */
  static Scores served(float[] served, int known) {
    Scores s = new Scores(known);
    int then = served.length - 1;
    System.arraycopy(served, 0, s.array(), 0, Math.min(then, known));
    Arrays.fill(s.array(), Math.min(then, known), known, Float.NEGATIVE_INFINITY);
    s.array()[known] = served[then];
    return s;
  }

  /** The prediction line of a served record, by label name. */
  String prediction(String id, String file, long line, long version, Scores scores) {
    String p = lines.line(file, line, null, version, scores, scores.numLabels(), false, vocabulary.labels());
    String head = "{\"type\":\"prediction\",";
    return head + "\"id\":" + Output.quote(id) + "," + p.substring(head.length());
  }
}
