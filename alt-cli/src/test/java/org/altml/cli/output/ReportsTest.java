package org.altml.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The human reports' text helpers. */
class ReportsTest {
  @Test
  void statisticsWrapAtItemsUnderTheFirstOne() {
    String nl = System.lineSeparator();
    assertEquals("", Reports.wrap("learner: ", List.of(), 20));
    assertEquals("learner: a=1 b=2", Reports.wrap("learner: ", List.of("a=1", "b=2"), 20));
    assertEquals("learner: a=1 b=2" + nl + "         c=3 d=4", Reports.wrap("learner: ", List.of("a=1", "b=2", "c=3", "d=4"), 16));
    // an item longer than the width is never split: it gets a line of its own
    assertEquals("learner: a=1" + nl + "         long=xxxxxxxxxx" + nl + "         b=2",
        Reports.wrap("learner: ", List.of("a=1", "long=xxxxxxxxxx", "b=2"), 16));
  }
}
