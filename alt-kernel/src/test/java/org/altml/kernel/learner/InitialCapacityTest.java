package org.altml.kernel.learner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A store starts no larger than the budget, the training set or 4,096 slots allow: a huge budget costs nothing up front. */
class InitialCapacityTest {
  @Test
  void aStoreStartsAtMostAsLargeAsItCanFill() {
    assertEquals(1001, KernelLearner.initialCapacity(1000, 30_993), "B + 1 under a budget");
    assertEquals(392, KernelLearner.initialCapacity(Integer.MAX_VALUE, 391), "no more than the training set fills");
    assertEquals(4096, KernelLearner.initialCapacity(Integer.MAX_VALUE, -1), "2^31 - 1 + 1 does not overflow");
    assertEquals(391, KernelLearner.initialCapacity(0, 391), "unbounded: the training set");
    assertEquals(4096, KernelLearner.initialCapacity(0, 1_000_000));
    assertEquals(0, KernelLearner.initialCapacity(0, -1), "unbounded, size unknown: grows from nothing");
  }
}
