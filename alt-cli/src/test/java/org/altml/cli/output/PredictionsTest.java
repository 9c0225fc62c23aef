package org.altml.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.altml.core.learner.Scores;
import org.junit.jupiter.api.Test;

/** The prediction line's label ids, written without {@link StringBuilder#append(int)}: the same text. */
class PredictionsTest {
  @Test
  void digitsAreIntegerToString() {
    char[] out = new char[16];
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      int v = i < 20_000 ? i : r.nextInt(0, Integer.MAX_VALUE) >>> r.nextInt(31);
      int end = Predictions.digits(v, out, 3);
      assertEquals(Integer.toString(v), new String(out, 3, end - 3));
    }
    int end = Predictions.digits(Integer.MAX_VALUE, out, 0);
    assertEquals(Integer.toString(Integer.MAX_VALUE), new String(out, 0, end));
  }

  @Test
  void aLineListsThePredictedLabelsInOrder() {
    Scores scores = new Scores(5);
    float[] s = scores.array();
    s[0] = 0.5f;
    s[1] = -1f;
    s[2] = 0.5f; // equal to the threshold: not predicted (strict)
    s[3] = 3f;
    s[4] = 0.7f;
    s[5] = 0.5f; // the threshold
    StringBuilder text = new StringBuilder();
    assertEquals(2, new Predictions(null, 5, false).format(scores, text));
    assertEquals("3,4\n", text.toString());
    text.setLength(0);
    s[5] = -5f;
    assertEquals(5, new Predictions(null, 5, false).format(scores, text));
    assertEquals("0,1,2,3,4\n", text.toString());
    text.setLength(0);
    s[5] = 5f;
    assertEquals(0, new Predictions(null, 5, false).format(scores, text));
    assertEquals("\n", text.toString());
  }
}
