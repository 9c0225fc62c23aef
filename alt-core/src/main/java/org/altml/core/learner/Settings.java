package org.altml.core.learner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The hyperparameter values of one learner kind: every parameter of its {@link LearnerSpec}, with the
 * defaults filled in, in the spec's order. Immutable; {@link #with} returns a copy. Two settings are equal
 * when they name the same learner and hold the same values, and then have the same {@link #key()}: a
 * stable text that identifies a configuration in run records, model files and result stores.
 *
 * <pre>{@code
 * Settings s = LearnerRegistry.get("falt").defaults().with("eta", 0.5f).with("maxUpdates", 4);
 * s.key();   // "falt eta=0.5 maxUpdates=4 maxUpdatesFactor= bias=false precision=double"
 * }</pre>
 */
public final class Settings {
  private final LearnerSpec spec;
  private final Map<String, Object> values;

  private Settings(LearnerSpec spec, Map<String, Object> values) {
    this.spec = spec;
    this.values = Collections.unmodifiableMap(values);
  }

  /** The defaults of {@code spec} (optional parameters without a default stay unset). */
  public static Settings defaults(LearnerSpec spec) {
    Map<String, Object> v = new LinkedHashMap<>();
    for (Parameter<?> p : spec.parameters()) {
      if (v.put(p.name(), p.defaultValue()) != null || v.size() != indexOf(spec, p) + 1) {
        throw new IllegalStateException(spec.name() + " declares parameter " + p.name() + " twice");
      }
    }
    Settings s = new Settings(spec, v);
    spec.validate(s);
    return s;
  }

  private static int indexOf(LearnerSpec spec, Parameter<?> p) {
    return spec.parameters().indexOf(p);
  }

  /**
   * Settings of {@code spec} from text values by parameter name (e.g. from a command line or a model
   * file's header); parameters not named keep their defaults.
   *
   * @throws IllegalArgumentException for an unknown name, a value that does not parse or is out of range, or
   *     an empty value for a parameter that has a default (only optional ones can be unset)
   */
  public static Settings parse(LearnerSpec spec, Map<String, String> text) {
    Settings s = defaults(spec);
    Map<String, Object> v = new LinkedHashMap<>(s.values);
    for (Map.Entry<String, String> e : text.entrySet()) {
      Parameter<?> p = spec.parameter(e.getKey());
      v.put(p.name(), e.getValue() == null || e.getValue().isEmpty() ? unset(spec, p) : p.parse(e.getValue()));
    }
    Settings parsed = new Settings(spec, v);
    spec.validate(parsed);
    return parsed;
  }

  /**
   * The value of an unset {@code p}: null, allowed only for an optional parameter (one without a default);
   * a parameter with a default always has a value.
   *
   * @throws IllegalArgumentException for a parameter with a default
   */
  private static Object unset(LearnerSpec spec, Parameter<?> p) {
    if (p.defaultValue() != null) {
      throw new IllegalArgumentException(spec.name() + " parameter " + p.name() + " needs a value (default " + p.format(p.defaultValue())
          + ")");
    }
    return null;
  }

  /**
   * Checks that these settings are of {@code spec}'s kind, as {@link LearnerSpec#create} requires: another kind's
   * settings would build this kind's learner carrying the other's name and parameters (reports and run records would
   * name the wrong kind, and its model file would not load).
   *
   * @throws IllegalArgumentException naming both kinds when they differ
   */
  public void requireKind(LearnerSpec spec) {
    if (!learner().equals(spec.name())) {
      throw new IllegalArgumentException("settings of " + learner() + " given to " + spec.name());
    }
  }

  /** The learner kind these settings are for. */
  public LearnerSpec spec() {
    return spec;
  }

  /** The learner kind's name. */
  public String learner() {
    return spec.name();
  }

  /**
   * A copy with {@code name} set to {@code value} (null unsets an optional parameter). A parameter that another,
   * set one is given instead of ({@link Parameter#alternativeTo()}: {@code maxUpdates} while {@code maxUpdatesFactor}
   * is set) is refused even at its default value, which would otherwise be ignored in silence: unset the other first.
   *
   * @throws IllegalArgumentException for an unknown name, a wrongly typed or out-of-range value, null for a
   *     parameter that has a default, a parameter whose alternative is set, or a combination the learner refuses
   */
  public Settings with(String name, Object value) {
    Parameter<?> p = spec.parameter(name);
    if (value != null) {
      checkAlternativeUnset(p, values);
    }
    Map<String, Object> v = new LinkedHashMap<>(values);
    v.put(p.name(), value == null ? unset(spec, p) : p.check(value));
    Settings s = new Settings(spec, v);
    spec.validate(s);
    return s;
  }

  /**
   * A copy with every entry of {@code values} set (null unsets an optional parameter), validated together:
   * for parameters that must change at once, such as a kernel learner's {@code budget} and
   * {@code budgetPolicy}, where setting either alone would be refused.
   *
   * @throws IllegalArgumentException as {@link #with(String, Object)}
   */
  public Settings with(Map<String, ?> values) {
    Map<String, Object> v = new LinkedHashMap<>(this.values);
    for (Map.Entry<String, ?> e : values.entrySet()) {
      Parameter<?> p = spec.parameter(e.getKey());
      v.put(p.name(), e.getValue() == null ? unset(spec, p) : p.check(e.getValue()));
    }
    for (Map.Entry<String, ?> e : values.entrySet()) {
      if (e.getValue() != null) {
        checkAlternativeUnset(spec.parameter(e.getKey()), v);
      }
    }
    Settings s = new Settings(spec, v);
    spec.validate(s);
    return s;
  }

  /** Refuses giving {@code p} while a parameter given instead of it is set in {@code values}. */
  private void checkAlternativeUnset(Parameter<?> p, Map<String, Object> values) {
    for (Parameter<?> other : spec.parameters()) {
      if (p.name().equals(other.alternativeTo()) && values.get(other.name()) != null) {
        throw new IllegalArgumentException(spec.name() + ": " + other.name() + " is set, and it is given instead of " + p.name()
            + "; unset it first (with(\"" + other.name() + "\", null)) or give one of them");
      }
    }
  }

  /** The value of {@code p}, or null when the optional parameter is unset. */
  public <T> T get(Parameter<T> p) {
    Object v = values.get(p.name());
    if (!values.containsKey(p.name())) {
      throw new IllegalArgumentException(spec.name() + " has no parameter " + p.name());
    }
    return v == null ? null : p.type().cast(v);
  }

  /** Whether the optional parameter {@code p} has a value. */
  public boolean isSet(Parameter<?> p) {
    return values.get(p.name()) != null;
  }

  /** Every value by parameter name, in the spec's order (unset ones map to null); unmodifiable. */
  public Map<String, Object> values() {
    return values;
  }

  /**
   * {@link #asText()} without the parameters that a set one is given instead of ({@link Parameter#alternativeTo()}:
   * maxUpdates while maxUpdatesFactor is set), whose values decide nothing: the settings as a report should show them.
   */
  public Map<String, String> asTextInEffect() {
    Map<String, String> t = asText();
    for (Parameter<?> p : spec.parameters()) {
      if (p.alternativeTo() != null && values.get(p.name()) != null) {
        t.remove(p.alternativeTo());
      }
    }
    return t;
  }

  /** Every value in its text form by name, in the spec's order (unset ones as ""); what {@link #parse} reads. */
  public Map<String, String> asText() {
    Map<String, String> t = new LinkedHashMap<>();
    for (Parameter<?> p : spec.parameters()) {
      Object v = values.get(p.name());
      t.put(p.name(), v == null ? "" : p.format(v));
    }
    return t;
  }

  /** The stable identity of this configuration: the learner name, then {@code name=value} in the spec's order. */
  public String key() {
    StringBuilder sb = new StringBuilder(spec.name());
    asText().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }

  /** Only the set values, for messages: {@code falt eta=1.0 maxUpdates=1 bias=false precision=double}. */
  public String describe() {
    StringBuilder sb = new StringBuilder(spec.name());
    asText().forEach((k, v) -> {
      if (!v.isEmpty()) {
        sb.append(' ').append(k).append('=').append(v);
      }
    });
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Settings s && s.spec.name().equals(spec.name()) && s.values.equals(values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(spec.name(), values);
  }

  /** {@link #key()}. */
  @Override
  public String toString() {
    return key();
  }
}
