package org.altml.core.features;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A linear learner run on mapped features: every example x is mapped to z(x) ∈ R^D by a {@link
 * FeatureMap} and the inner learner (FALT, SALT, PA, any kind with {@link LearnerSpec#isLinear()}) predicts
 * and learns on z(x), so its scores s = z(x)·W are a nonlinear function of x. Composition, not a subclass:
 * the inner learner is an ordinary learner of its kind, saved with its own codec inside this one's
 * ({@link MappedSpec}).
 *
 * <p>A map that needs data before it is defined (Nyström's landmarks) is fitted on the first training
 * examples: until then {@link #update} keeps a copy of each example, {@link #predict} gives all-zero
 * scores (the prediction of an untrained linear learner, W = 0: the empty set), and once the map is fitted
 * the kept examples are learned from in their order, before the example that completed the map. A
 * prequential run therefore scores the warm-up examples as an untrained learner would.
 *
 * <p>z(x) is written into a reused buffer and handed to the inner learner as a sparse vector over indices
 * 0..D−1 (values rounded to float, as every feature is; exact zeros left out), so prediction and update
 * allocate nothing. Single-threaded; {@link #predictor()} gives other threads their own map scratch and
 * inner predictor.
 */
public final class MappedLearner implements OnlineMultiLabelLearner {
  private final MappedSpec spec;
  private final Settings settings;
  private final FeatureMap map;
  private final OnlineMultiLabelLearner inner;
  private final Mapped scratch;
  private final List<SparseVector> pendingFeatures = new ArrayList<>();
  private final List<LabelSet> pendingLabels = new ArrayList<>();

  MappedLearner(MappedSpec spec, Settings settings, FeatureMap map, OnlineMultiLabelLearner inner) {
    if (inner.numLabels() < 0) {
      throw new IllegalArgumentException("numLabels must be >= 0: " + inner.numLabels());
    }
    this.spec = spec;
    this.settings = settings;
    this.map = map;
    this.inner = inner;
    this.scratch = new Mapped(map.dimension(), map::map);
  }

  /** z(x) in a reused double buffer, and the same as a float sparse vector for the inner learner. */
  private static final class Mapped {
    final double[] z;
    final int[] indices;
    final float[] values;
    final SparseVector vector = new SparseVector();
    final FeatureMap.Mapper mapper;

    Mapped(int dimension, FeatureMap.Mapper mapper) {
      this.z = new double[dimension];
      this.indices = new int[dimension];
      this.values = new float[dimension];
      this.mapper = mapper;
    }

    SparseVector map(SparseVector x) {
      mapper.map(x, z);
      int nnz = 0;
      for (int j = 0; j < z.length; j++) {
        float v = (float) z[j];
        if (v != 0f) { // a sparse vector stores no zeros (a float underflow is a zero too)
          indices[nnz] = j;
          values[nnz++] = v;
        }
      }
      vector.reset(indices, values, 0, nnz);
      return vector;
    }

    long ramBytesUsed() {
      return 64 + (long) z.length * (Double.BYTES + Integer.BYTES + Float.BYTES);
    }
  }

  @Override
  public LearnerSpec spec() {
    return spec;
  }

  @Override
  public Settings settings() {
    return settings;
  }

  /** The feature map (live, not a copy). */
  public FeatureMap featureMap() {
    return map;
  }

  /** The inner linear learner (live, not a copy). */
  public OnlineMultiLabelLearner inner() {
    return inner;
  }

  @Override
  public int numLabels() {
    return inner.numLabels();
  }

  /** Whether the inner learner grows its labels (the map does not depend on L). */
  @Override
  public boolean growsLabels() {
    return inner.growsLabels();
  }

  /** Grows the inner learner's labels (docs/spec.md#open-labels); examples queued for the map keep their labels. */
  @Override
  public void growLabels(int numLabels) {
    if (numLabels != numLabels() && !inner.growsLabels()) {
      OnlineMultiLabelLearner.super.growLabels(numLabels); // refused, naming this kind
    }
    inner.growLabels(numLabels);
  }

  /** Examples learned from, the ones kept until the map is fitted included. */
  @Override
  public long examplesSeen() {
    return inner.examplesSeen() + pendingFeatures.size();
  }

  @Override
  public long ramBytesUsed() {
    long pending = 0;
    for (int i = 0; i < pendingFeatures.size(); i++) {
      pending += 96 + 8L * pendingFeatures.get(i).nnz() + 4L * pendingLabels.get(i).size();
    }
    return 96 + inner.ramBytesUsed() + map.ramBytesUsed() + scratch.ramBytesUsed() + pending;
  }

  /** The map's name and D, its facts, then the inner learner's name and facts. */
  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("featureMap", map.spec().name());
    facts.put("mapDim", map.dimension());
    facts.putAll(map.facts());
    facts.put("mapRamBytesUsed", map.ramBytesUsed());
    facts.put("innerLearner", inner.name());
    facts.put("innerRamBytesUsed", inner.ramBytesUsed());
    facts.putAll(inner.statistics());
    return facts;
  }

  @Override
  public void predict(SparseVector x, Scores out) {
    predict(OnlineMultiLabelLearner.NO_ID, x, out);
  }

  @Override
  public void predict(long id, SparseVector x, Scores out) {
    if (!map.isFitted()) {
      checkScores(out);
      out.clear();
      return;
    }
    inner.predict(id, scratch.map(x), out);
  }

  @Override
  public void update(SparseVector x, LabelSet y) {
    update(OnlineMultiLabelLearner.NO_ID, x, y);
  }

  @Override
  public void update(long id, SparseVector x, LabelSet y) {
    if (y.maxLabel() >= numLabels()) {
      throw new IllegalArgumentException("label " + y.maxLabel() + " outside [0, " + numLabels() + ")");
    }
    map.learn(x);
    if (!map.isFitted()) {
      pendingFeatures.add(x.copy());
      pendingLabels.add(y.copy());
      return;
    }
    learnPending();
    inner.update(id, scratch.map(x), y);
  }

  @Override
  public void predictThenUpdate(SparseVector x, LabelSet y, Scores out) {
    predictThenUpdate(OnlineMultiLabelLearner.NO_ID, x, y, out);
  }

  @Override
  public void predictThenUpdate(long id, SparseVector x, LabelSet y, Scores out) {
    if (!map.isFitted() || !pendingFeatures.isEmpty()) {
      predict(id, x, out);
      update(id, x, y);
      return;
    }
    map.learn(x); // a fitted map does not change z(x) by learning: the prediction is the current model's
    inner.predictThenUpdate(id, scratch.map(x), y, out);
  }

  /** Learns, in their order, from the examples kept while the map was not fitted. */
  private void learnPending() {
    if (pendingFeatures.isEmpty()) {
      return;
    }
    for (int i = 0; i < pendingFeatures.size(); i++) {
      inner.update(scratch.map(pendingFeatures.get(i)), pendingLabels.get(i));
    }
    pendingFeatures.clear();
    pendingLabels.clear();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException if the learner has learned from examples but its map is still not
   *     fitted (Nyström with fewer distinct training examples than landmarks): its predictions would all be
   *     empty
   */
  @Override
  public Predictor predictor() {
    if (!map.isFitted()) {
      if (examplesSeen() > 0) {
        throw new IllegalArgumentException(spec.name() + " learned from " + examplesSeen() + " examples but its feature map "
            + map.spec().name() + " is not fitted: it " + map.fitState() + "; use a smaller mapDim (--map-dim)");
      }
    }
    return new Predictor() {
      // bound once the map is fitted: a predictor made before then reads the live model from then on
      private Mapped own;
      private Predictor innerPredictor;

      @Override
      public void predict(SparseVector x, Scores out) {
        if (bound(out)) {
          innerPredictor.predict(own.map(x), out);
        }
      }

      @Override
      public void predict(long id, SparseVector x, Scores out) {
        if (bound(out)) {
          innerPredictor.predict(id, own.map(x), out);
        }
      }

      /** Whether the map is fitted (then bound to it); else clears {@code out}, as the learner predicts before. */
      private boolean bound(Scores out) {
        if (innerPredictor != null) {
          return true;
        }
        if (!map.isFitted()) {
          checkScores(out);
          out.clear();
          return false;
        }
        own = new Mapped(map.dimension(), map.mapper());
        innerPredictor = inner.predictor();
        return true;
      }
    };
  }

  /** Before the map is fitted (Nyström waits for its landmarks): what it waits for; then the inner learner's reason. */
  @Override
  public String notStartedReason() {
    if (!map.isFitted()) {
      return "its feature map " + map.spec().name() + " is not fitted: it " + map.fitState() + "; use a smaller mapDim"
          + " (--map-dim)";
    }
    return inner.notStartedReason();
  }

  @Override
  public void checkFinite() {
    inner.checkFinite();
  }

  private void checkScores(Scores out) {
    if (out.numLabels() != numLabels()) {
      throw new IllegalArgumentException("Scores has " + out.numLabels() + " labels, learner has " + numLabels());
    }
  }

  /** Writes the examples kept while the map is not fitted ({@link MappedSpec}'s body). */
  void writePending(StateOutput out) throws IOException {
    out.writeInt(pendingFeatures.size());
    for (int i = 0; i < pendingFeatures.size(); i++) {
      SparseVector x = pendingFeatures.get(i);
      out.writeInt(x.nnz());
      for (int k = 0; k < x.nnz(); k++) {
        out.writeInt(x.index(k));
      }
      for (int k = 0; k < x.nnz(); k++) {
        out.writeFloat(x.value(k));
      }
      LabelSet y = pendingLabels.get(i);
      out.writeInt(y.size());
      for (int k = 0; k < y.size(); k++) {
        out.writeInt(y.label(k));
      }
    }
  }

  /** Reads what {@link #writePending} wrote, checking sizes, order and values. */
  void readPending(StateInput in) throws IOException {
    int n = in.readInt();
    in.requireAllocation(n, 8, 160, "kept training examples");
    if (n > 0 && map.isFitted()) {
      throw in.corrupt("holds " + n + " unmapped examples, but its feature map is fitted");
    }
    for (int i = 0; i < n; i++) {
      int nnz = in.readInt();
      in.requireAllocation(nnz, 8, 8, "a kept example's features");
      int[] indices = new int[nnz];
      float[] values = new float[nnz];
      for (int k = 0; k < nnz; k++) {
        indices[k] = in.readInt();
        if (indices[k] < 0 || (k > 0 && indices[k] <= indices[k - 1])) {
          throw in.corrupt("a kept example's feature indices are not increasing and non-negative");
        }
      }
      for (int k = 0; k < nnz; k++) {
        values[k] = in.readFloat();
        if (values[k] == 0f || !Float.isFinite(values[k])) {
          throw in.corrupt("a kept example holds the value " + values[k]);
        }
      }
      int size = in.readInt();
      in.requireAllocation(size, 4, 4, "a kept example's labels");
      int[] labels = new int[size];
      for (int k = 0; k < size; k++) {
        labels[k] = in.readInt();
        if (labels[k] < 0 || labels[k] >= numLabels() || (k > 0 && labels[k] <= labels[k - 1])) {
          throw in.corrupt("a kept example's labels are not increasing in [0, " + numLabels() + ")");
        }
      }
      pendingFeatures.add(SparseVector.of(indices, values));
      pendingLabels.add(LabelSet.of(labels));
    }
  }

  @Override
  public String toString() {
    return settings.describe();
  }
}
