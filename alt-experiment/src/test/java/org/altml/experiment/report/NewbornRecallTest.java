package org.altml.experiment.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The newborn-label recall and the macro F1 over the labels seen of alt-bench/open-bench.sh, on hand-counted streams. */
class NewbornRecallTest {
  @Test
  void recallAtTheKthOccurrenceAfterBirthCountsOnlyLabelsBornAfterTheCut() {
    // "a" is there from the start (not newborn); "b" is born at example 2, then occurs at 3 (missed) and 5 (predicted);
    // "c" is born at 4, then occurs at 5 (predicted)
    List<Set<String>> truth = List.of(Set.of("a"), Set.of("a"), Set.of("b"), Set.of("b", "a"), Set.of("c"), Set.of("b", "c"));
    List<Set<String>> predicted = List.of(Set.of(), Set.of("a"), Set.of("a"), Set.of("a"), Set.of("b"), Set.of("b", "c"));
    NewbornRecall.Curve c = NewbornRecall.curve(truth, predicted, 3, 1);
    assertArrayEquals(new int[] {2, 1, 0}, c.labels());
    assertEquals(0.5, c.recall()[0], 1e-12); // b missed at 3, c hit at 5
    assertEquals(1.0, c.recall()[1], 1e-12); // b hit at 5
    assertTrue(Double.isNaN(c.recall()[2]));
  }

  @Test
  void macroF1OverTheLabelsSeenCountsEachLabelFromItsFirstAppearance() {
    List<Set<String>> truth = List.of(Set.of("a"), Set.of("b"), Set.of("a", "b"));
    // "b" predicted at example 0, before it appeared: not counted; "z" never occurs: not a label seen
    List<Set<String>> predicted = List.of(Set.of("a", "b", "z"), Set.of("a"), Set.of("b"));
    // a: tp 1, fp 1, fn 1 -> 0.5; b: tp 1, fn 1 -> 2/3
    assertEquals((0.5 + 2.0 / 3) / 2, NewbornRecall.seenMacroF1(truth, predicted), 1e-12);
  }

  @Test
  void readsTheLabelsOfLibsvmLinesAndPredictionLines(@TempDir Path dir) throws IOException {
    Path svm = Files.writeString(dir.resolve("s.svm"), "3,7 1:0.5\n 2:1\n1:2 4:1\n12 5:1\n");
    assertEquals(List.of(Set.of("3", "7"), Set.of(), Set.of(), Set.of("12")), NewbornRecall.read(svm, true));
    Path pred = Files.writeString(dir.resolve("p.txt"), "3,7\n\n12\n");
    assertEquals(List.of(Set.of("3", "7"), Set.of(), Set.of("12")), NewbornRecall.read(pred, false));
  }
}
