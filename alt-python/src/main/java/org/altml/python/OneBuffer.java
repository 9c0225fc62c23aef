package org.altml.python;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The layout of the buffer through which {@code altml.Learner.learn_one}, {@code predict_one} and {@code scores_one}
 * pass one example without making Java arrays per call: memory Python owns and writes (a {@code bytearray} that JPype
 * shows Java as a direct {@link ByteBuffer}), little-endian. In: n feature indices (int), n values (float), then m
 * label ids (int). Out: the predicted label ids (int), or the L label scores and the threshold score (float).
 */
final class OneBuffer {
  private OneBuffer() {}

  /** {@code buffer} read and written little-endian, refused when it holds fewer than {@code bytes} bytes. */
  static ByteBuffer of(ByteBuffer buffer, long bytes) {
    if (buffer == null || bytes < 0 || buffer.capacity() < bytes) {
      throw new IllegalArgumentException("the example needs " + bytes + " bytes but the buffer holds "
          + (buffer == null ? 0 : buffer.capacity()));
    }
    return buffer.order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Reads {@code n} ints from byte {@code at} into {@code out}. */
  static void ints(ByteBuffer buffer, int at, int[] out, int n) {
    for (int k = 0; k < n; k++) {
      out[k] = buffer.getInt(at + 4 * k);
    }
  }

  /** Reads {@code n} floats from byte {@code at} into {@code out}. */
  static void floats(ByteBuffer buffer, int at, float[] out, int n) {
    for (int k = 0; k < n; k++) {
      out[k] = buffer.getFloat(at + 4 * k);
    }
  }

  /** Writes the first {@code n} ints of {@code from} at byte 0. */
  static void putInts(ByteBuffer buffer, int[] from, int n) {
    for (int k = 0; k < n; k++) {
      buffer.putInt(4 * k, from[k]);
    }
  }

  /** Writes the first {@code n} floats of {@code from} at byte 0. */
  static void putFloats(ByteBuffer buffer, float[] from, int n) {
    for (int k = 0; k < n; k++) {
      buffer.putFloat(4 * k, from[k]);
    }
  }
}
