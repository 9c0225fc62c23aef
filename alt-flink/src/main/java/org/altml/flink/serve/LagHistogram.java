package org.altml.flink.serve;

/**
 * The label lag's distribution: milliseconds from serving an example to learning from it, in buckets growing by 5 %
 * (bucket 0 holds lags of 0 ms, bucket b &gt; 0 lags above 1.05^(b-2) up to 1.05^(b-1) ms), so a quantile is known within
 * 5 %; a fixed array, checkpointed as it is.
 */
final class LagHistogram {
  private static final double GROWTH = 1.05;
  /** Enough buckets for 1.05^458 ms, beyond a year. */
  static final int BUCKETS = 460;
  private final long[] counts;
  private long max;
  private long total;

  /** A histogram from {@link #array()}'s form (null or empty: a new one). */
  LagHistogram(long[] state) {
    counts = new long[BUCKETS];
    if (state != null && state.length == BUCKETS + 1) {
      System.arraycopy(state, 0, counts, 0, BUCKETS);
      max = state[BUCKETS];
      for (long c : counts) {
        total += c;
      }
    }
  }

  /** Adds one lag of {@code ms} (negative: 0). */
  void add(long ms) {
    long v = Math.max(ms, 0);
    int b = v == 0 ? 0 : (int) Math.min(BUCKETS - 1, 1 + Math.ceil(Math.log(v) / Math.log(GROWTH)));
    counts[b]++;
    total++;
    max = Math.max(max, v);
  }

  long count() {
    return total;
  }

  /** The q-quantile (0 < q ≤ 1), as its bucket's upper bound (at most the largest lag), or -1 when empty. */
  long quantile(double q) {
    if (total == 0) {
      return -1;
    }
    long rank = Math.max(1, (long) Math.ceil(q * total));
    long seen = 0;
    for (int b = 0; b < BUCKETS; b++) {
      seen += counts[b];
      if (seen >= rank) {
        return Math.min(max, b == 0 ? 0 : (long) Math.floor(Math.pow(GROWTH, b - 1)));
      }
    }
    return max;
  }

  /** The state: the buckets, then the largest lag. */
  long[] array() {
    long[] a = java.util.Arrays.copyOf(counts, BUCKETS + 1);
    a[BUCKETS] = max;
    return a;
  }

  /** {@code ,"labelLagMs":{"count":N,"p50":..,"p99":..,"max":..}} (null quantiles when empty). */
  void appendTo(StringBuilder sb) {
    sb.append(",\"labelLagMs\":{\"count\":").append(total);
    for (String[] q : new String[][] {{"p50", "0.5"}, {"p99", "0.99"}}) {
      long v = quantile(Double.parseDouble(q[1]));
      sb.append(",\"").append(q[0]).append("\":").append(v < 0 ? "null" : Long.toString(v));
    }
    sb.append(",\"max\":").append(total == 0 ? "null" : Long.toString(max)).append('}');
  }
}
