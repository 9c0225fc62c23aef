package com.example;

import java.util.Arrays;
import java.util.Random;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/** ALT as a library: FALT learns online from generated examples, then predicts the labels of new ones. */
public final class Main {
  /** Labels L and features d of the generated examples. */
  static final int LABELS = 3;
  static final int FEATURES = 4;

  private Main() {}

  /** A generated example's features: d standard normal values. */
  static double[] features(Random random) {
    double[] x = new double[FEATURES];
    for (int f = 0; f < FEATURES; f++) {
      x[f] = random.nextGaussian();
    }
    return x;
  }

  /** Its labels: label k when feature k is positive. */
  static LabelSet labels(double[] x) {
    int[] labels = new int[LABELS];
    int n = 0;
    for (int k = 0; k < LABELS; k++) {
      if (x[k] > 0) {
        labels[n++] = k;
      }
    }
    return LabelSet.of(Arrays.copyOf(labels, n));
  }

  /** FALT with its default settings after one online pass over {@code examples} generated examples. */
  static OnlineMultiLabelLearner train(int examples, long seed) {
    Settings settings = LearnerRegistry.get("falt").defaults();
    OnlineMultiLabelLearner falt = LearnerRegistry.create(settings, new LearnerContext(LABELS, FEATURES, examples, seed));
    Random random = new Random(seed);
    Scores scores = new Scores(LABELS);
    for (int i = 0; i < examples; i++) {
      double[] x = features(random);
      falt.predictThenUpdate(SparseVector.ofDense(x), labels(x), scores); // predict, then learn
    }
    return falt;
  }

  /** The labels {@code model} predicts for {@code x}, ascending. */
  static int[] predict(OnlineMultiLabelLearner model, double[] x) {
    Scores scores = new Scores(model.numLabels());
    model.predict(SparseVector.ofDense(x), scores);
    int[] labels = new int[model.numLabels()];
    return Arrays.copyOf(labels, scores.predicted(labels));
  }

  public static void main(String[] args) {
    OnlineMultiLabelLearner falt = train(500, 1);
    int[] predicted = predict(falt, new double[] {2, -2, 2, 0});
    System.out.println("FALT (" + VectorMath.implementation() + ") predicts labels " + Arrays.toString(predicted)
        + " for x = (2, -2, 2, 0)");
    if (!Arrays.equals(predicted, new int[] {0, 2})) {
      System.err.println("expected labels [0, 2]");
      System.exit(1);
    }
  }
}
