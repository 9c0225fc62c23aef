package org.altml.flink.scoring;

import java.io.IOException;
import org.altml.core.eval.OpenRounds;
import org.altml.core.learner.Scores;
import org.altml.core.model.SavedModel;
import org.altml.flink.output.NamedPredictions;
import org.altml.flink.output.Output;
import org.altml.flink.source.OpenParsing;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.TextLine;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.Vocabulary;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Scores records with a frozen open model ({@code alt flink predict --model OPEN.model}, docs/spec.md#open-features):
 * each record is mapped through the model's vocabulary without growing it (a feature the model has never seen is
 * ignored, a label it has never seen left out), predicted over the labels the model knows, and written by label name
 * ({@link NamedPredictions}). Every predictor reads the model file itself when it opens, as {@link FrozenScorer}'s do.
 * Stateless: a restore re-reads the model.
 */
public final class OpenFrozenScorer extends ProcessFunction<TextLine, String> {
  private static final long serialVersionUID = 1L;
  private final String modelUri;
  private final String modelName;
  private final OpenSpec spec;
  private final boolean withScores;
  private transient OpenRounds rounds;
  private transient Vocabulary vocabulary;
  private transient OpenParsing parsing;
  private transient NamedPredictions lines;
  private transient Scores scores;

  /** Scores records written as {@code spec} says with the open model at {@code modelUri}. */
  public OpenFrozenScorer(String modelUri, String modelName, OpenSpec spec, boolean withScores) {
    this.modelUri = modelUri;
    this.modelName = modelName;
    this.spec = spec;
    this.withScores = withScores;
  }

  @Override
  public void open(OpenContext context) throws IOException {
    SavedModel saved = FrozenScorer.read(modelUri, modelName);
    if (!saved.isOpen()) {
      throw new IllegalArgumentException(modelName + ": a model of fixed L where an open model was expected");
    }
    vocabulary = saved.vocabulary();
    rounds = new OpenRounds(saved.learner(), vocabulary.labels().size());
    parsing = new OpenParsing(spec);
    lines = new NamedPredictions();
    scores = new Scores(rounds.known());
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<String> out) {
    OpenRecord r = parsing.parse(line, vocabulary, false, false);
    if (r == null) {
      if (parsing.reason() != null) {
        ctx.output(Output.BAD, Output.bad(line.file, line.line, parsing.reason()));
      }
      return;
    }
    rounds.predict(org.altml.core.learner.OnlineMultiLabelLearner.NO_ID, r.features(), scores);
    out.collect(lines.line(line.file, line.line, null, 0, scores, scores.numLabels(), withScores, vocabulary.labels()));
  }
}
