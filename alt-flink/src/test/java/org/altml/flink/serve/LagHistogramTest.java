package org.altml.flink.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The label lag's quantiles are within 5 % of the exact ones, and survive the checkpoint's array form. */
class LagHistogramTest {
  @Test
  void quantilesAreWithinFivePercentAndRestored() {
    LagHistogram h = new LagHistogram(null);
    assertEquals(-1, h.quantile(0.5));
    for (long ms = 1; ms <= 10_000; ms++) {
      h.add(ms);
    }
    long p50 = h.quantile(0.5);
    long p99 = h.quantile(0.99);
    assertTrue(p50 >= 5000 && p50 <= 5000 * 1.05, "p50 " + p50);
    assertTrue(p99 >= 9900 && p99 <= 10_000, "p99 " + p99);
    LagHistogram restored = new LagHistogram(h.array());
    assertEquals(p50, restored.quantile(0.5));
    assertEquals(10_000, restored.count());
    LagHistogram zeros = new LagHistogram(null);
    zeros.add(0);
    zeros.add(-3);
    assertEquals(0, zeros.quantile(0.99), "labels that came first: 0 ms");
    StringBuilder sb = new StringBuilder();
    zeros.appendTo(sb);
    assertEquals(",\"labelLagMs\":{\"count\":2,\"p50\":0,\"p99\":0,\"max\":0}", sb.toString());
  }
}
