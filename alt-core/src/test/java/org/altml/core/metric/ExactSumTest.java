package org.altml.core.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExactSumTest {
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4})
  void correctlyRoundedAndOrderIndependent(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 2000;
    double[] x = new double[n];
    BigDecimal exact = BigDecimal.ZERO;
    for (int i = 0; i < n; i++) {
      x[i] = (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-60, 60));
      exact = exact.add(new BigDecimal(x[i]));
    }
    ExactSum forward = new ExactSum();
    ExactSum backward = new ExactSum();
    ExactSum halves = new ExactSum();
    ExactSum second = new ExactSum();
    for (int i = 0; i < n; i++) {
      forward.add(x[i]);
      backward.add(x[n - 1 - i]);
      (i < n / 2 ? halves : second).add(x[i]);
    }
    halves.add(second);
    assertEquals(exact.doubleValue(), forward.value(), "seed " + seed);
    assertEquals(forward.value(), backward.value(), "seed " + seed);
    assertEquals(forward.value(), halves.value(), "seed " + seed);
    // removing what was added leaves exactly the rest
    for (int i = 0; i < n - 1; i++) {
      forward.add(-x[i]);
    }
    assertEquals(x[n - 1], forward.value(), "seed " + seed);
  }

  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.1, 1e-300})
  void cancellation(double small) {
    ExactSum s = new ExactSum();
    s.add(1e100);
    s.add(small);
    s.add(-1e100);
    assertEquals(small, s.value());
  }
}
