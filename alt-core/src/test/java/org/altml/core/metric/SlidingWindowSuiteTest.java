package org.altml.core.metric;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.sparse.InsufficientMemoryException;
import org.junit.jupiter.api.Test;

class SlidingWindowSuiteTest {
  @Test
  void windowBeyondTheHeapIsRefusedBeforeAllocating() {
    // 2e9 examples x (62 bytes + 2 x 8 bytes of label bits): some 145 GiB
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> new SlidingWindowSuite(6, 2_000_000_000, ZeroDivisionPolicy.SPEC, true));
    assertTrue(e.getMessage().startsWith("not enough memory for a sliding window of 2000000000 examples over 6 labels: needs"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith(", or choose a smaller window"), e.getMessage());
    InsufficientMemoryException bits = assertThrows(InsufficientMemoryException.class,
        () -> new SlidingWindowSuite(100_000, 2_000_000, ZeroDivisionPolicy.SPEC, true));
    assertTrue(bits.getMessage().contains("does not fit in one array"), bits.getMessage());
  }
}
