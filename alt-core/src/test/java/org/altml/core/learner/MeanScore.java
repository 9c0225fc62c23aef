package org.altml.core.learner;

import java.io.IOException;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The minimal example of a learner kind, registered for the tests by one line in
 * {@code src/test/resources/META-INF/services/org.altml.core.learner.LearnerSpec}: it ignores the features
 * and predicts the labels seen in more than {@code share} of the examples so far (score of label l = its
 * frequency, threshold score = share). These two files and that line are everything a new kind needs: the
 * registry, model files ({@link org.altml.core.model.ModelIo}) and the protocols pick it up.
 */
final class MeanScore implements OnlineMultiLabelLearner {
  /** The kind: its name, its one parameter, its factory and codec. */
  public static final class Spec implements LearnerSpec {
    static final Parameter<Float> SHARE =
        Parameter.positiveFloat("share", "", "predict the labels seen in more than this share of examples", 0.5f, List.of());

    /** For {@link java.util.ServiceLoader}. */
    public Spec() {}

    @Override
    public String name() {
      return "mean-score";
    }

    @Override
    public String description() {
      return "predicts the labels seen in more than a share of the examples (a test example)";
    }

    @Override
    public List<Parameter<?>> parameters() {
      return List.of(SHARE);
    }

    @Override
    public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
      settings.requireKind(this);
      return new MeanScore(this, settings, context.numLabels());
    }

    @Override
    public ModelCodec codec() {
      return CODEC;
    }
  }

  private static final ModelCodec CODEC = new ModelCodec() {
    @Override
    public int version() {
      return 1;
    }

    @Override
    public void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException {
      MeanScore m = (MeanScore) learner;
      out.writeLong(m.examples);
      out.writeLongs(m.counts, 0, m.counts.length);
    }

    @Override
    public OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version)
        throws IOException {
      MeanScore m = (MeanScore) settings.spec().create(settings, context);
      m.examples = in.readLong();
      in.readLongs(m.counts, 0, m.counts.length);
      return m;
    }
  };

  private final LearnerSpec spec;
  private final Settings settings;
  private final float share;
  private final long[] counts;
  private long examples;

  private MeanScore(LearnerSpec spec, Settings settings, int numLabels) {
    this.spec = spec;
    this.settings = settings;
    this.share = settings.get(Spec.SHARE);
    this.counts = new long[numLabels];
  }

  @Override
  public LearnerSpec spec() {
    return spec;
  }

  @Override
  public Settings settings() {
    return settings;
  }

  @Override
  public int numLabels() {
    return counts.length;
  }

  @Override
  public long examplesSeen() {
    return examples;
  }

  @Override
  public long ramBytesUsed() {
    return 32 + 8L * counts.length;
  }

  @Override
  public void predict(SparseVector x, Scores out) {
    LearnerChecks.scores(out, counts.length);
    float[] s = out.array();
    for (int l = 0; l < counts.length; l++) {
      s[l] = examples == 0 ? 0f : (float) counts[l] / examples;
    }
    s[counts.length] = share;
  }

  @Override
  public void update(SparseVector x, LabelSet y) {
    LearnerChecks.labels(y, counts.length); // before counting: a label beyond L counted the ones below it first
    for (int k = 0; k < y.size(); k++) {
      counts[y.label(k)]++;
    }
    examples++;
  }

  @Override
  public Predictor predictor() {
    return this::predict; // predict writes only into the caller's Scores
  }

  @Override
  public void checkFinite() {}
}
