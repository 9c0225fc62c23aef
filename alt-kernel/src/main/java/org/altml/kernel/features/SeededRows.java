package org.altml.kernel.features;

/**
 * Deterministic random rows: the values of a row are a function of (seed, row id) only, through SplitMix64
 * (Steele, Lea &amp; Flood 2014) and Marsaglia's polar method, with {@link StrictMath} for the logarithm, so
 * a map saved as its seed alone is rebuilt bit for bit by any JVM on any platform, and a row never depends
 * on which rows were generated before it (the order in which features first appear). Stateless.
 */
final class SeededRows {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private static final double TWO_PI = 2 * Math.PI;
  private static final double UNIT = 0x1.0p-53;

  private SeededRows() {}

  /** SplitMix64's finaliser: a bijection of the 64-bit integers that mixes every input bit into every output bit. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The first state of row {@code row}'s SplitMix64 stream under {@code seed}. */
  private static long start(long seed, long row) {
    return mix64(seed ^ mix64(row * GOLDEN + 0x632BE59BD9B4E019L));
  }

  /**
   * out[off..off+n) = scale · N(0, 1) samples of row {@code row}, in pairs by Marsaglia's polar method
   * (u, v uniform in (−1, 1), kept when 0 &lt; s = u² + v² &lt; 1; then u·f and v·f with f =
   * sqrt(−2·ln(s)/s) are independent standard normals). It needs no sine or cosine, whose strict versions
   * allocate while reducing their argument, so generating a row allocates nothing.
   */
  static void gaussian(long seed, long row, double scale, double[] out, int off, int n) {
    long state = start(seed, row);
    for (int j = 0; j < n; j += 2) {
      double u;
      double v;
      double s;
      do {
        state += GOLDEN;
        u = 2 * ((mix64(state) >>> 11) * UNIT) - 1;
        state += GOLDEN;
        v = 2 * ((mix64(state) >>> 11) * UNIT) - 1;
        s = u * u + v * v;
      } while (s >= 1 || s == 0);
      double factor = StrictMath.sqrt(-2.0 * StrictMath.log(s) / s);
      out[off + j] = scale * (u * factor);
      if (j + 1 < n) {
        out[off + j + 1] = scale * (v * factor);
      }
    }
  }

  /** out[off..off+n) = samples of U[0, 2π) of row {@code row}. */
  static void uniformAngles(long seed, long row, double[] out, int off, int n) {
    long state = start(seed, row);
    for (int j = 0; j < n; j++) {
      state += GOLDEN;
      out[off + j] = TWO_PI * ((mix64(state) >>> 11) * UNIT);
    }
  }
}
