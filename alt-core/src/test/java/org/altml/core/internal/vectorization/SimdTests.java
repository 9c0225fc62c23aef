package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What the tests of a Panama kernel share. */
final class SimdTests {
  private SimdTests() {}

  /**
   * The Panama implementation; the calling test is skipped when the Vector API is unavailable, and fails instead under
   * {@code -Dalt.tests.requireSimd=true}.
   */
  static VectorOps panamaOrSkip() {
    VectorOps panama = VectorizationProvider.panamaOrNull();
    if (panama == null && Boolean.getBoolean("alt.tests.requireSimd")) {
      fail("-Dalt.tests.requireSimd=true but the Panama kernels are unavailable");
    }
    assumeTrue(panama != null, "Vector API unavailable: run with --add-modules jdk.incubator.vector");
    return panama;
  }
}
