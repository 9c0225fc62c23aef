package org.altml.core.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelAveraging;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;

/** The linear kinds' averaging: the element-wise mean of W (and of SALT's G²), counters summed. */
class ModelAveragingTest {
  private static OnlineMultiLabelLearner trained(String kind, int seed, int rows) {
    OnlineMultiLabelLearner l = LearnerRegistry.create(LearnerRegistry.get(kind).defaults(), LearnerContext.of(3));
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < 30; i++) {
      int f = r.nextInt(rows);
      l.update(SparseVector.of(new int[] {f, rows}, new float[] {1f + r.nextInt(3), 0.5f}), LabelSet.of(r.nextInt(3)));
    }
    return l;
  }

  private static byte[] state(OnlineMultiLabelLearner l) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    l.spec().codec().write(l, new StateOutput(b));
    return b.toByteArray();
  }

  @Test
  void everyLinearKindAveragesElementWise() throws IOException {
    for (LearnerSpec spec : LearnerRegistry.all()) {
      if (!(spec instanceof LinearSpec)) {
        continue;
      }
      ModelAveraging averaging = spec.averaging();
      assertNotNull(averaging, spec.name());
      LinearLearner a = (LinearLearner) trained(spec.name(), 1, 5);
      LinearLearner b = (LinearLearner) trained(spec.name(), 2, 9);
      LinearLearner mean = (LinearLearner) averaging.average(List.of(a, b));
      assertEquals(a.examplesSeen() + b.examplesSeen(), mean.examplesSeen());
      WeightMatrix wa = a.weights();
      WeightMatrix wb = b.weights();
      assertEquals(Math.max(wa.numRows(), wb.numRows()), mean.weights().numRows());
      for (int f = 0; f < mean.weights().numRows(); f++) {
        for (int lane = 0; lane <= 3; lane++) {
          double x = f < wa.numRows() ? wa.get(f, lane) : 0;
          double y = f < wb.numRows() ? wb.get(f, lane) : 0;
          assertEquals((x + y) * 0.5, mean.weights().get(f, lane), 1e-12, spec.name() + " row " + f + " lane " + lane);
        }
      }
      if (mean instanceof Salt s) {
        double g = ((Salt) a).accumulator().get(0, 0) + (((Salt) b).accumulator().numRows() > 0 ? ((Salt) b).accumulator().get(0, 0) : 0);
        assertEquals(g * 0.5, s.accumulator().get(0, 0), 1e-12, "SALT: the mean of G²");
      }
      // the mean of one model is that model
      assertArrayEquals(state(a), state(averaging.average(List.of(a))), spec.name());
      assertThrows(IllegalArgumentException.class, () -> averaging.average(List.of()));
    }
  }

  @Test
  void kindsWithoutAveragingSayNull() {
    LearnerSpec plain = new LearnerSpec() {
      public String name() {
        return "plain";
      }

      public String description() {
        return "";
      }

      public List<org.altml.core.learner.Parameter<?>> parameters() {
        return List.of();
      }

      public OnlineMultiLabelLearner create(org.altml.core.learner.Settings s, LearnerContext c) {
        throw new UnsupportedOperationException();
      }

      public org.altml.core.learner.ModelCodec codec() {
        return null;
      }
    };
    assertNull(plain.averaging());
  }
}
