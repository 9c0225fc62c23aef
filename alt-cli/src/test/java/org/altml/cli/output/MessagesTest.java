package org.altml.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.MemoryCheck;
import org.junit.jupiter.api.Test;

/** Library messages in command-line words: options for API names, one printable line, heap advice for this command. */
class MessagesTest {
  @Test
  void apiNamesInHintsBecomeOptions() {
    assertEquals("a.arff: string attribute 'id' (attribute 5) cannot be a feature: ignore it (--ignore-attributes id)",
        Messages.forCommandLine("a.arff: string attribute 'id' (attribute 5) cannot be a feature: ignore it"
            + " (--ignore-attributes id, ReadOptions.withIgnoredAttributes)"));
    assertEquals("give the label file (--labels-xml FILE) or the number of label attributes at the end (--labels-last N)"
        + " or at the start (--labels-first N)",
        Messages.forCommandLine("give the label file (--labels-xml FILE, ReadOptions.withLabelFile) or the number of label"
            + " attributes at the end (--labels-last N, ReadOptions.withLabelsLast) or at the start"
            + " (ReadOptions.withLabelsFirst)"));
    assertEquals("x.svm:2: label id 2000000000 is far beyond the others; give the number of labels explicitly (--num-labels)",
        Messages.forCommandLine("x.svm:2: label id 2000000000 is far beyond the others; give the number of labels"
            + " explicitly (--num-labels, ReadOptions.withNumLabels)"));
    assertEquals("x.svm:1: feature index 0 in a 1-based file (indices start at 1; read with --zero-based)",
        Messages.forCommandLine("x.svm:1: feature index 0 in a 1-based file (indices start at 1; read with zeroBased)"));
    assertEquals("x.arff: --labels-last asks for 9 labels but the file has only 4 attributes",
        Messages.forCommandLine("x.arff: labelsLast asks for 9 labels but the file has only 4 attributes"));
    assertEquals("x.gz: truncated or corrupt gzip header (it ends too early)",
        Messages.forCommandLine("x.gz: truncated or corrupt gzip header: null"));
    assertEquals("nothing to change here", Messages.forCommandLine("nothing to change here"));
    // an option the library named with its value, then as an API name, is given once, wherever in its item it stands
    assertEquals("x.arff: (the -C may be stale: say so: --labels-last 2, or --labels-xml FILE)", Messages.forCommandLine("x.arff:"
        + " (the -C may be stale: say so: --labels-last 2, ReadOptions.withLabelsLast, or --labels-xml FILE, ReadOptions.withLabelFile)"));
    assertEquals("(or --labels-first 2, --labels-last 3)",
        Messages.forCommandLine("(or --labels-first 2, ReadOptions.withLabelsFirst, --labels-last 3, ReadOptions.withLabelsLast)"));
  }

  @Test
  void printableKeepsOneLineAndHidesTerminalControls() {
    assertEquals("a\\x0ab\\x0dc\\x1b[2Jd\\u202ee\\u2028f \u00e9\u4e2d\ufffd",
        Messages.printable("a\nb\rc\u001b[2Jd\u202ee\u2028f \u00e9\u4e2d\ufffd"));
  }

  @Test
  void memoryRefusalNamesTheCommandAndAHeapThatFits() {
    long gib = 1L << 30;
    String library = "not enough memory for a sliding window of 100000000 examples: needs 7.3 GiB, 1.0 GiB available;"
        + " " + MemoryCheck.MORE_HEAP + ", or choose a smaller window";
    String m = Messages.memory(new InsufficientMemoryException("w", 7 * gib, gib, library), "prequential");
    assertTrue(m.matches(".*run with more heap: ALT_JAVA_OPTS=-Xmx\\d+g \\./alt prequential \\.\\.\\., or choose a"
        + " smaller --window"), m);
    assertFalse(m.contains("for the library"), m);
    int heap = Integer.parseInt(m.replaceAll(".*-Xmx(\\d+)g.*", "$1"));
    assertTrue(heap >= 9, "7 GiB asked, with a quarter to spare: " + m);

    String overflow = Messages.memory(new InsufficientMemoryException("w", Long.MAX_VALUE, gib, library), "train");
    assertTrue(overflow.contains("ALT_JAVA_OPTS=-Xmx<size> ./alt train ..."), overflow);
  }
}
