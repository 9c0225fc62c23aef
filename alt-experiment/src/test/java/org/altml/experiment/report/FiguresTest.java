package org.altml.experiment.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

class FiguresTest {
  private static XYChart chart() {
    XYChart c = new XYChart(200, 150);
    c.addSeries("f1", new double[] {1, 2, 3}, new double[] {0.2, 0.4, 0.5});
    return c;
  }

  /** A PNG, whole. */
  @Test
  void writesAPng() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Figures.write(chart(), out);
    byte[] png = out.toByteArray();
    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
  }

  /**
   * The output's own failure reaches the caller as it is (an AtomicOutput's names the file and the cause), not
   * ImageIO's "I/O error writing PNG file!".
   */
  @Test
  void aFailureOfTheOutputIsPassedOnUnchanged() {
    IOException full = new IOException("/out/figures/cd-f1.png: No space left on device");
    OutputStream failing = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw full;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw full;
      }
    };
    IOException e = assertThrows(IOException.class, () -> Figures.write(chart(), failing));
    assertEquals(full, e);
  }
}
