package org.altml.sparse;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MemoryCheckTest {
  private static final long GIB = 1L << 30;

  @Test
  void allocationWithinWhatIsAvailablePasses() {
    assertDoesNotThrow(() -> MemoryCheck.check(0, 0, GIB, "nothing", null));
    assertDoesNotThrow(() -> MemoryCheck.check(GIB, GIB, 4 * GIB, "exactly what is left", null));
  }

  @Test
  void tooLargeAllocationSaysWhatHowMuchAndWhatToDo() {
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> MemoryCheck.check(3 * GIB, GIB, 4 * GIB, "the weight matrix (2,000,000 features)", "check the data for a stray feature index"));
    assertEquals(3 * GIB, e.requestedBytes());
    assertEquals(GIB, e.availableBytes());
    assertEquals("the weight matrix (2,000,000 features)", e.what());
    assertEquals("not enough memory for the weight matrix (2,000,000 features): needs 3.0 GiB (3,221,225,472 bytes), "
        + "1.0 GiB (1,073,741,824 bytes) available of a 4.0 GiB (4,294,967,296 bytes) heap; " + MemoryCheck.MORE_HEAP
        + ", or check the data for a stray feature index", e.getMessage());
    assertTrue(e.getMessage().contains("ALT_JAVA_OPTS=-Xmx8g ./alt"), e.getMessage());
  }

  @Test
  void overflowedSizeIsRefused() {
    long overflow = MemoryCheck.bytes(Long.MAX_VALUE / 2, 8);
    assertEquals(-1, overflow);
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> MemoryCheck.check(overflow, GIB, GIB, "a window", null));
    assertEquals(Long.MAX_VALUE, e.requestedBytes());
    assertTrue(e.getMessage().startsWith("not enough memory for a window: needs more than "), e.getMessage());
    assertEquals(24, MemoryCheck.bytes(3, 8));
    assertEquals(-1, MemoryCheck.bytes(-1, 8));
  }

  @Test
  void liveHeapRefusesTheImpossibleAndAcceptsTheSmall() {
    assertDoesNotThrow(() -> MemoryCheck.require(1024, "a kilobyte", null));
    long max = Runtime.getRuntime().maxMemory();
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> MemoryCheck.require(max + 1, "more than the heap", "hint"));
    assertTrue(e.availableBytes() < max, e.getMessage());
    assertTrue(MemoryCheck.available() > 0);
  }

  @Test
  void caughtOutOfMemoryErrorBecomesTheException() {
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    InsufficientMemoryException e = MemoryCheck.allocationFailed(5 * GIB, "the examples of big.svm", null, oom);
    assertSame(oom, e.getCause());
    assertTrue(e.getMessage().startsWith("not enough memory for the examples of big.svm: needs 5.0 GiB"), e.getMessage());
  }

  @Test
  void formatsBytes() {
    assertEquals("512 bytes", MemoryCheck.formatBytes(512));
    assertEquals("1.5 KiB (1,536 bytes)", MemoryCheck.formatBytes(1536));
  }
}
