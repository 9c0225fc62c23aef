package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * How the provider chooses. Runs in every surefire execution, including one JVM without
 * {@code --add-modules jdk.incubator.vector}, where it proves the scalar fallback and that forcing
 * {@code panama} fails loudly.
 */
class VectorizationProviderTest {
  private static final boolean MODULE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

  @Test
  void scalarCanAlwaysBeForced() {
    VectorOps ops = VectorizationProvider.lookup("scalar");
    assertSame(ScalarVectorOps.INSTANCE, ops);
    assertEquals("scalar", ops.name());
    assertEquals(0, ops.bitWidth());
    assertEquals(1, ops.lanes());
    assertSame(ScalarVectorOps.INSTANCE, VectorizationProvider.lookup(" SCALAR "), "mode is trimmed, any case");
  }

  @Test
  void unknownModeIsRejectedWithTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VectorizationProvider.lookup("avx"));
    assertTrue(e.getMessage().contains("auto, scalar or panama") && e.getMessage().contains("'avx'"), e.getMessage());
  }

  @Test
  void moduleCheckMatchesTheBootLayer() {
    assertEquals(MODULE, VectorizationProvider.vectorModulePresent());
  }

  @Test
  void withoutTheModuleAutoFallsBackToScalar() {
    assumeFalse(MODULE, "the Vector API module is present in this JVM");
    assertSame(ScalarVectorOps.INSTANCE, VectorizationProvider.lookup("auto"));
    assertNull(VectorizationProvider.panamaOrNull());
  }

  @Test
  void withoutTheModuleForcingPanamaFailsNamingTheFlag() {
    assumeFalse(MODULE, "the Vector API module is present in this JVM");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> VectorizationProvider.lookup("panama"));
    assertTrue(e.getMessage().contains("--add-modules jdk.incubator.vector"), e.getMessage());
    assertTrue(e.getMessage().contains("-Dalt.vectorization=panama"), e.getMessage());
  }

  @Test
  void withTheModuleAutoAndPanamaPickPanama() {
    assumeTrue(MODULE, "the Vector API module is absent from this JVM");
    VectorOps auto = VectorizationProvider.lookup("auto");
    VectorOps forced = VectorizationProvider.lookup("panama");
    assertNotNull(VectorizationProvider.panamaOrNull());
    assertTrue(auto.name().startsWith("panama ("), auto.name());
    assertEquals(auto.name(), forced.name());
    assertTrue(auto.bitWidth() >= 128, "bit width " + auto.bitWidth());
    assertEquals(auto.bitWidth() / Float.SIZE, auto.lanes());
  }
}
