package org.altml.bench;

import java.util.List;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The benchmarks jar's main class: JMH's command line, with the learner benchmarks' {@code learner} parameter drawn from
 * the learner registry. Its default in the code, {@value #LINEAR}, stands for every registered linear kind ({@link
 * LearnerSpec#isLinear()}: today FALT, SALT, PA-I and PA-II), so a linear kind another module registers is benchmarked
 * without a list to edit; {@code -p learner=NAME,...} names others (any registered kind). Everything else is JMH's own
 * {@code org.openjdk.jmh.Main}.
 */
public final class BenchMain {
  /** The parameter the learner benchmarks name their kind by. */
  public static final String LEARNER = "learner";
  /** The default value of {@link #LEARNER} that stands for every registered linear kind. */
  public static final String LINEAR = "linear";

  private BenchMain() {}

  /** Runs JMH with {@code args}, {@value #LINEAR} expanded from the registry. */
  public static void main(String[] args) throws Exception {
    CommandLineOptions cmd;
    try {
      cmd = new CommandLineOptions(args);
    } catch (CommandLineOptionException e) {
      System.err.println("Error parsing command line: " + e.getMessage());
      System.exit(1);
      return;
    }
    if (cmd.shouldHelp() || cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
        || cmd.shouldListResultFormats()) {
      org.openjdk.jmh.Main.main(args);
      return;
    }
    try {
      new Runner(withRegistryLearners(cmd)).run();
    } catch (RunnerException e) {
      System.err.println("ERROR: " + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * {@code cmd}, with {@value #LEARNER} set to the registered linear kinds when the command line does not set it (the
   * code's default, {@value #LINEAR}, is not a kind).
   */
  public static Options withRegistryLearners(CommandLineOptions cmd) {
    if (cmd.getParameter(LEARNER).hasValue()) {
      return cmd;
    }
    return new OptionsBuilder().parent(cmd).param(LEARNER, linearKinds().toArray(new String[0])).build();
  }

  /** The names of the registered linear kinds, in the registry's order. */
  public static List<String> linearKinds() {
    return LearnerRegistry.all().stream().filter(LearnerSpec::isLinear).map(LearnerSpec::name).toList();
  }
}
