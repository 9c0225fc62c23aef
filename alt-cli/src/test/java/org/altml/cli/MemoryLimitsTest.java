package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that ask for more memory than there is end in one line saying what was asked, the bytes needed
 * and available, and what to do ({@code ALT_JAVA_OPTS=-Xmx...}), never an {@link OutOfMemoryError}. Run in
 * a JVM of its own with {@code -Xmx64m}, so that every request is refused whatever this machine's memory.
 */
class MemoryLimitsTest {
  private static final List<String> SMALL_HEAP = List.of("-Xmx64m");

  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static Path corpusFile(String name) throws URISyntaxException {
    return Path.of(MemoryLimitsTest.class.getResource("/corpus/" + name).toURI());
  }

  /** Exit 2, one line: not enough memory for what, needs, available, the heap advice for this command. */
  private static void assertRefusedForMemory(CliRun r, String what, String command) {
    assertEquals(2, r.exitCode(), r.err());
    String line = r.errLine();
    assertTrue(line.startsWith("alt: "), line);
    for (String f : new String[] {"not enough memory for " + what, "needs ", " available of a ", "ALT_JAVA_OPTS=-Xmx",
        "./alt " + command + " ..."}) {
      assertTrue(line.contains(f), "'" + f + "' in " + line);
    }
    assertFalse(line.contains("OutOfMemoryError") || line.contains("Exception") || line.contains("for the library"), line);
  }

  @Test
  void hugeRequestsAreRefusedInOneLine() throws Exception {
    Path small = write("small.svm", "0 1:1\n1 2:1\n0,1 1:0.5 2:0.5\n");
    // a window wider than the stream holds only the stream's examples (its ring grows as they arrive)
    CliRun window = ForkedAlt.run(SMALL_HEAP, null, "prequential", "--learner", "falt", "--data", small.toString(),
        "--window", "100000000");
    assertEquals(0, window.exitCode(), window.err());

    Path out = dir.resolve("big.svm");
    CliRun generate = ForkedAlt.run(SMALL_HEAP, null, "generate", "-n", "2000000000", out.toString());
    assertRefusedForMemory(generate, "2000000000 examples", "generate");
    assertTrue(generate.err().contains("generate fewer examples (-n)"), generate.err());
    assertFalse(Files.exists(out));

    Path feature = write("feature.svm", "0 1:1\n1 100000000:1\n");
    assertRefusedForMemory(ForkedAlt.run(SMALL_HEAP, null, "evaluate", "--learner", "falt", "--num-labels", "2", "--train", feature.toString(),
        "--test", small.toString()), "the weight matrix (100000000 features", "evaluate");
    Path model = dir.resolve("m.model");
    assertRefusedForMemory(ForkedAlt.run(SMALL_HEAP, null, "train", "--learner", "salt", "--num-labels", "2", "--data", feature.toString(),
        "--model", model.toString()), "the weight matrix", "train");
    assertFalse(Files.exists(model));
    // a kernel learner's row of distances scatters each example over every feature index
    StringBuilder many = new StringBuilder("1 100000000:1\n");
    for (int i = 0; i < 200; i++) {
      many.append(i % 2).append(' ').append(1 + i % 7).append(":1\n");
    }
    Path strayIndex = write("stray-index.svm", many.toString());
    assertRefusedForMemory(ForkedAlt.run(SMALL_HEAP, null, "train", "--learner", "falt-k", "--num-labels", "2", "--data", strayIndex.toString(),
        "--model", model.toString()), "the scatter arrays of kernel rows over 100000000 feature indices", "train");
    assertFalse(Files.exists(model));

    Path label = write("label.svm", "0 1:1\n2000000000 2:1\n");
    assertRefusedForMemory(ForkedAlt.run(SMALL_HEAP, null, "train", "--learner", "pa1", "--num-labels", "2000000001",
        "--data", label.toString(), "--model", model.toString()), "", "train");
    // without --num-labels the id is refused while reading, before anything is allocated for it
    CliRun stray = ForkedAlt.run(SMALL_HEAP, null, "stats", label.toString());
    assertEquals(2, stray.exitCode());
    assertTrue(stray.errLine().contains(label + ":2: token '2000000000'") && stray.errLine().contains("--num-labels"),
        stray.err());
  }

  /** A model file read from a pipe has no length to check sizes against: the heap check refuses them. */
  @Test
  void craftedModelSizesAreRefusedInOneLine() throws Exception {
    Path data = write("data.svm", "0 1:1\n");
    CliRun labels = ForkedAlt.run(SMALL_HEAP, corpusFile("model/labels-2pow30-stdin.model"), "predict", "--model", "-",
        "--data", data.toString());
    assertRefusedForMemory(labels, "1073741824 label names of the model <stdin>", "predict");
    assertTrue(labels.errLine().startsWith("alt: <stdin>: "), labels.err());
    CliRun rows = ForkedAlt.run(SMALL_HEAP, corpusFile("model/body-rows-1e8-stdin.model"), "train", "--from", "-", "--data",
        data.toString(), "--model", dir.resolve("m.model").toString());
    assertRefusedForMemory(rows, "the weight matrix (100000000 features", "train");
    assertTrue(rows.errLine().contains("check that it is the model you meant"), rows.err());
  }

  /**
   * The launcher passes ALT_JAVA_OPTS to the JVM, as the memory messages say: the script runs in a copy of
   * the layout it expects, with a stand-in java that prints its arguments.
   */
  @Test
  void theLauncherPassesAltJavaOpts() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("alt-cli/target"));
    Path script = root.resolve("alt");
    Files.copy(Path.of("..", "alt"), script);
    Path jdk = dir.resolve("jdk");
    Files.createDirectories(jdk.resolve("bin"));
    Path java = jdk.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\nif [ \"$1\" = -version ]; then echo 'openjdk version \"21.0.1\"' >&2; exit 0; fi\n"
        + "echo \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(root.resolve("alt-cli/target/alt-cli.jar"), "stand-in");
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of("bash", script.toString(), "stats", "x.svm")));
    pb.environment().put("JAVA_HOME", jdk.toString());
    pb.environment().put("ALT_JAVA_OPTS", "-Xmx64m -Dalt.test=1");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    // the launcher's JIT options for the SIMD kernels come first, so that ALT_JAVA_OPTS can override them; a third
    // compiler thread only on machines of at most 3 CPUs (nproc)
    String compilerThreads = nproc() <= 3 ? " -XX:CICompilerCount=3" : "";
    assertEquals("--add-modules jdk.incubator.vector -XX:CompileCommand=quiet"
        + " -XX:CompileCommand=CompileThresholdScaling,org.altml.core.internal.vectorization.*::*,0.1" + compilerThreads
        + " -Xmx64m -Dalt.test=1 -jar " + root.toRealPath().resolve("alt-cli/target/alt-cli.jar") + " stats x.svm", out);
  }

  /** The CPU count the launcher sees. */
  private static int nproc() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("nproc").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertEquals(0, p.waitFor(), out);
    return Integer.parseInt(out);
  }
}
