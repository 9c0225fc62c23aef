package org.altml.sparse.io.internal;

import java.util.Arrays;

/**
 * Sorts the parallel index and value arrays of one row by index, for the readers (rows given out of
 * order are sorted, not rejected). Each (index, value bits) pair is packed into one {@code long} so a
 * primitive sort moves both; the buffer is kept between rows. Not thread-safe: one per reader.
 */
public final class EntrySorter {
  private long[] buffer = new long[0];

  /**
   * In place: sorts the first {@code nnz} entries by index, values following their indices (indices must
   * be non-negative). Returns the sorted position of the first index equal to its predecessor, or -1
   * when all indices are distinct.
   */
  public int sort(int[] indices, float[] values, int nnz) {
    if (buffer.length < nnz) {
      buffer = new long[Math.max(nnz, 2 * buffer.length)];
    }
    long[] s = buffer;
    for (int k = 0; k < nnz; k++) {
      s[k] = ((long) indices[k] << 32) | (Float.floatToRawIntBits(values[k]) & 0xffffffffL);
    }
    Arrays.sort(s, 0, nnz);
    int duplicate = -1;
    for (int k = 0; k < nnz; k++) {
      indices[k] = (int) (s[k] >>> 32);
      values[k] = Float.intBitsToFloat((int) s[k]);
      if (duplicate < 0 && k > 0 && indices[k] == indices[k - 1]) {
        duplicate = k;
      }
    }
    return duplicate;
  }
}
