package org.altml.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.altml.core.learner.LearnerSpec;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

/**
 * alt-sparse and alt-core as the JVM sees them on the module path: the SIMD kernels' package is closed to users,
 * the API packages are open, and the learner kinds are found through {@code provides}, not META-INF/services.
 */
class ModuleBoundaryTest {
  private static ModuleLayer layer() {
    ModuleFinder finder = ModuleFinder.of(ModuleRules.location(LearnerSpec.class), ModuleRules.location(SparseVector.class),
        ModuleRules.location(IntArrayList.class), ModuleRules.location(JavaDoubleParser.class),
        ModuleRules.location(org.apache.commons.codec.digest.MurmurHash3.class),
        ModuleRules.location(com.fasterxml.jackson.core.JsonFactory.class));
    ModuleLayer boot = ModuleLayer.boot();
    Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(), Set.of("org.altml.core"));
    return boot.defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
  }

  @Test
  void descriptorsExportEveryApiPackageAndProvideTheRegisteredKinds() {
    ModuleRules.check(SparseVector.class);
    assertEquals("org.altml.core", ModuleRules.check(LearnerSpec.class).name());
  }

  @Test
  void theInternalKernelsAreNotExported() throws Exception {
    ModuleLayer layer = layer();
    Module core = layer.findModule("org.altml.core").orElseThrow();
    assertTrue(core.isExported("org.altml.core.learner"));
    for (String p : core.getPackages()) {
      assertEquals(!p.contains(".internal"), core.isExported(p), p);
    }
    assertFalse(core.isExported("org.altml.core.internal.vectorization"));
    Class<?> provider = layer.findLoader("org.altml.core").loadClass("org.altml.core.internal.vectorization.VectorizationProvider");
    // a public method of a public class, closed by the module: this (unnamed) module cannot call it
    assertThrows(IllegalAccessException.class, () -> provider.getMethod("vectorModulePresent").invoke(null));
    ClassLoader loader = layer.findLoader("org.altml.core");
    Class<?> api = loader.loadClass("org.altml.core.learner.LearnerRegistry");
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(loader); // else the registry would also see this class path's test kinds
    try {
      assertFalse(((java.util.List<?>) api.getMethod("names").invoke(null)).isEmpty()); // the API package is open
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  @Test
  void theLearnerKindsAreFoundThroughProvides() throws Exception {
    ModuleLayer layer = layer();
    Class<?> spec = layer.findLoader("org.altml.core").loadClass(LearnerSpec.class.getName());
    Set<String> names = new TreeSet<>();
    for (Object s : ServiceLoader.load(layer, spec)) {
      names.add((String) spec.getMethod("name").invoke(s));
    }
    Set<String> coreKinds = new TreeSet<>(); // the class path's registry, less the kinds of other modules and of the tests
    for (LearnerSpec s : org.altml.core.learner.LearnerRegistry.all()) {
      if (ModuleRules.location(s.getClass()).equals(ModuleRules.location(LearnerSpec.class))) {
        coreKinds.add(s.name());
      }
    }
    assertFalse(coreKinds.isEmpty());
    assertEquals(coreKinds, names);
  }
}
