package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.altml.cli.options.OptionHelp;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * Options more than one command takes are declared once, as mixins of {@code org.altml.cli.options}, and each command
 * still describes them in its own words ({@link OptionHelp}).
 */
class SharedOptionsTest {
  /** Options that mixins declare; no command declares one of them itself. */
  private static final Set<String> SHARED = Set.of("--scale", "--zero-division", "--threads", "--json", "--predictions",
      "--overwrite", "--seed", "--allow-shape-mismatch", "--allow-new-features", "--num-labels", "--progress");

  @Test
  void noCommandDeclaresASharedOptionItself() {
    List<String> declared = new ArrayList<>();
    for (CommandLine sub : AltCommand.newCommandLine().getSubcommands().values()) {
      Class<?> type = sub.getCommandSpec().userObject().getClass();
      if (!type.getPackageName().startsWith("org.altml.cli")) {
        continue; // picocli's help command
      }
      for (Class<?> c = type; c != null; c = c.getSuperclass()) {
        for (Class<?> k : withNested(c)) {
          for (Field f : k.getDeclaredFields()) {
            Option o = f.getAnnotation(Option.class);
            if (o != null && !k.getPackageName().equals("org.altml.cli.options")) {
              for (String n : o.names()) {
                if (SHARED.contains(n) && !(n.equals("--progress") && type.getSimpleName().equals("DemoCommand"))
                    && !(n.equals("--num-labels") && type.getSimpleName().equals("GenerateCommand"))) {
                  declared.add(k.getSimpleName() + "." + f.getName() + " " + n);
                }
              }
            }
          }
        }
      }
    }
    assertEquals(List.of(), declared, "declared by a command instead of a mixin");
  }

  private static List<Class<?>> withNested(Class<?> c) {
    List<Class<?>> all = new ArrayList<>(List.of(c));
    all.addAll(List.of(c.getDeclaredClasses()));
    return all;
  }

  /** Each command's words for a shared option, as before the options became mixins. */
  @Test
  void eachCommandDescribesASharedOptionInItsOwnWords() {
    Map<String, String> expected = Map.ofEntries(
        Map.entry("evaluate --scale", "Feature scaling: none, standardize (fitted on TRAIN only) or l2 (default: none)."),
        Map.entry("prequential --scale", "Feature scaling: none, standardize (running statistics) or l2 (default: none)."),
        Map.entry("tune --scale", "Feature scaling: none, standardize (fitted on the training part only) or l2 (default: none)."),
        Map.entry("experiment --scale", "Feature scaling: none, standardize (fitted on the training part only) or l2 (default:"
            + " none)."),
        Map.entry("predict --scale", "Not needed: the model's own scaling is applied. If given, it must be the model's."),
        Map.entry("train --scale", "Feature scaling: none, standardize (fitted on DATA, saved in the model) or l2 (default:"
            + " none; with --from: the model's, which cannot be changed)."),
        Map.entry("test --zero-division", "0/0 in the metrics: spec (1 when both sets are empty, else 0), zero or one"
            + " (default: spec)."),
        Map.entry("prequential --zero-division", "0/0 in the metrics: spec, zero or one (default: spec)."),
        Map.entry("test --threads", "Threads predicting and scoring (the metrics do not depend on it); 0 = all cores"
            + " (default: 0)."),
        Map.entry("tune --threads", "Worker threads; 0 = all cores; the results do not depend on it (default: 0)."),
        Map.entry("stats --json", "Print a JSON array, one object per file."),
        Map.entry("experiment --seed", "Seed of run 0; run r uses S + r, as 'alt evaluate --seed' (default: 1)."),
        Map.entry("evaluate --seed", "Random seed (default: 1)."),
        Map.entry("predict --allow-new-features", "Predict data with many more features than the model was trained on (a"
            + " warning, not an error)."),
        Map.entry("evaluate --allow-new-features", "Accept test data with more features than the training data declares"
            + " (ARFF), or 2d + 100 or more against an ARFF test file: a warning, not an error."));
    Map<String, CommandLine> subs = AltCommand.newCommandLine().getSubcommands();
    Set<String> wrong = new TreeSet<>();
    expected.forEach((key, text) -> {
      String[] k = key.split(" ");
      OptionSpec o = subs.get(k[0]).getCommandSpec().findOption(k[1]);
      String shown = subs.get(k[0]).getUsageMessage(CommandLine.Help.Ansi.OFF);
      String described = String.join(" ", o.description()).replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()));
      if (!described.equals(text) || !shown.replaceAll("\\s+", " ").contains(text)) {
        wrong.add(key + ": " + described);
      }
    });
    assertEquals(Set.of(), wrong);
    assertTrue(subs.get("train").getCommandSpec().findOption("--scale").defaultValue() == null, "train: no default");
  }
}
