package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.sparse.LabelSet;
import org.junit.jupiter.api.Test;

class MainTest {
  @Test
  void faltLearnsTheGeneratedLabelsAndPredicts() {
    OnlineMultiLabelLearner falt = Main.train(500, 1);
    Random random = new Random(2);
    int wrong = 0;
    int n = 200;
    for (int i = 0; i < n; i++) {
      double[] x = Main.features(random);
      LabelSet truth = Main.labels(x);
      int[] predicted = Main.predict(falt, x);
      for (int k = 0; k < Main.LABELS; k++) {
        int label = k;
        boolean p = java.util.Arrays.stream(predicted).anyMatch(l -> l == label);
        wrong += p != truth.contains(label) ? 1 : 0;
      }
    }
    double hammingLoss = (double) wrong / (n * Main.LABELS);
    assertTrue(hammingLoss < 0.2, "Hamming loss " + hammingLoss);
    assertArrayEquals(new int[] {0, 2}, Main.predict(falt, new double[] {2, -2, 2, 0}));
  }

  /** The project compiles and tests with a JDK 21+, and surefire's argLine gave the JVM the Vector API module. */
  @Test
  void runsOnJdk21WithTheVectorModule() {
    assertTrue(Runtime.version().feature() >= 21, "JDK " + Runtime.version());
    assertTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "--add-modules jdk.incubator.vector");
  }
}
