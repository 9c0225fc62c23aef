package org.altml.experiment.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;

/**
 * The learners of one dataset block ({@code --learners}, {@code --given}, {@code --fix}, on the command line or a
 * plan line), each with its grid or given settings, checked against the learner registry before any data is read.
 */
public final class PlanLearners {
  private PlanLearners() {}

  /**
   * The learners named by {@code learners}, each tuned over the grid of {@code mode} with the values of {@code fix}
   * held, or run with the settings of {@code given} (each a {@code LEARNER:NAME=VALUE,...}).
   *
   * @param where the block's place for messages ({@code plan:line: }, or empty)
   * @throws IllegalArgumentException prefixed by {@code where}: an unknown or repeated learner, a malformed or
   *     repeated value, {@code --given} and {@code --fix} for one learner, {@code --given} for a learner not listed
   */
  public static List<Experiment.Learner> of(String where, List<String> learners, List<String> given, List<String> fix,
      Grid.Mode mode) {
    Map<String, Map<String, String>> givenValues = settingsByLearner(where, given, "--given");
    Map<String, Map<String, String>> fixed = settingsByLearner(where, fix, "--fix");
    List<Experiment.Learner> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String name : learners) {
      String n = LearnerRegistry.canonicalName(name.strip()); // FALT is falt
      if (!seen.add(n)) {
        throw new IllegalArgumentException(where + "--learners names " + n + " twice");
      }
      if (givenValues.containsKey(n) && fixed.containsKey(n)) {
        throw new IllegalArgumentException(where + n + ": --given sets every value and skips the tuning, --fix fixes"
            + " values of a tuning: give one of them");
      }
      LearnerSpec learner;
      try {
        learner = LearnerRegistry.get(n);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + "--learners: " + e.getMessage(), e);
      }
      try {
        Settings base = Settings.parse(learner, fixed.getOrDefault(n, Map.of()));
        Grid grid = Grid.of(base, mode, Map.of(), fixed.getOrDefault(n, Map.of()).keySet());
        Settings g = givenValues.containsKey(n) ? Settings.parse(learner, givenValues.get(n)) : null;
        out.add(new Experiment.Learner(grid, g));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + n + ": " + e.getMessage(), e);
      }
    }
    for (String n : givenValues.keySet()) {
      if (!seen.contains(n)) { // the names of --learners, case ignored
        throw new IllegalArgumentException(where + "--given names " + n + ", which is not in --learners");
      }
    }
    return out;
  }

  /** {@code LEARNER:NAME=VALUE,...} specs of {@code option} as values by parameter name by canonical learner name. */
  private static Map<String, Map<String, String>> settingsByLearner(String where, List<String> specs, String option) {
    Map<String, Map<String, String>> m = new LinkedHashMap<>();
    for (String s : specs) {
      int colon = s.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(where + option + " takes LEARNER:NAME=VALUE,...: " + s);
      }
      String learnerName = LearnerRegistry.canonicalName(s.substring(0, colon).strip());
      Map<String, String> values = m.computeIfAbsent(learnerName, k -> new LinkedHashMap<>());
      for (String kv : s.substring(colon + 1).split(",")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException(where + option + " takes LEARNER:NAME=VALUE,...: " + s);
        }
        String parameter = parameterName(learnerName, kv.substring(0, eq).strip());
        if (values.put(parameter, kv.substring(eq + 1).strip()) != null) {
          throw new IllegalArgumentException(where + option + " sets " + learnerName + "'s " + parameter + " twice");
        }
      }
    }
    return m;
  }

  /**
   * A parameter's name as given to --given or --fix: its name ({@code maxUpdatesFactor}) or its command-line option,
   * with or without the dashes ({@code max-updates-factor}, {@code --max-updates-factor}), looked up among the
   * parameters of {@code learnerName}; anything else is returned as it is, for the settings to name as unknown.
   */
  public static String parameterName(String learnerName, String given) {
    String option = given.startsWith("--") ? given : "--" + given;
    try {
      for (Parameter<?> p : LearnerRegistry.get(learnerName).parameters()) {
        if (p.name().equals(given) || p.option().equals(option)) {
          return p.name();
        }
      }
    } catch (IllegalArgumentException e) {
      // an unknown learner: named by the caller's own check
    }
    return given;
  }
}
