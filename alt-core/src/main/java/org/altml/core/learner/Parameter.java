package org.altml.core.learner;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One typed hyperparameter of a learner kind ({@link LearnerSpec#parameters()}): its name, the paper's
 * symbol, what it means, its type, default, valid range and search grids. Parameters with the same name
 * mean the same thing in every learner that takes them (FALT's and SALT's {@code eta} are one parameter),
 * so the CLI shows one option for both and an experiment can vary it across learners.
 *
 * <p>Values are {@link Float}, {@link Double}, {@link Integer}, {@link Boolean} or {@link String} (a
 * choice among {@link #choices()}). Floats exist because the learners' step sizes are float
 * hyperparameters (as in the paper's Matlab code): a value parsed once as float gives the same run from the
 * CLI, a model file and the library. Immutable and thread-safe.
 *
 * @param <T> the value type
 */
public final class Parameter<T> {
  private final String name;
  private final String option;
  private final String symbol;
  private final String description;
  private final Class<T> type;
  private final T defaultValue;
  private final double min;
  private final boolean minExclusive;
  private final double max;
  private final List<String> choices;
  private final List<T> paperGrid;
  private final String alternativeTo;

  private Parameter(
      String name, String option, String symbol, String description, Class<T> type, T defaultValue, double min,
      boolean minExclusive, double max, List<String> choices, List<T> paperGrid) {
    this(name, option, symbol, description, type, defaultValue, min, minExclusive, max, choices, paperGrid, null);
  }

  private Parameter(
      String name, String option, String symbol, String description, Class<T> type, T defaultValue, double min,
      boolean minExclusive, double max, List<String> choices, List<T> paperGrid, String alternativeTo) {
    this.name = requireName(name);
    this.option = Objects.requireNonNull(option, "option");
    this.symbol = Objects.requireNonNull(symbol, "symbol");
    this.description = Objects.requireNonNull(description, "description");
    this.type = type;
    this.min = min;
    this.minExclusive = minExclusive;
    this.max = max;
    this.choices = List.copyOf(choices);
    this.defaultValue = defaultValue == null ? null : check(defaultValue);
    this.paperGrid = List.copyOf(paperGrid);
    for (T v : this.paperGrid) {
      check(v);
    }
    this.alternativeTo = alternativeTo == null ? null : requireName(alternativeTo);
  }

  private static String requireName(String name) {
    if (name == null || !name.matches("[a-z][A-Za-z0-9]*")) {
      throw new IllegalArgumentException("a parameter name is lowerCamelCase ASCII: '" + name + "'");
    }
    return name;
  }

  /**
   * A positive, finite float parameter such as η (value &gt; 0).
   *
   * @param paperGrid the values the paper searches (may be empty)
   */
  public static Parameter<Float> positiveFloat(
      String name, String symbol, String description, float defaultValue, List<Float> paperGrid) {
    return new Parameter<>(name, optionOf(name), symbol, description, Float.class, defaultValue, 0, true,
        Double.POSITIVE_INFINITY, List.of(), paperGrid);
  }

  /** A positive, finite double parameter (value &gt; 0), without a default when {@code defaultValue} is null. */
  public static Parameter<Double> positiveDouble(
      String name, String symbol, String description, Double defaultValue, List<Double> paperGrid) {
    return new Parameter<>(name, optionOf(name), symbol, description, Double.class, defaultValue, 0, true,
        Double.POSITIVE_INFINITY, List.of(), paperGrid);
  }

  /** An int parameter in [min, max], without a default when {@code defaultValue} is null. */
  public static Parameter<Integer> integer(
      String name, String symbol, String description, Integer defaultValue, int min, int max) {
    return integer(name, symbol, description, defaultValue, min, max, List.of());
  }

  /**
   * An int parameter in [min, max] that the paper's tuning searches over {@code paperGrid}, without a default
   * when {@code defaultValue} is null.
   */
  public static Parameter<Integer> integer(
      String name, String symbol, String description, Integer defaultValue, int min, int max, List<Integer> paperGrid) {
    return new Parameter<>(name, optionOf(name), symbol, description, Integer.class, defaultValue, min, false, max,
        List.of(), paperGrid);
  }

  /** An on/off switch, off by default. */
  public static Parameter<Boolean> flag(String name, String description) {
    return new Parameter<>(name, optionOf(name), "", description, Boolean.class, false, 0, false, 0, List.of(), List.of());
  }

  /** A choice among {@code choices} (lower-case words), {@code defaultValue} one of them. */
  public static Parameter<String> choice(String name, String description, String defaultValue, List<String> choices) {
    if (choices.isEmpty()) {
      throw new IllegalArgumentException("a choice needs at least one value: " + name);
    }
    return new Parameter<>(name, optionOf(name), "", description, String.class, defaultValue, 0, false, 0, choices,
        List.of());
  }

  /** This parameter under another command-line option name (e.g. {@code "--sigma2"}). */
  public Parameter<T> withOption(String optionName) {
    if (!optionName.startsWith("--")) {
      throw new IllegalArgumentException("an option name starts with --: " + optionName);
    }
    return new Parameter<>(name, optionName, symbol, description, type, defaultValue, min, minExclusive, max, choices,
        paperGrid, alternativeTo);
  }

  /**
   * This parameter with another paper grid: the same name, option, type and range, for a kind whose paper
   * searches other values (e.g. ELM-OMLL's C over 2^[-10..10] where PA's C is searched over 2^[-15..10]).
   */
  public Parameter<T> withPaperGrid(List<T> grid) {
    return new Parameter<>(name, option, symbol, description, type, defaultValue, min, minExclusive, max, choices, grid,
        alternativeTo);
  }

  /**
   * This parameter as the alternative to {@code other}: a user gives one of the two, never both (e.g. the M
   * factor instead of M), so that tuning does not search this one's paper grid when {@code other} was given,
   * even at its default value (which the kind's validation cannot tell from not given).
   */
  public Parameter<T> insteadOf(String other) {
    return new Parameter<>(name, option, symbol, description, type, defaultValue, min, minExclusive, max, choices, paperGrid,
        other);
  }

  /** {@code maxUpdatesFactor} -> {@code --max-updates-factor}. */
  private static String optionOf(String name) {
    return "--" + name.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
  }

  /** The name, lowerCamelCase: the key in {@link Settings}, model files and run records. */
  public String name() {
    return name;
  }

  /** The command-line option, e.g. {@code --max-updates}. */
  public String option() {
    return option;
  }

  /** The paper's symbol (η, δ, M, C, σ²), or "" when it has none. */
  public String symbol() {
    return symbol;
  }

  /** One line saying what it does, for help texts. */
  public String description() {
    return description;
  }

  /** The value type. */
  public Class<T> type() {
    return type;
  }

  /** The default value, or null when the parameter is optional and unset by default. */
  public T defaultValue() {
    return defaultValue;
  }

  /** Whether the parameter is an on/off switch (a command-line flag without a value). */
  public boolean isFlag() {
    return type == Boolean.class;
  }

  /** The allowed values of a choice parameter (empty for the others). */
  public List<String> choices() {
    return choices;
  }

  /** The values the paper's tuning searches (docs/spec.md#grids), or empty. */
  public List<T> paperGrid() {
    return paperGrid;
  }

  /** The parameter this one is given instead of ({@link #insteadOf(String)}), or null. */
  public String alternativeTo() {
    return alternativeTo;
  }

  /** The valid range in words, e.g. {@code "> 0"} or {@code "in [1, 2147483647]"} or {@code "double|float"}. */
  public String range() {
    if (!choices.isEmpty()) {
      return String.join("|", choices);
    }
    if (type == Boolean.class) {
      return "true|false";
    }
    if (minExclusive && max == Double.POSITIVE_INFINITY) {
      return "> 0";
    }
    return "in [" + (long) min + ", " + (long) max + "]";
  }

  /**
   * Checks {@code value} against the type and range. A number of another type is taken as this parameter's
   * type when that is exact in meaning: any number for a float or double parameter ({@code 0.5} for η, a float
   * parameter, is 0.5f; {@code 4} for σ² is 4.0), an integral number within range for an integer one ({@code 4L}
   * for M is 4; 2.5 is refused). A float given for a double parameter means its shortest decimal ({@code 0.1f}
   * for σ² is 0.1), and an enum constant given for a choice its lower-case name ({@code Precision.FLOAT} is
   * "float").
   *
   * @return {@code value} as the parameter's type
   * @throws IllegalArgumentException naming the parameter, the value and the valid range
   */
  public T check(Object value) {
    value = converted(value);
    if (!type.isInstance(value)) {
      String article = "AEIOU".indexOf(type.getSimpleName().charAt(0)) >= 0 ? "an " : "a ";
      throw new IllegalArgumentException(name + " takes " + article + type.getSimpleName() + ", not " + value
          + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")"));
    }
    boolean ok;
    if (value instanceof Number n) {
      double v = n.doubleValue();
      ok = Double.isFinite(v) && (minExclusive ? v > min : v >= min) && v <= max;
    } else if (value instanceof String s) {
      ok = choices.contains(s);
    } else {
      ok = true;
    }
    if (!ok) {
      throw new IllegalArgumentException(name + (symbol.isEmpty() ? "" : " (" + symbol + ")") + " must be " + range()
          + (value instanceof Number ? " and finite" : "") + ": " + value);
    }
    return type.cast(value);
  }

  /** {@code value} as this parameter's numeric type when it is a number of another type and the change is exact in meaning. */
  private Object converted(Object value) {
    if (value instanceof Enum<?> e && type == String.class) {
      return e.name().toLowerCase(Locale.ROOT); // Precision.FLOAT for a choice among "double" and "float"
    }
    if (!(value instanceof Number n) || type.isInstance(value)) {
      return value;
    }
    if (type == Float.class) {
      float f = n.floatValue();
      double d = n.doubleValue();
      if ((f == 0f && d != 0) || (Float.isInfinite(f) && Double.isFinite(d))) { // "must be > 0: 0.0" of 1e-50 given
        throw new IllegalArgumentException(name + (symbol.isEmpty() ? "" : " (" + symbol + ")") + " must be " + range()
            + " and within a float's range (about 1.4e-45 to 3.4e38): " + n);
      }
      return f;
    }
    if (type == Double.class) {
      // a float's meaning is its shortest decimal (0.1f is 0.1), not its binary value (0.10000000149011612)
      return n instanceof Float f ? Double.parseDouble(Float.toString(f)) : n.doubleValue();
    }
    if (type == Integer.class) {
      long l = n.longValue();
      boolean exact = n instanceof Long || n.doubleValue() == l; // a long as it is; 2.5 and NaN are not integers
      if (exact && l == (int) l) {
        return (int) l;
      }
    }
    return value;
  }

  private static final java.util.regex.Pattern POWER_OF_TWO = java.util.regex.Pattern.compile("2\\^(-?\\d{1,4})");

  /**
   * Parses the text form of a value (as {@link #format} writes it and a user types it; a real number may also be
   * written as a power of two, {@code 2^-3}).
   *
   * @throws IllegalArgumentException naming the parameter when the text is not a valid value
   */
  public T parse(String text) {
    Objects.requireNonNull(text, "text");
    Object v;
    if (beyondFloatRange(text)) {
      // "must be finite: Infinity" would be about a value nobody typed
      throw new IllegalArgumentException(name + (symbol.isEmpty() ? "" : " (" + symbol + ")") + " must be " + range()
          + " and within a float's range (about 1.4e-45 to 3.4e38): '" + text + "'");
    }
    java.util.regex.Matcher power = POWER_OF_TWO.matcher(text.trim());
    try {
      if (power.matches() && (type == Float.class || type == Double.class)) {
        v = converted(Math.scalb(1.0, Integer.parseInt(power.group(1)))); // 2^-3, as grids and the paper write them
      } else if (type == Float.class) {
        v = Float.parseFloat(text.trim());
      } else if (type == Double.class) {
        v = Double.parseDouble(text.trim());
      } else if (type == Integer.class) {
        v = Integer.parseInt(text.trim());
      } else if (type == Boolean.class) {
        v = switch (text.trim().toLowerCase(Locale.ROOT)) {
          case "true" -> true;
          case "false" -> false;
          default -> throw new NumberFormatException();
        };
      } else {
        v = text.trim().toLowerCase(Locale.ROOT);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be " + (type == Boolean.class ? "true or false" : "a number "
          + range()) + ": '" + text + "'");
    }
    return check(v);
  }

  /**
   * Whether {@code text} is, for a float parameter, a number finite and non-zero as typed (a decimal, or a power of
   * two {@code 2^k}) that a float holds as infinity or 0: 1e300, 2^200, 1e-300. False for other types and for text
   * that is not a number.
   */
  public boolean beyondFloatRange(String text) {
    if (type != Float.class) {
      return false;
    }
    double typed;
    try {
      java.util.regex.Matcher power = POWER_OF_TWO.matcher(text.trim());
      typed = power.matches() ? Math.scalb(1.0, Integer.parseInt(power.group(1))) : Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      return false;
    }
    float f = (float) typed;
    return Double.isFinite(typed) && typed != 0 && (Float.isInfinite(f) || f == 0f);
  }

  /** The canonical text form of {@code value} ({@link Float#toString} for floats): what {@link #parse} reads back. */
  public String format(Object value) {
    return String.valueOf(check(value));
  }

  /** Name and type, e.g. {@code eta: Float}. */
  @Override
  public String toString() {
    return name + ": " + type.getSimpleName();
  }
}
