package org.altml.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rules every ALT module's {@code module-info.java} keeps, checked against the compiled descriptor: every
 * package is exported except {@code internal} ones (a new package cannot be forgotten, an internal one cannot
 * leak), and the learner kinds and feature maps declared with {@code provides ... with} are exactly those of
 * {@code META-INF/services} (module-path users and class-path users find the same kinds). Published in alt-core's
 * test-jar so each module's tests call it with one of their classes.
 */
public final class ModuleRules {
  private ModuleRules() {}

  /** The directory or jar a class was loaded from. */
  public static Path location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Checks the module {@code anyClass} was compiled into; returns its descriptor. */
  public static ModuleDescriptor check(Class<?> anyClass) {
    Path root = location(anyClass);
    ModuleDescriptor d = ModuleFinder.of(root).findAll().iterator().next().descriptor();
    Set<String> exported = d.exports().stream()
        .filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source).collect(Collectors.toCollection(TreeSet::new));
    Set<String> api = d.packages().stream()
        .filter(p -> !p.contains(".internal")).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(api, exported, d.name() + ": exports must be every package but the internal ones");
    TreeMap<String, Set<String>> provides = new TreeMap<>();
    d.provides().forEach(p -> provides.put(p.service(), new TreeSet<>(p.providers())));
    assertEquals(services(root), provides, d.name() + ": 'provides ... with' must list what META-INF/services lists");
    return d;
  }

  private static TreeMap<String, Set<String>> services(Path root) {
    TreeMap<String, Set<String>> out = new TreeMap<>();
    Path dir = root.resolve("META-INF/services");
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        out.put(f.getFileName().toString(), Files.readAllLines(f).stream()
            .map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty())
            .collect(Collectors.toCollection(TreeSet::new)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
