package org.altml.core.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Settings;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;

/** Small deterministic learners and datasets for protocol tests. */
final class FakeLearners {
  private FakeLearners() {}

  /** What every fake shares: a kind outside the registry, no parameters, a stateless predict. */
  abstract static class Fake implements OnlineMultiLabelLearner {
    static final LearnerSpec SPEC = new LearnerSpec() {
      @Override
      public String name() {
        return "fake";
      }

      @Override
      public String description() {
        return "a test learner";
      }

      @Override
      public List<Parameter<?>> parameters() {
        return List.of();
      }

      @Override
      public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
        throw new UnsupportedOperationException();
      }

      @Override
      public ModelCodec codec() {
        throw new UnsupportedOperationException();
      }
    };

    @Override
    public LearnerSpec spec() {
      return SPEC;
    }

    @Override
    public Settings settings() {
      return SPEC.defaults();
    }

    @Override
    public long examplesSeen() {
      return 0;
    }

    @Override
    public long ramBytesUsed() {
      return 0;
    }

    @Override
    public Predictor predictor() {
      return this::predict; // the fakes' predict writes only into the caller's Scores
    }

    @Override
    public void checkFinite() {}
  }

  /** Scores s_l = how often label l was seen in updates, threshold n/2: predicts the labels of most examples. */
  static class FrequencyLearner extends Fake {
    final long[] counts;
    long updates;

    FrequencyLearner(int numLabels) {
      counts = new long[numLabels];
    }

    @Override
    public int numLabels() {
      return counts.length;
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      float[] s = out.array();
      for (int l = 0; l < counts.length; l++) {
        s[l] = counts[l];
      }
      s[counts.length] = updates / 2f;
    }

    @Override
    public void update(SparseVector x, LabelSet y) {
      for (int k = 0; k < y.size(); k++) {
        counts[y.label(k)]++;
      }
      updates++;
    }
  }

  /**
   * Records every call as "predict:ID" or "update:ID", ID being the value of feature 0 (examples carry
   * their id there), and keeps copies of the vectors it was given. Scores are all 0.
   */
  static final class RecordingLearner extends Fake {
    final int numLabels;
    final List<String> calls = new ArrayList<>();
    final List<SparseVector> predicted = new ArrayList<>();
    final List<SparseVector> updated = new ArrayList<>();

    RecordingLearner(int numLabels) {
      this.numLabels = numLabels;
    }

    @Override
    public int numLabels() {
      return numLabels;
    }

    @Override
    public synchronized void predict(SparseVector x, Scores out) {
      calls.add("predict:" + (int) x.get(0));
      predicted.add(x.copy());
      java.util.Arrays.fill(out.array(), 0f);
    }

    @Override
    public void update(SparseVector x, LabelSet y) {
      calls.add("update:" + (int) x.get(0));
      updated.add(x.copy());
    }
  }

  /** A fixed, seeded linear model (never learns): s_l = Σ_k x_k·w[f_k][l], threshold s_{L+1} likewise. */
  static final class FixedLinearLearner extends Fake {
    final int numLabels;
    final float[][] w;

    FixedLinearLearner(int numLabels, int numFeatures, long seed) {
      this.numLabels = numLabels;
      SplittableRandom r = new SplittableRandom(seed);
      w = new float[numFeatures][numLabels + 1];
      for (float[] row : w) {
        for (int l = 0; l <= numLabels; l++) {
          row[l] = (float) (r.nextDouble() * 2 - 1);
        }
      }
    }

    @Override
    public int numLabels() {
      return numLabels;
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      float[] s = out.array();
      java.util.Arrays.fill(s, 0, numLabels + 1, 0f);
      for (int k = 0; k < x.nnz(); k++) {
        int f = x.index(k);
        if (f < w.length) {
          for (int l = 0; l <= numLabels; l++) {
            s[l] += x.value(k) * w[f][l];
          }
        }
      }
    }

    @Override
    public void update(SparseVector x, LabelSet y) {}
  }

  /** A dataset whose example i has feature 0 = i + 1 (its id), plus the given rows. */
  static Dataset withIds(int numLabels, int[][] labels) {
    DatasetBuilder b = new DatasetBuilder().numLabels(numLabels);
    for (int i = 0; i < labels.length; i++) {
      b.add(SparseVector.of(new int[] {0}, new float[] {i + 1}), LabelSet.of(labels[i]));
    }
    return b.build();
  }

  /** Seeded random sparse data: d features, L labels, about a third of features and labels present. */
  static Dataset random(long seed, int n, int numFeatures, int numLabels) {
    SplittableRandom r = new SplittableRandom(seed);
    DatasetBuilder b = new DatasetBuilder().numFeatures(numFeatures).numLabels(numLabels);
    for (int i = 0; i < n; i++) {
      int[] idx = new int[numFeatures];
      float[] val = new float[numFeatures];
      int nnz = 0;
      for (int f = 0; f < numFeatures; f++) {
        if (r.nextInt(3) == 0) {
          idx[nnz] = f;
          val[nnz++] = (float) (r.nextDouble() * 4 - 1) + 0.125f;
        }
      }
      int[] y = new int[numLabels];
      int m = 0;
      for (int l = 0; l < numLabels; l++) {
        if (r.nextInt(3) == 0) {
          y[m++] = l;
        }
      }
      b.add(SparseVector.of(java.util.Arrays.copyOf(idx, nnz), java.util.Arrays.copyOf(val, nnz)), LabelSet.of(java.util.Arrays.copyOf(y, m)));
    }
    return b.build();
  }
}
