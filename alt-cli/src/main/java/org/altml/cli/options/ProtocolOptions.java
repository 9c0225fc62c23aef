package org.altml.cli.options;

import java.util.List;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.Order;
import org.altml.core.learner.NameSuggestion;
import org.altml.core.metric.ZeroDivisionPolicy;

/** Parses the protocol option values the learning commands share into the library's enums. */
public final class ProtocolOptions {
  private ProtocolOptions() {}

  /** Most threads a --threads option takes: far beyond any core count, short of what starts a thread per example. */
  static final int MAX_THREADS = 1024;

  /**
   * {@code --threads T}: 0 (all cores) to {@value #MAX_THREADS}.
   *
   * @throws IllegalArgumentException naming the option otherwise
   */
  public static int threads(int threads) {
    if (threads < 0 || threads > MAX_THREADS) {
      throw new IllegalArgumentException("--threads must be 0 (all cores) to " + MAX_THREADS + ": " + threads);
    }
    return threads;
  }

  /** {@code file} or {@code shuffle}, case-insensitively. */
  public static Order order(String name) {
    return switch (name.toLowerCase(java.util.Locale.ROOT)) {
      case "file" -> Order.FILE;
      case "shuffle" -> Order.SHUFFLE;
      default -> throw new IllegalArgumentException("--order must be file or shuffle: " + name
          + NameSuggestion.didYouMean(name, List.of("file", "shuffle")));
    };
  }

  /** {@code none}, {@code standardize} or {@code l2}. */
  public static FeatureScaling scaling(String name) {
    try {
      return FeatureScaling.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--scale must be none, standardize or l2: " + name + scalingNear(name), e);
    }
  }

  /** {@code spec}, {@code zero} or {@code one}. */
  public static ZeroDivisionPolicy zeroDivision(String name) {
    try {
      return ZeroDivisionPolicy.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--zero-division " + e.getMessage(), e);
    }
  }

  /** {@code "; did you mean 'standardize'?"} for a mistyped scaling ({@code standardise}), or "". */
  public static String scalingNear(String name) {
    return NameSuggestion.didYouMean(name, List.of("none", "standardize", "l2"));
  }

  /** Lower-case name of an order, as the run record and the options spell it. */
  static String name(Order order) {
    return order.name().toLowerCase(java.util.Locale.ROOT);
  }
}
