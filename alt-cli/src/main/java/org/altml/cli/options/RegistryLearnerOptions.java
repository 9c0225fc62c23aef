package org.altml.cli.options;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.features.FeatureMapComposer;
import org.altml.core.features.FeatureMapRegistry;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import picocli.CommandLine;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The learner options of {@code evaluate}, {@code prequential} and {@code train}, built from {@link
 * LearnerRegistry} rather than written by hand: {@code --learner NAME} and, for every distinct
 * {@link Parameter} of the registered learner kinds, one option named {@link Parameter#option()} (a flag
 * for a Boolean parameter). A command installs them with {@code @Command(modelTransformer =
 * RegistryLearnerOptions.Required.class)} (or {@link Optional} where another option can stand in for
 * {@code --learner}) and turns what the user typed into {@link Settings} with {@link #settings}.
 *
 * <p>Feature maps come from {@link FeatureMapRegistry} the same way: {@code --feature-map NAME} and one
 * option for every distinct parameter of the registered maps ({@code --map-dim}, {@code --sigma2}); with
 * {@code --feature-map}, the settings are those of the composite learner kind {@code LEARNER+MAP} (a
 * {@link org.altml.core.features.MappedSpec}, found by that name in {@link LearnerRegistry}), which takes
 * the learner's parameters and the map's. A parameter a learner kind and a map both take (σ², shared with
 * the kernel learners) is one option: options are merged by parameter name, and each kind parses the
 * value with its own {@link Parameter}.
 *
 * <p>Values stay text until {@link Settings#parse}, and only the options the user gave are passed, so
 * every default comes from the registry. Errors name the command-line option, never a Java name: an option
 * the chosen learner does not take ({@code --delta applies to salt only, not falt}), a value out of range
 * ({@code --eta must be > 0 and finite: -1}), {@code --max-updates} together with
 * {@code --max-updates-factor}.
 */
public final class RegistryLearnerOptions {
  /** The option naming the learner kind. */
  public static final String LEARNER = "--learner";

  /** The option naming the feature map the learner runs on. */
  static final String FEATURE_MAP = "--feature-map";

  /**
   * The distinct parameters of every registered learner kind and feature map, by option, in a merged
   * declaration order.
   */
  private static final Map<String, Parameter<?>> PARAMETERS = distinctParameters(Owners.ALL);

  private RegistryLearnerOptions() {}

  /** Installs the options with {@code --learner} required. */
  public static final class Required implements IModelTransformer {
    /** Created by picocli. */
    public Required() {}

    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, true);
    }
  }

  /** Installs the options with {@code --learner} optional (the command checks when it is needed). */
  public static final class Optional implements IModelTransformer {
    /** Created by picocli. */
    public Optional() {}

    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, false);
    }
  }

  /**
   * Adds {@code --learner} and the parameter options to {@code spec}, ahead of its own options (as the
   * mixin that listed the learners by hand showed them).
   */
  static CommandSpec install(CommandSpec spec, boolean learnerRequired) {
    List<OptionSpec> own = new ArrayList<>(spec.options());
    own.forEach(spec::remove);
    spec.addOption(learnerOption(learnerRequired));
    spec.addOption(featureMapOption());
    for (Parameter<?> p : PARAMETERS.values()) {
      spec.addOption(parameterOption(p));
    }
    own.forEach(spec::addOption);
    return spec;
  }

  private static OptionSpec learnerOption(boolean required) {
    List<String> lines = new ArrayList<>();
    lines.add("The learner" + (required ? "" : " (required without --from)") + ", one of:");
    for (LearnerSpec s : LearnerRegistry.all()) {
      lines.add("  " + s.name() + ": " + escape(s.description()));
    }
    return OptionSpec.builder(LEARNER)
        .paramLabel("NAME")
        .type(String.class)
        .required(required)
        .completionCandidates(LearnerRegistry.names())
        .converters(name -> {
          String canonical = LearnerRegistry.canonicalName(name); // FALT is falt
          if (!LearnerRegistry.names().contains(canonical)) { // a composite name is given with --feature-map
            throw new CommandLine.TypeConversionException(
                "expected one of " + LearnerRegistry.names() + " but was '" + name + "'" + LearnerRegistry.didYouMean(name));
          }
          return canonical;
        })
        .description(lines.toArray(String[]::new))
        .build();
  }

  private static OptionSpec featureMapOption() {
    List<String> lines = new ArrayList<>();
    lines.add("Run a linear learner (" + String.join(", ", linearNames()) + ") on mapped features z(x), one of:");
    for (FeatureMapSpec m : FeatureMapRegistry.all()) {
      lines.add("  " + m.name() + ": " + escape(m.description()));
    }
    return OptionSpec.builder(FEATURE_MAP)
        .paramLabel("MAP")
        .type(String.class)
        .completionCandidates(FeatureMapRegistry.names())
        .converters(name -> {
          // RFF is rff, as FALT is falt
          String canonical = name.toLowerCase(java.util.Locale.ROOT);
          if (!FeatureMapRegistry.contains(canonical)) {
            throw new CommandLine.TypeConversionException(
                "expected one of " + FeatureMapRegistry.names() + " but was '" + name + "'");
          }
          return canonical;
        })
        .description(lines.toArray(String[]::new))
        .build();
  }

  /** The registered learner kinds a feature map composes with. */
  private static List<String> linearNames() {
    List<String> names = new ArrayList<>();
    for (LearnerSpec s : LearnerRegistry.all()) {
      if (s.isLinear()) {
        names.add(s.name());
      }
    }
    return names;
  }

  private static OptionSpec parameterOption(Parameter<?> p) {
    OptionSpec.Builder b = OptionSpec.builder(p.option()).description(help(p));
    if (p.isFlag()) {
      return b.type(boolean.class).arity("0").build();
    }
    return b.type(String.class).arity("1").paramLabel(label(p)).build();
  }

  /** ASCII label: the choices, else the paper's symbol when it is ASCII (C, M, m), else the name in capitals. */
  private static String label(Parameter<?> p) {
    if (!p.choices().isEmpty()) {
      return String.join("|", p.choices());
    }
    if (!p.symbol().isEmpty() && p.symbol().chars().allMatch(c -> c < 128)) {
      return p.symbol();
    }
    return p.name().replaceAll("([A-Z])", "_$1").toUpperCase(Locale.ROOT);
  }

  /** The description, then which learners take it with their defaults, the range and the paper's symbol. */
  private static String[] help(Parameter<?> p) {
    // the defaults by value, so a parameter shared with one default reads "default: 1.0" once
    Map<String, List<String>> byDefault = new LinkedHashMap<>();
    for (Owner o : Owners.ALL) {
      Parameter<?> own = o.parameter(p.name());
      if (own != null) {
        byDefault.computeIfAbsent(defaultText(own), k -> new ArrayList<>()).add(o.name());
      }
    }
    List<String> defaults = new ArrayList<>();
    byDefault.forEach((value, owners) ->
        defaults.add(byDefault.size() == 1 ? value : value + " (" + String.join(", ", owners) + ")"));
    List<String> learners = takers(p.name());
    List<String> maps = mapTakers(p.name());
    StringBuilder facts = new StringBuilder();
    if (!learners.isEmpty()) {
      facts.append("Learners: ").append(String.join(", ", learners));
    }
    if (!maps.isEmpty()) {
      facts.append(facts.length() == 0 ? "" : "; ").append("feature maps: ").append(String.join(", ", maps));
    }
    facts.append("; default: ").append(String.join(", ", defaults));
    if (!p.isFlag()) {
      facts.append("; range: ").append(p.range());
    }
    if (!p.symbol().isEmpty()) {
      facts.append("; paper: ").append(p.symbol());
    }
    // the other parameters' names become their options; the parameter's own name in its description is a word
    // ("a constant bias feature", "weight precision"), its option heads the line already
    List<Parameter<?>> others = PARAMETERS.values().stream().filter(q -> !q.name().equals(p.name())).toList();
    String description = p.description().isEmpty() ? p.name() : withOptionNames(others, p.description());
    char first = description.charAt(0);
    if (first >= 'a' && first <= 'z') { // not δ -> Δ
      description = Character.toUpperCase(first) + description.substring(1);
    }
    return new String[] {escape(description) + ".", escape(facts.toString()) + "."};
  }

  private static String defaultText(Parameter<?> p) {
    Object d = p.defaultValue();
    if (p.isFlag()) {
      return Boolean.TRUE.equals(d) ? "on" : "off";
    }
    return d == null ? "unset" : p.format(d);
  }

  /** picocli formats descriptions ({@code %n}, {@code ${...}}): text from the registry is taken literally. */
  private static String escape(String text) {
    return text.replace("%", "%%").replace("${", "$${");
  }

  /** The names of the feature maps taking the parameter {@code name}, in registry order. */
  private static List<String> mapTakers(String name) {
    List<String> names = new ArrayList<>();
    for (FeatureMapSpec m : FeatureMapRegistry.all()) {
      if (m.parameters().stream().anyMatch(p -> p.name().equals(name))) {
        names.add(m.name());
      }
    }
    return names;
  }

  /** The names of the learner kinds taking the parameter {@code name}, in registry order. */
  private static List<String> takers(String name) {
    List<String> names = new ArrayList<>();
    for (LearnerSpec s : LearnerRegistry.all()) {
      if (s.hasParameter(name)) {
        names.add(s.name());
      }
    }
    return names;
  }

  /**
   * Every parameter once, keyed by its option. Each kind's parameters keep their relative order: a
   * parameter not yet placed goes just before the next one of its kind that is (falt's eta, M, ... then
   * pa1's c lands before M).
   *
   * @throws IllegalStateException if two parameters share an option or one name has two options
   */
  static Map<String, Parameter<?>> distinctParameters(List<LearnerSpec> specs) {
    return distinctParameters(owners(specs, List.of()));
  }

  /** Something that takes parameters: a learner kind or a feature map. */
  record Owner(String name, List<Parameter<?>> parameters) {
    /** The parameter called {@code name}, or null. */
    Parameter<?> parameter(String parameterName) {
      for (Parameter<?> p : parameters) {
        if (p.name().equals(parameterName)) {
          return p;
        }
      }
      return null;
    }
  }

  /** Every registered learner kind and feature map, in registry order (a holder: initialised before PARAMETERS). */
  private static final class Owners {
    static final List<Owner> ALL = owners(LearnerRegistry.all(), FeatureMapRegistry.all());
  }

  /** The learner kinds, then the feature maps, as owners of parameters. */
  static List<Owner> owners(List<LearnerSpec> specs, List<FeatureMapSpec> maps) {
    List<Owner> owners = new ArrayList<>();
    specs.forEach(s -> owners.add(new Owner(s.name(), s.parameters())));
    maps.forEach(m -> owners.add(new Owner(m.name(), m.parameters())));
    return owners;
  }

  /**
   * Every parameter of {@code owners} once, keyed by its option, in the merged order of {@link
   * #distinctParameters(List)}. Two parameter objects with one name (a kernel learner's σ² and a feature
   * map's) are one option when their options agree; the first one's description is shown.
   *
   * @throws IllegalStateException if two parameters share an option or one name has two options
   */
  static Map<String, Parameter<?>> distinctParameters(Collection<Owner> owners) {
    List<Parameter<?>> order = new ArrayList<>();
    Map<String, Parameter<?>> byName = new TreeMap<>();
    Map<String, String> nameByOption = new TreeMap<>();
    for (Owner s : owners) {
      List<Parameter<?>> own = s.parameters();
      for (int i = 0; i < own.size(); i++) {
        Parameter<?> p = own.get(i);
        Parameter<?> known = byName.get(p.name());
        if (known != null) {
          if (!known.option().equals(p.option())) {
            throw new IllegalStateException("parameter " + p.name() + " is " + known.option() + " in one learner and "
                + p.option() + " in " + s.name());
          }
          continue;
        }
        String other = nameByOption.putIfAbsent(p.option(), p.name());
        if (other != null) {
          throw new IllegalStateException(p.option() + " would set both " + other + " and " + p.name() + " (" + s.name() + ")");
        }
        byName.put(p.name(), p);
        int at = order.size();
        for (int j = i + 1; j < own.size() && at == order.size(); j++) {
          Parameter<?> next = byName.get(own.get(j).name());
          if (next != null) {
            at = order.indexOf(next);
          }
        }
        order.add(at, p);
      }
    }
    Map<String, Parameter<?>> byOption = new LinkedHashMap<>();
    order.forEach(p -> byOption.put(p.option(), p));
    return byOption;
  }

  /** Whether the user named a learner. */
  public static boolean hasLearner(CommandSpec spec) {
    return spec.commandLine().getParseResult().hasMatchedOption(LEARNER);
  }

  /** The learner options the user gave ({@code --learner} and parameter options), in command-line order. */
  public static List<String> given(CommandSpec spec) {
    List<String> given = new ArrayList<>();
    for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
      if (o.longestName().equals(LEARNER) || o.longestName().equals(FEATURE_MAP) || PARAMETERS.containsKey(o.longestName())) {
        given.add(o.longestName());
      }
    }
    return given;
  }

  /**
   * The settings of the learner named by {@code --learner}: the registry's defaults with the parameter
   * options the user gave.
   *
   * @throws IllegalArgumentException naming the option: one the learner does not take, a value that does
   *     not parse or is out of range, or a combination the learner refuses
   */
  public static Settings settings(CommandSpec spec) {
    ParseResult parsed = spec.commandLine().getParseResult();
    LearnerSpec learner = learner(spec);
    Map<String, String> text = new LinkedHashMap<>();
    for (OptionSpec o : parsed.matchedOptions()) {
      Parameter<?> p = PARAMETERS.get(o.longestName());
      if (p == null) {
        continue;
      }
      if (!learner.hasParameter(p.name())) {
        throw notTaken(p, learner, parsed.matchedOptionValue(FEATURE_MAP, (String) null));
      }
      String value = p.isFlag() ? "true" : parsed.matchedOptionValue(p.option(), "");
      Parameter<?> own = learner.parameter(p.name());
      try {
        own.parse(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(valueError(own, value), e);
      }
      text.put(p.name(), value);
    }
    // M and its factor are two ways to say one thing; the learners refuse both only when M is not its
    // default (they cannot see an explicit --max-updates 1), the command line refuses any pair
    Parameter<?> m = CommonParameters.MAX_UPDATES;
    Parameter<?> factor = CommonParameters.MAX_UPDATES_FACTOR;
    if (text.containsKey(m.name()) && text.containsKey(factor.name())) {
      throw new IllegalArgumentException("give " + m.option() + " or " + factor.option() + ", not both");
    }
    try {
      return Settings.parse(learner, text);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage() != null ? e.getMessage() : "invalid settings for " + learner.name();
      throw new IllegalArgumentException(withOptionNames(learner.parameters(), message), e);
    }
  }

  /**
   * The parameter options the user gave for the learner named by {@code --learner}, as typed (flags as
   * {@code "true"}), by parameter name in command-line order, unparsed: {@code alt tune} reads value lists
   * from them.
   *
   * @throws IllegalArgumentException naming an option the learner does not take
   */
  public static Map<String, String> givenText(CommandSpec spec) {
    ParseResult parsed = spec.commandLine().getParseResult();
    LearnerSpec learner = learner(spec);
    Map<String, String> text = new LinkedHashMap<>();
    for (OptionSpec o : parsed.matchedOptions()) {
      Parameter<?> p = PARAMETERS.get(o.longestName());
      if (p == null) {
        continue;
      }
      if (!learner.hasParameter(p.name())) {
        throw notTaken(p, learner, parsed.matchedOptionValue(FEATURE_MAP, (String) null));
      }
      text.put(p.name(), p.isFlag() ? "true" : parsed.matchedOptionValue(p.option(), ""));
    }
    return text;
  }

  /**
   * The learner kind the options name: {@code --learner}, composed with {@code --feature-map} when one is given.
   *
   * @throws IllegalArgumentException when a feature map is given with a learner that does not take one
   */
  public static LearnerSpec learner(CommandSpec spec) {
    ParseResult parsed = spec.commandLine().getParseResult();
    String base = Objects.requireNonNull(parsed.matchedOptionValue(LEARNER, (String) null), "--learner");
    String map = parsed.matchedOptionValue(FEATURE_MAP, (String) null);
    LearnerSpec learner = LearnerRegistry.get(base);
    if (map == null) {
      return learner;
    }
    if (!learner.isLinear()) {
      throw new IllegalArgumentException(FEATURE_MAP + " applies to the linear learners (" + inWords(linearNames(), "and")
          + "), not " + base);
    }
    return LearnerRegistry.get(FeatureMapComposer.name(base, map));
  }

  /** Why {@code learner} (with the feature map {@code map}, or null) does not take the option of {@code p}. */
  private static IllegalArgumentException notTaken(Parameter<?> p, LearnerSpec learner, String map) {
    List<String> maps = mapTakers(p.name());
    if (map == null && !maps.isEmpty() && learner.isLinear() && takers(p.name()).isEmpty()) {
      return new IllegalArgumentException(p.option() + " needs " + FEATURE_MAP + " (" + inWords(maps, "or") + ") with "
          + learner.name());
    }
    List<String> takers = new ArrayList<>(takers(p.name()));
    maps.forEach(m -> takers.add(FEATURE_MAP + " " + m));
    return new IllegalArgumentException(p.option() + " applies to "
        + (takers.size() == 1 ? takers.get(0) + " only" : inWords(takers, "and")) + ", not " + learner.name());
  }

  /** The option of the parameter called {@code name} (e.g. {@code --max-updates-factor}), or the name. */
  public static String optionOf(String name) {
    for (Parameter<?> p : PARAMETERS.values()) {
      if (p.name().equals(name)) {
        return p.option();
      }
    }
    return name;
  }

  /** {@link #withOptionNames(Iterable, String)} over every registered parameter. */
  public static String withOptionNames(String message) {
    return withOptionNames(PARAMETERS.values(), message);
  }

  /** {@code --eta must be > 0 and finite: -1}: the option, the valid values and the text as typed. */
  private static String valueError(Parameter<?> p, String text) {
    String valid;
    if (!p.choices().isEmpty()) {
      valid = inWords(p.choices(), "or");
    } else if (p.beyondFloatRange(text)) {
      // 1e100 is finite as typed but infinite as a float, and 1e-100 is 0: say what a float holds
      valid = p.range() + " and within a float's range (about 1.4e-45 to 3.4e38)";
    } else if (p.type() == Float.class || p.type() == Double.class) {
      valid = p.range() + " and finite";
    } else if (p.isFlag()) {
      valid = "true or false";
    } else {
      valid = p.range();
    }
    String error = p.option() + " must be " + valid + ": " + text
        + (p.choices().isEmpty() ? "" : org.altml.core.learner.NameSuggestion.didYouMean(text, p.choices()));
    if (!p.isFlag() && p.choices().isEmpty() && (text.contains(",") || text.contains(".."))) {
      error += " (one value here; lists and ranges such as 2^-2..2^1 are for alt tune)";
    }
    return error;
  }

  /**
   * A text about parameters (a learner's message, a description) with their options for their names
   * ({@code maxUpdates (--max-updates)} and a bare {@code maxUpdates} both become {@code --max-updates}).
   */
  public static String withOptionNames(Iterable<Parameter<?>> parameters, String message) {
    String m = message;
    for (Parameter<?> p : parameters) {
      m = m.replace(p.name() + " (" + p.option() + ")", p.option());
      m = m.replaceAll("(?<![\\w-])" + Pattern.quote(p.name()) + "(?![\\w-])", Matcher.quoteReplacement(p.option()));
    }
    return m;
  }

  /** {@code a}, {@code a or b}, {@code a, b or c} (with {@code conjunction} "or"). */
  private static String inWords(List<String> items, String conjunction) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + " " + conjunction + " " + items.get(items.size() - 1);
  }
}
