package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The usage of {@code alt flink} and its commands, word for word as before the options became mixins (the golden files
 * were written by the build before that change): the options, their order, their descriptions and defaults.
 */
class FlinkHelpTest {
  private static String help(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream was = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, FlinkMain.commandLine().execute(args));
    } finally {
      System.setOut(was);
    }
    return out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }

  private static String golden(String name) throws Exception {
    try (InputStream in = FlinkHelpTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theUsageIsUnchanged() throws Exception {
    assertEquals(golden("help.txt"), help("--help"));
    assertEquals(golden("run-help.txt"), help("run", "--help"));
    assertEquals(golden("predict-help.txt"), help("predict", "--help"));
  }
}
