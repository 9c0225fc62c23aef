package org.altml.core.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.sparse.InsufficientMemoryException;
import org.junit.jupiter.api.Test;

class SlidingWindowSuiteTest {
  @Test
  void aWindowWiderThanTheHeapCostsOnlyWhatArrives() {
    // 2e9 examples x (62 bytes + 2 x 8 bytes of label bits) would be some 145 GiB: the ring grows as examples arrive
    SlidingWindowSuite wide = new SlidingWindowSuite(6, 2_000_000_000, ZeroDivisionPolicy.SPEC, true);
    assertEquals(0, wide.size());
    assertEquals(2_000_000_000, wide.width());
    // a window that no array can hold is refused at once
    InsufficientMemoryException bits = assertThrows(InsufficientMemoryException.class,
        () -> new SlidingWindowSuite(100_000, 2_000_000, ZeroDivisionPolicy.SPEC, true));
    assertTrue(bits.getMessage().contains("does not fit in one array"), bits.getMessage());
  }
}
