package org.altml.flink;

import java.util.List;
import java.util.Map;
import org.altml.core.learner.NameSuggestion;
import picocli.CommandLine;

/**
 * What a usage error of {@code alt flink} adds to picocli's message, as {@code alt}'s own commands add it: a command that
 * does not exist named as such, with the nearest one ({@code alt flink rn}: "Unmatched argument 'rn'" suggested
 * nothing); the nearest constant of an option's values ({@code --mode keyd}); and the options given that the command
 * does not have when picocli reports a required option as missing ({@code --lerner falt} read "Missing required option
 * '--learner'" without a word of the option typed).
 */
final class UsageHints {
  /** How the message of a command that does not exist begins. */
  static final String UNKNOWN_COMMAND = NameSuggestion.UNKNOWN_COMMAND;

  private UsageHints() {}

  /** The one-line message for {@code ex}, raised on the command line {@code args}. */
  static String message(CommandLine.ParameterException ex, String[] args) {
    CommandLine at = ex.getCommandLine();
    if (ex instanceof CommandLine.UnmatchedArgumentException u && at.getParent() == null && !u.getUnmatched().isEmpty()
        && !u.getUnmatched().get(0).startsWith("-")) {
      return NameSuggestion.unknownCommand(u.getUnmatched().get(0), at.getSubcommands().entrySet().stream()
          .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey).toList());
    }
    // picocli's "Value for option option '--set' ..." reads twice
    String message = String.valueOf(ex.getMessage()).replace("option option '", "option '") + NameSuggestion.enumValueNear(ex.getMessage());
    if (ex instanceof CommandLine.MissingParameterException) {
      List<String> unknown = unknownOptions(at, args);
      if (!unknown.isEmpty()) {
        message += "; " + String.join(", ", unknown);
      }
    }
    return message;
  }

  /**
   * The options of {@code args} (words starting with "--", up to an '=') that {@code at} does not have, each with
   * the nearest it has: {@code "unknown option '--lerner' (did you mean '--learner'?)"}.
   */
  static List<String> unknownOptions(CommandLine at, String[] args) {
    return NameSuggestion.unknownOptions(at.getCommandSpec().optionsMap().keySet(), args);
  }
}
