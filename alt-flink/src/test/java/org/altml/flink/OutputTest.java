package org.altml.flink;

import org.altml.flink.model.ModelMessage;
import org.altml.flink.output.Output;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.altml.core.learner.Scores;
import org.junit.jupiter.api.Test;

/** Prediction lines name their model version, and the end-of-input average as "final", as reports name its round. */
class OutputTest {
  @Test
  void theFinalModelIsNamedFinal() {
    Scores scores = new Scores(2);
    scores.array()[0] = 1f; // label 0 above the threshold 0
    assertEquals("{\"type\":\"prediction\",\"file\":\"d.svm\",\"line\":3,\"model\":7,\"labels\":[0]}",
        Output.prediction("d.svm", 3, null, 7, scores, false));
    assertEquals("{\"type\":\"prediction\",\"file\":\"d.svm\",\"line\":3,\"model\":\"final\",\"labels\":[0]}",
        Output.prediction("d.svm", 3, null, ModelMessage.FINAL, scores, false));
  }

  @Test
  void logRecordsReadAsTheCommandsOwnWarnings() {
    java.util.logging.LogRecord r = new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "skipped {0}");
    r.setParameters(new Object[] {"m.model"});
    assertEquals("alt flink: warning: skipped m.model" + System.lineSeparator(), FlinkMain.ONE_LINE.format(r));
  }

  /**
   * A reader's warning (a MEKA -C that may be stale) reads in command-line words, and once: it named the Java API
   * ("--labels-last 2, ReadOptions.withLabelsLast") and came twice, from the client's header read and the job's reader.
   */
  @Test
  void readersWarningsReadInCommandLineWordsOnce() {
    java.util.logging.LogRecord r = new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "m.arff: the labels:"
        + " the last 2 attributes (--labels-last 2, ReadOptions.withLabelsLast), or the first 2 (--labels-first 2,"
        + " ReadOptions.withLabelsFirst)");
    assertEquals("alt flink: warning: m.arff: the labels: the last 2 attributes (--labels-last 2), or the first 2 (--labels-first 2)"
        + System.lineSeparator(), FlinkMain.ONE_LINE.format(r));
    java.util.logging.Filter once = FlinkMain.onceEach();
    org.junit.jupiter.api.Assertions.assertTrue(once.isLoggable(r));
    org.junit.jupiter.api.Assertions.assertFalse(once.isLoggable(new java.util.logging.LogRecord(r.getLevel(), r.getMessage())));
    org.junit.jupiter.api.Assertions.assertTrue(once.isLoggable(new java.util.logging.LogRecord(r.getLevel(), "other.arff: ...")));
  }

  @Test
  void aBadRecordsFieldsReadBackAsWritten() {
    String reason = "token '1:\"x\"' \\ tab\t, line end\n, bell\u0007, é";
    String line = Output.bad("dir/a \"b\".svm", 12, reason);
    assertEquals(reason, Output.stringField(line, "reason"));
    assertEquals("dir/a \"b\".svm", Output.stringField(line, "file"));
    assertNull(Output.stringField(line, "line"), "a number is not a string field");
    assertNull(Output.stringField(line, "missing"));
    assertNull(Output.stringField("{\"reason\":\"no end", "reason"));
  }
}
