package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code alt flink demo --kafka} (./alt kafka-demo) runs whole: a broker in the process, the stream and its late labels,
 * serve; it stops by itself once every record is served and every example learned or expired.
 */
class FlinkDemoTest {
  @Test
  void theKafkaDemoServesTheWholeStreamAndStops() {
    ByteArrayOutputStream live = new ByteArrayOutputStream();
    FlinkDemoCommand.live = new PrintStream(live, true, StandardCharsets.UTF_8);
    try {
      assertEquals(0, FlinkMain.commandLine().execute("demo", "--kafka", "--records", "600", "--rate", "600", "--delay", "50",
          "--never", "0.1", "--label-ttl", "2s"));
    } finally {
      FlinkDemoCommand.live = null;
    }
    List<String> lines = live.toString(StandardCharsets.UTF_8).lines().toList();
    String last = lines.get(lines.size() - 2);
    assertTrue(last.contains("served 600,") && last.contains("pending 0,"), last);
    // what never came expired; the rest was learned (or its labels came before the record and waited for it)
    long learned = Long.parseLong(last.replaceAll(".*learned (\\d+),.*", "$1"));
    long expired = Long.parseLong(last.replaceAll(".*expired (\\d+),.*", "$1"));
    assertEquals(600, learned + expired, last);
    assertTrue(expired > 20 && expired < 120, last); // about 10 % never come
    assertTrue(lines.get(lines.size() - 1).startsWith("alt flink demo: done in"), lines.get(lines.size() - 1));
  }

  @Test
  void theDemoNeedsItsKafkaFlag() {
    assertEquals(2, FlinkMain.commandLine().execute("demo"));
  }
}
