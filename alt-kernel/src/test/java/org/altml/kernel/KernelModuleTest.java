package org.altml.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.altml.core.testing.ModuleRules;
import org.junit.jupiter.api.Test;

/** alt-kernel's module-info exports its API and provides the kinds and maps its META-INF/services registers. */
class KernelModuleTest {
  @Test
  void descriptorKeepsTheModuleRules() {
    assertEquals("org.altml.kernel", ModuleRules.check(RbfKernel.class).name());
  }
}
