package org.altml.core.math;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * With {@code -Dalt.vectorization=panama} in a JVM without the Vector API module, {@link VectorMath} must
 * refuse to initialise rather than fall back silently. Runs in its own surefire execution (a JVM where the
 * facade has never been touched); elsewhere it is skipped.
 */
class VectorMathForcedPanamaTest {
  @Test
  void forcingPanamaWithoutTheModuleFailsToInitialise() {
    assumeTrue("panama".equals(System.getProperty("alt.vectorization")), "needs -Dalt.vectorization=panama");
    assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty(), "needs a JVM without the module");
    ExceptionInInitializerError e = assertThrows(ExceptionInInitializerError.class,
        () -> Class.forName("org.altml.core.math.VectorMath", true, VectorMathForcedPanamaTest.class.getClassLoader()));
    IllegalStateException cause = assertInstanceOf(IllegalStateException.class, e.getCause());
    assertTrue(cause.getMessage().contains("--add-modules jdk.incubator.vector"), cause.getMessage());
  }
}
