package org.altml.core.learner.kit;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * Settings of a learner kind drawn at random (seeded) from every parameter's range: a number log-uniformly over
 * 2^[-10, 10] for a real parameter, uniformly over its first {@value #INT_SPAN} values for an integer one (a kind's
 * memory may grow with them), any choice, either flag value, and an optional parameter unset half the time. Draws that
 * the kind's validation refuses (a combination it cannot run) are drawn again.
 */
public final class RandomSettings {
  /** How far above its minimum an integer parameter is drawn. */
  static final int INT_SPAN = 40;

  private RandomSettings() {}

  /**
   * Valid settings of {@code spec} drawn with {@code rnd}.
   *
   * @throws AssertionError when 1,000 draws in a row are refused
   */
  public static Settings draw(LearnerSpec spec, SplittableRandom rnd) {
    IllegalArgumentException last = null;
    for (int attempt = 0; attempt < 1000; attempt++) {
      Map<String, Object> values = new LinkedHashMap<>();
      for (Parameter<?> p : spec.parameters()) {
        values.put(p.name(), value(p, rnd));
      }
      try {
        return spec.defaults().with(values);
      } catch (IllegalArgumentException e) {
        last = e;
      }
    }
    throw new AssertionError(spec.name() + ": no valid settings in 1,000 draws; the last refused: " + last.getMessage(), last);
  }

  private static Object value(Parameter<?> p, SplittableRandom rnd) {
    if (p.defaultValue() == null && rnd.nextBoolean()) {
      return null;
    }
    if (!p.choices().isEmpty()) {
      return p.choices().get(rnd.nextInt(p.choices().size()));
    }
    if (p.isFlag()) {
      return rnd.nextBoolean();
    }
    if (p.type() == Integer.class) {
      return lowest(p) + rnd.nextInt(INT_SPAN);
    }
    double v = Math.scalb(1.0, -10 + rnd.nextInt(21)) * (1 + rnd.nextDouble()); // log-uniform over 2^[-10, 11)
    return p.type() == Float.class ? (Object) (float) v : (Object) v;
  }

  /** The smallest value an integer parameter takes. */
  private static int lowest(Parameter<?> p) {
    for (int v : new int[] {0, 1}) {
      try {
        p.check(v);
        return v;
      } catch (IllegalArgumentException e) {
        // not in range
      }
    }
    throw new AssertionError(p.name() + " takes neither 0 nor 1: draw it otherwise");
  }
}
