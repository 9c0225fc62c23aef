package org.altml.cli;

import java.util.ArrayList;
import java.util.List;
import org.altml.core.features.FeatureMapRegistry;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;

/** The registered learner kinds as the tests need them, so that no test lists learner names by hand. */
public final class RegisteredKinds {
  private RegisteredKinds() {}

  /** The names of the registered kinds that take the parameter {@code name}, in the registry's (alphabetical) order. */
  public static List<String> taking(String name) {
    return LearnerRegistry.all().stream().filter(s -> takes(s, name)).map(LearnerSpec::name).toList();
  }

  /** The names of the registered kinds that take every one of {@code names}. */
  public static List<String> takingAll(String... names) {
    return LearnerRegistry.all().stream().filter(s -> List.of(names).stream().allMatch(n -> takes(s, n)))
        .map(LearnerSpec::name).toList();
  }

  private static boolean takes(LearnerSpec s, String name) {
    return s.parameters().stream().anyMatch(p -> p.name().equals(name));
  }

  /**
   * Who takes the parameter {@code name}, as the messages say it: the learners, then {@code --feature-map MAP} for the
   * feature maps that take it, as "a, b and c".
   */
  public static String takersInWords(String name) {
    List<String> all = new ArrayList<>(taking(name));
    for (FeatureMapSpec m : FeatureMapRegistry.all()) {
      if (m.parameters().stream().anyMatch(p -> p.name().equals(name))) {
        all.add("--feature-map " + m.name());
      }
    }
    return all.size() == 1 ? all.get(0) : String.join(", ", all.subList(0, all.size() - 1)) + " and " + all.get(all.size() - 1);
  }
}
