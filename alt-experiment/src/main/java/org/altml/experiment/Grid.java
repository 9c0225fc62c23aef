package org.altml.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * A grid of settings of one learner kind: base settings and one axis of values per searched parameter; the
 * settings are the Cartesian product in axis order (the last axis varies fastest), the grid order that
 * breaks selection ties. Which parameters are searched comes from the learner kind itself ({@link
 * Parameter#paperGrid()}, docs/spec.md#grids: η, δ, σ² ∈ 2^[-10..10], C ∈ 2^[-15..10], M factor ∈ 2^[-3..2];
 * and the ELM learners': H ∈ {100, ..., 1000}, ELM-OMLL's C ∈ 2^[-10..10]; and whatever grid a later kind declares), so
 * the grid never lists learners by hand. Immutable.
 */
public final class Grid {
  /** How the axes of parameters without an explicit list are filled. */
  public enum Mode {
    /** Each parameter's paper grid, whole. */
    PAPER,
    /** Every other value of each paper grid ({@link #coarse}), about 2^-(axes) of the work. */
    COARSE,
    /** No axis unless given explicitly: the base settings only. */
    NONE;

    /** {@code paper}, {@code coarse} or {@code none}, case-insensitively. */
    public static Mode parse(String text) {
      for (Mode m : values()) {
        if (m.name().equalsIgnoreCase(text.strip())) {
          return m;
        }
      }
      throw new IllegalArgumentException("a grid is paper, coarse or none: " + text
          + org.altml.core.learner.NameSuggestion.didYouMean(text.strip(), List.of("paper", "coarse", "none")));
    }
  }

  /**
   * One searched parameter and its values, in search order.
   *
   * @param parameter the parameter
   * @param values its values (checked against the parameter), at least one
   */
  public record Axis(Parameter<?> parameter, List<Object> values) {
    /** Checks and copies the values. */
    public Axis {
      Objects.requireNonNull(parameter, "parameter");
      if (values.isEmpty()) {
        throw new IllegalArgumentException(parameter.name() + ": an axis needs at least one value");
      }
      List<Object> checked = new ArrayList<>(values.size());
      for (Object v : values) {
        checked.add(parameter.check(v));
      }
      values = List.copyOf(checked);
    }

    /** The values as text ({@link Parameter#format}). */
    public List<String> labels() {
      return values.stream().map(parameter::format).toList();
    }
  }

  private final Settings base;
  private final List<Axis> axes;

  /** A grid of {@code base} varied along {@code axes}. */
  public Grid(Settings base, List<Axis> axes) {
    this.base = Objects.requireNonNull(base, "base");
    this.axes = List.copyOf(axes);
    for (Axis a : this.axes) {
      base.spec().parameter(a.parameter().name()); // the kind takes it
    }
  }

  /**
   * The grid of {@code base}'s kind: every parameter with an explicit list in {@code explicit} (by
   * parameter name, values as text) gets that list; every other parameter not in {@code fixed} that has a
   * paper grid gets it whole ({@link Mode#PAPER}) or {@link #coarse} ({@link Mode#COARSE}). A paper-grid
   * axis whose first value the base settings refuse (the M factor when M itself was fixed) is left out.
   *
   * @param fixed names of parameters the user set to one value (kept as in {@code base})
   * @throws IllegalArgumentException for an unknown parameter or a value out of range, naming it
   */
  public static Grid of(Settings base, Mode mode, Map<String, List<String>> explicit, java.util.Set<String> fixed) {
    List<Axis> axes = new ArrayList<>();
    for (String name : explicit.keySet()) {
      base.spec().parameter(name);
    }
    for (Parameter<?> p : base.spec().parameters()) {
      List<String> given = explicit.get(p.name());
      if (given != null) {
        List<Object> values = new ArrayList<>();
        for (String text : given) {
          Object v = p.parse(text);
          if (!values.contains(v)) { // a value listed twice (0.0625 and 2^-4) is one setting, not two wins in the tally
            values.add(v);
          }
        }
        base.with(p.name(), values.get(0)); // a combination the kind refuses is named now
        axes.add(new Axis(p, values));
        continue;
      }
      if (fixed.contains(p.name()) || p.paperGrid().isEmpty() || mode == Mode.NONE || alternativeGiven(base, p, explicit, fixed)) {
        continue;
      }
      List<Object> values = new ArrayList<>(mode == Mode.PAPER ? p.paperGrid() : coarse(p));
      try {
        base.with(p.name(), values.get(0));
      } catch (IllegalArgumentException e) {
        continue; // e.g. the M factor next to an explicit M
      }
      axes.add(new Axis(p, values));
    }
    return new Grid(base, axes);
  }

  /**
   * Whether the user gave a parameter that {@code p} is an alternative to, or one that is an alternative to
   * {@code p} ({@link Parameter#insteadOf}): the M factor's grid is not searched when M was given, even as 1.
   */
  private static boolean alternativeGiven(Settings base, Parameter<?> p, Map<String, List<String>> explicit,
      java.util.Set<String> fixed) {
    for (Parameter<?> q : base.spec().parameters()) {
      boolean given = fixed.contains(q.name()) || explicit.containsKey(q.name());
      if (given && (q.name().equals(p.alternativeTo()) || p.name().equals(q.alternativeTo()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every other value of {@code p}'s paper grid: the positions with the parity of the default's position
   * (so the default stays in), or of the middle position when the default is not in the grid. For
   * 2^[-10..10] with default 1 these are the even exponents -10, -8, ..., 10; for the M factor 2^[-3..2],
   * 2^-2, 1, 4; for C ∈ 2^[-15..10], the even exponents -14 .. 10.
   */
  public static List<?> coarse(Parameter<?> p) {
    List<?> all = p.paperGrid();
    int anchor = p.defaultValue() == null ? -1 : all.indexOf(p.defaultValue());
    if (anchor < 0) {
      anchor = all.size() / 2;
    }
    List<Object> out = new ArrayList<>();
    for (int i = anchor % 2; i < all.size(); i += 2) {
      out.add(all.get(i));
    }
    return out;
  }

  /**
   * Parses an explicit value list: comma-separated values, each a number as the option takes it or a
   * power-of-two range {@code 2^a..2^b} (every integer exponent from a to b).
   *
   * @throws IllegalArgumentException naming the text when a range is malformed
   */
  public static List<String> parseList(String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(",", -1)) { // -1: a trailing empty value is an error too (',' gave an empty list)
      String t = part.strip();
      if (t.isEmpty()) {
        throw new IllegalArgumentException("an empty value in the list '" + text + "'");
      }
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("2\\^(-?\\d+)\\.\\.2\\^(-?\\d+)").matcher(t);
      java.util.regex.Matcher one = java.util.regex.Pattern.compile("2\\^(-?\\d+)").matcher(t);
      if (m.matches()) {
        int lo = Integer.parseInt(m.group(1));
        int hi = Integer.parseInt(m.group(2));
        if (lo > hi || hi - lo > 64) {
          throw new IllegalArgumentException("a range 2^a..2^b needs a <= b, at most 65 values: " + t);
        }
        for (int e = lo; e <= hi; e++) {
          out.add(powerOfTwo(e));
        }
      } else if (one.matches()) {
        out.add(powerOfTwo(Integer.parseInt(one.group(1))));
      } else {
        out.add(t);
      }
    }
    return out;
  }

  /** 2^e as an option value: a whole number without a fraction (so that integer parameters take it), else a double. */
  private static String powerOfTwo(int e) {
    return e >= 0 && e < 63 ? Long.toString(1L << e) : Double.toString(Math.scalb(1.0, e));
  }

  /** The settings every grid point starts from. */
  public Settings base() {
    return base;
  }

  /** The searched parameters, in the kind's parameter order. */
  public List<Axis> axes() {
    return axes;
  }

  /** Number of settings, the product of the axis sizes. */
  public int size() {
    long n = 1;
    for (Axis a : axes) {
      n *= a.values().size();
    }
    if (n > 10_000_000) {
      throw new IllegalArgumentException("the grid has " + n + " settings, more than 10,000,000: search fewer values");
    }
    return (int) n;
  }

  /** The grid point at {@code coordinates} (one value position per axis). */
  public Settings at(int[] coordinates) {
    Settings s = base;
    for (int a = 0; a < axes.size(); a++) {
      Axis axis = axes.get(a);
      s = s.with(axis.parameter().name(), axis.values().get(coordinates[a]));
    }
    return s;
  }

  /** The coordinates of the grid point with index {@code index} (last axis fastest). */
  public int[] coordinates(int index) {
    int[] c = new int[axes.size()];
    for (int a = axes.size() - 1; a >= 0; a--) {
      int n = axes.get(a).values().size();
      c[a] = index % n;
      index /= n;
    }
    return c;
  }

  /** The index of the grid point at {@code coordinates}. */
  public int index(int[] coordinates) {
    int index = 0;
    for (int a = 0; a < axes.size(); a++) {
      index = index * axes.get(a).values().size() + coordinates[a];
    }
    return index;
  }

  /** Every grid point, in grid order. */
  public List<Settings> settings() {
    int n = size();
    List<Settings> all = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      all.add(at(coordinates(i)));
    }
    return Collections.unmodifiableList(all);
  }

  /** The axes in words, e.g. {@code eta: 21 values (2^-10..2^10) × maxUpdatesFactor: 6 values}. */
  public String describe() {
    if (axes.isEmpty()) {
      return "one setting (" + base.describe() + ")";
    }
    StringBuilder sb = new StringBuilder();
    for (Axis a : axes) {
      sb.append(sb.length() == 0 ? "" : " × ").append(a.parameter().name()).append(": ")
          .append(a.values().size()).append(a.values().size() == 1 ? " value" : " values");
    }
    return sb.append(" = ").append(String.format(Locale.ROOT, "%,d", size())).append(" settings").toString();
  }

  /** The searched values by parameter name, as text. */
  public Map<String, List<String>> asText() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    axes.forEach(a -> m.put(a.parameter().name(), a.labels()));
    return m;
  }
}
