package org.altml.bench.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The speed guard runs with the tests (a few seconds) and fails on a gross slowdown; its decision is tested on its own,
 * so that it is known to fail when a ratio falls under half its recorded value.
 */
class SpeedGuardTest {
  @Test
  void theHotPathsKeepAtLeastHalfTheirRecordedSpeedUps() throws IOException {
    long start = System.nanoTime();
    List<SpeedGuard.Check> checks = SpeedGuard.measure(System.out); // prints each ratio as it is measured
    double seconds = (System.nanoTime() - start) * 1e-9;
    System.out.printf("speed guard: %.1f s%n", seconds);
    assertEquals(2, checks.size());
    assertNull(SpeedGuard.verdict(checks), () -> SpeedGuard.verdict(checks));
  }

  @Test
  void aRatioUnderHalfItsRecordedValueFailsAndHalfOrMorePasses() {
    SpeedGuard.Check under = new SpeedGuard.Check("FALT", 3.0, 1.49, null);
    assertFalse(under.passes());
    assertTrue(new SpeedGuard.Check("FALT", 3.0, 1.5, null).passes(), "exactly half passes");
    assertTrue(new SpeedGuard.Check("FALT", 3.0, 2.9, null).passes(), "a little slower than recorded passes");
    assertTrue(new SpeedGuard.Check("FALT", 3.0, 7.0, null).passes());
    assertTrue(new SpeedGuard.Check("FALT", 3.0, Double.NaN, "no Vector API").passes(), "a skipped check passes");
    assertFalse(new SpeedGuard.Check("FALT", 3.0, Double.NaN, null).passes(), "a check not measured fails");

    SpeedGuard.Check kernel = new SpeedGuard.Check("kernel", 2.0, 1.2, null);
    String verdict = SpeedGuard.verdict(List.of(kernel, under));
    assertNotNull(verdict);
    assertTrue(verdict.contains("FALT: 1.49 (recorded 3.00, fails under 1.50) FAILED"), verdict);
    assertFalse(verdict.contains("kernel"), verdict);
    assertNull(SpeedGuard.verdict(List.of(kernel)));
  }

  @Test
  void theMedianIsTheMiddleValue() {
    assertEquals(2.0, SpeedGuard.median(new double[] {9, 1, 2}));
    assertEquals(2.5, SpeedGuard.median(new double[] {4, 1, 2, 3}));
    assertEquals(5.0, SpeedGuard.median(new double[] {5}));
  }
}
