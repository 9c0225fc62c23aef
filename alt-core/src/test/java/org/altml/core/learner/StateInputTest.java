package org.altml.core.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The row readers take the bytes the per-row readers take, into the same places, across batch boundaries. */
class StateInputTest {
  private static byte[] written(double[] values, float[] floats) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (StateOutput out = new StateOutput(bytes)) {
      out.writeDoubles(values, 0, values.length);
      out.writeFloats(floats, 0, floats.length);
      out.writeInt(42);
    }
    return bytes.toByteArray();
  }

  @Test
  void rowsLandWhereOneReadPerRowPutsThem() throws IOException {
    SplittableRandom r = new SplittableRandom(3);
    // widths below, at and above a 64 KiB chunk's worth of values (8,192 doubles, 16,384 floats), row counts that
    // leave a partial last batch
    for (int[] shape : new int[][] {{1, 5}, {102, 1000}, {8192, 3}, {9000, 4}, {16384, 2}, {17000, 3}, {7, 0}}) {
      int n = shape[0];
      int rows = shape[1];
      int stride = n + 3;
      double[] values = new double[n * rows];
      float[] floats = new float[n * rows];
      for (int i = 0; i < values.length; i++) {
        values[i] = r.nextDouble() - 0.5;
        floats[i] = (float) r.nextGaussian();
      }
      byte[] bytes = written(values, floats);
      double[] expectedD = new double[5 + rows * stride];
      float[] expectedF = new float[5 + rows * stride];
      try (StateInput in = new StateInput(new ByteArrayInputStream(bytes), bytes.length, "t")) {
        for (int k = 0; k < rows; k++) {
          in.readDoubles(expectedD, 5 + k * stride, n);
        }
        for (int k = 0; k < rows; k++) {
          in.readFloats(expectedF, 5 + k * stride, n);
        }
        assertEquals(42, in.readInt());
      }
      double[] d = new double[expectedD.length];
      float[] f = new float[expectedF.length];
      try (StateInput in = new StateInput(new ByteArrayInputStream(bytes), bytes.length, "t")) {
        in.readDoubleRows(d, 5, n, rows, stride);
        in.readFloatRows(f, 5, n, rows, stride);
        assertEquals(42, in.readInt(), n + " x " + rows);
      }
      assertArrayEquals(expectedD, d, n + " x " + rows);
      assertArrayEquals(expectedF, f, n + " x " + rows);
    }
  }

  @Test
  void rowsBeyondTheStateAreRefusedBeforeAnyRead() throws IOException {
    byte[] bytes = written(new double[100], new float[0]);
    try (StateInput in = new StateInput(new ByteArrayInputStream(bytes), bytes.length, "m.alt")) {
      CorruptStateException e = assertThrows(CorruptStateException.class, () -> in.readDoubleRows(new double[1000], 0, 10, 11, 10));
      assertEquals(bytes.length, in.remaining(), "nothing read");
      assertEquals(true, e.getMessage().contains("m.alt"), e.getMessage());
    }
  }
}
