package org.altml.core.internal.vectorization;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Only {@code Panama*} classes may import {@code jdk.incubator.vector} (docs/spec.md#simd): any other class
 * that did would fail to link in a JVM without the module instead of falling back to the scalar kernels.
 * Reads alt-core's main sources (the module directory is surefire's working directory); skipped elsewhere.
 */
class VectorModuleIsolationTest {
  @Test
  void onlyPanamaClassesImportTheVectorApi() throws IOException {
    Path sources = Path.of("src", "main", "java");
    assumeTrue(Files.isDirectory(sources), "alt-core sources not found from " + Path.of("").toAbsolutePath());
    List<String> importers;
    try (Stream<Path> files = Files.walk(sources)) {
      importers = files.filter(p -> p.toString().endsWith(".java")).filter(VectorModuleIsolationTest::usesVectorApi)
          .map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertTrue(importers.contains("PanamaSpecies.java"), "the scan found no Panama class: " + importers);
    assertEquals(List.of(), importers.stream().filter(name -> !name.startsWith("Panama")).toList(),
        "classes other than Panama* importing jdk.incubator.vector");
  }

  private static boolean usesVectorApi(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream().anyMatch(line -> line.startsWith("import jdk.incubator.vector."));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
