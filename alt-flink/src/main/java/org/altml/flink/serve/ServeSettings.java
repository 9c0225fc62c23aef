package org.altml.flink.serve;

import java.io.Serializable;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.flink.training.LearnerSetup;

/**
 * What the serving operator needs: the learner's setup (L, settings, seed, the metrics' zero-division policy) and the
 * bounds of the examples waiting for labels.
 *
 * @param setup the learner and its metrics
 * @param labelTtlMs how long an example waits for its labels (and labels for their record), processing time
 * @param maxPending the most examples waiting at once: when full, the oldest is evicted
 * @param publishEvery publish the model every N updates (0: only at the end of a bounded run)
 * @param reportEveryMs a report every MS of processing time (0: only at the end of a bounded run)
 */
public record ServeSettings(LearnerSetup setup, long labelTtlMs, long maxPending, long publishEvery, long reportEveryMs)
    implements Serializable {
  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*(ms|s|m|min|h|d)");

  /** Checks the bounds. */
  public ServeSettings {
    if (labelTtlMs < 1) {
      throw new IllegalArgumentException("--label-ttl must be at least 1ms, not " + labelTtlMs + "ms");
    }
    if (maxPending < 1) {
      throw new IllegalArgumentException("--max-pending must be >= 1, not " + maxPending);
    }
    if (publishEvery < 0) {
      throw new IllegalArgumentException("--publish-every must be >= 0 (0: only at the end of a bounded run), not " + publishEvery);
    }
    if (reportEveryMs < 0) {
      throw new IllegalArgumentException("--report-every-ms must be >= 0 (0: only at the end of a bounded run), not " + reportEveryMs);
    }
  }

  /**
   * Milliseconds of a duration as {@code 30s}, {@code 10m}, {@code 1h}, {@code 500ms}, {@code 2d} ({@code min} for
   * minutes too).
   *
   * @throws IllegalArgumentException naming the option and the forms
   */
  public static long durationMs(String option, String text) {
    Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(option + " is a number and a unit (ms, s, m, h or d), e.g. 30s, 10m, 1h; not '" + text + "'");
    }
    long n = Long.parseLong(m.group(1));
    long unit = switch (m.group(2)) {
      case "ms" -> 1;
      case "s" -> 1000;
      case "m", "min" -> 60_000;
      case "h" -> 3_600_000;
      default -> 86_400_000;
    };
    if (n > Long.MAX_VALUE / 4 / unit) {
      throw new IllegalArgumentException(option + " " + text + " is too long");
    }
    return n * unit;
  }
}
