package org.altml.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.concurrent.Callable;
import org.altml.cli.command.CompletionCommand;
import org.altml.cli.command.ConvertCommand;
import org.altml.cli.command.DatasetsCommand;
import org.altml.cli.command.DemoCommand;
import org.altml.cli.command.EvaluateCommand;
import org.altml.cli.command.ExperimentCommand;
import org.altml.cli.command.GenerateCommand;
import org.altml.cli.command.InspectCommand;
import org.altml.cli.command.PredictCommand;
import org.altml.cli.command.PrequentialCommand;
import org.altml.cli.command.StatsCommand;
import org.altml.cli.command.TestCommand;
import org.altml.cli.command.TrainCommand;
import org.altml.cli.command.TuneCommand;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Messages;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.NameSuggestion;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.io.DataFormatException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The root {@code alt} command: holds the subcommands, {@code --help} and {@code --version}.
 *
 * <p>Exit codes: 0 on success; 2 for a usage error (one line and a pointer to {@code --help} on stderr) and for
 * any failure while running (one printable line {@code alt: <problem>} on stderr, for example
 * {@code alt: train.svm:12: feature index 0 in 1-based mode}, a memory refusal or an output that would
 * replace an input). Warnings are lines {@code alt: warning: ...}. Set {@code -Dalt.stacktrace=true} to
 * also print the stack trace.
 *
 * <p>To add a subcommand: write a class in {@link org.altml.cli.command} annotated with {@link Command} implementing
 * {@code Callable<Integer>} (check its files with {@link CommandFiles} before any work, print through
 * {@code spec.commandLine().getOut()}/{@code getErr()}, read data through {@link org.altml.cli.data.DataLoading}, write
 * through {@link CliOutput}, mix in the shared options of {@link org.altml.cli.options} ({@code DataOptions},
 * {@code SeedOptions}, {@code ProgressOptions}, {@code ThreadsOption}, ...; a shared option it describes in its own
 * words gets an entry in {@code OptionHelp}) as {@link CommandLine.Mixin}s, never a second declaration) and list it in
 * {@code SUBCOMMANDS} below. A command that builds a learner takes {@code --learner} and the registry's parameter
 * options with {@code modelTransformer = RegistryLearnerOptions.Required.class} and turns them into settings with
 * {@code RegistryLearnerOptions.settings(spec)}.
 */
@Command(
    name = "alt",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "ALT: adaptive label thresholding for online multi-label classification.")
public final class AltCommand implements Callable<Integer> {
  /** The subcommands, in the order of the help. */
  private static final List<Class<?>> SUBCOMMANDS = List.of(
      EvaluateCommand.class,
      TuneCommand.class,
      ExperimentCommand.class,
      PrequentialCommand.class,
      TrainCommand.class,
      PredictCommand.class,
      TestCommand.class,
      InspectCommand.class,
      StatsCommand.class,
      ConvertCommand.class,
      GenerateCommand.class,
      DatasetsCommand.class,
      DemoCommand.class,
      CompletionCommand.class,
      CommandLine.HelpCommand.class);

  /** Exit code of every failure, usage errors included. */
  public static final int EXIT_FAILURE = 2;

  @Spec private CommandSpec spec;

  /** Creates the root command (picocli fills its fields). */
  public AltCommand() {}

  /** Without a subcommand: says so and prints the usage (exit 2). */
  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    err.println("alt: missing command (evaluate, tune, experiment, prequential, train, predict, test, stats, convert, generate, datasets, demo, completion, help)");
    err.println(usageHint(spec.commandLine()));
    return EXIT_FAILURE;
  }

  /** A command line for {@code alt} with every subcommand, the project's exit codes and error reporting. */
  public static CommandLine newCommandLine() {
    return newCommandLine(SUBCOMMANDS);
  }

  /**
   * The command line that runs {@code args}: with only the subcommand {@code args} start with when they name one
   * other than {@code help} and {@code completion} (which show the whole tree), none for {@code --version}, else with every subcommand. Building a subcommand's options (the learner options
   * come from the registry) took about 0.3 s of every start-up for all of them; the one that runs is enough,
   * since nothing else of the tree is shown. The result of {@code args} is the same either way.
   */
  static CommandLine newCommandLine(String[] args) {
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      return newCommandLine(List.of());
    }
    if (args.length > 0 && !args[0].equals("help") && !args[0].equals("completion")) {
      for (Class<?> c : SUBCOMMANDS) {
        if (c.getAnnotation(Command.class).name().equals(args[0])) {
          return newCommandLine(List.of(c));
        }
      }
    }
    return newCommandLine(SUBCOMMANDS);
  }

  private static CommandLine newCommandLine(List<Class<?>> subcommands) {
    CommandLine cmd = new CommandLine(new AltCommand());
    for (Class<?> c : subcommands) {
      CommandLine sub = new CommandLine(c); // built as a command line of its own: its model transformer applies
      sub.getCommandSpec().usageMessage().description(paragraphs(sub.getCommandSpec().usageMessage().description()));
      cmd.addSubcommand(sub);
    }
    cmd.setCaseInsensitiveEnumValuesAllowed(true); // --kind Text as --kind text, as learner names ignore case
    cmd.setParameterExceptionHandler(
        (ex, args) -> {
          // one line for the problem (plus picocli's "did you mean" suggestions), then where the help is:
          // the whole usage of a command is fifty lines that bury the one that matters
          CommandLine at = ex.getCommandLine();
          PrintWriter err = at.getErr();
          if (ex instanceof CommandLine.UnmatchedArgumentException u
              && (at.getParent() == null || !at.getSubcommands().isEmpty()) && !u.getUnmatched().isEmpty()
              && !u.getUnmatched().get(0).startsWith("-")) {
            // alt foo, alt datasets foo: a command that does not exist, not an "unmatched argument"
            err.println("alt: " + Messages.printable(NameSuggestion.unknownCommand(u.getUnmatched().get(0), at.getSubcommands().keySet())));
            err.println(usageHint(at));
            err.flush();
            return EXIT_FAILURE;
          }
          String message = ex.getMessage() + NameSuggestion.enumValueNear(ex.getMessage());
          if (String.valueOf(ex.getMessage()).startsWith("Missing required option")) {
            // alt train --lerner falt: picocli names the missing --learner, not the option typed instead of it
            java.util.List<String> unknown = NameSuggestion.unknownOptions(at.getCommandSpec().optionsMap().keySet(), args);
            if (!unknown.isEmpty()) {
              message += "; " + String.join(", ", unknown);
            }
          }
          err.println("alt: " + Messages.printable(message));
          CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
          err.println(usageHint(at));
          err.flush();
          return EXIT_FAILURE;
        });
    cmd.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter err = commandLine.getErr();
          if (ex instanceof CommandFiles.OptionAsFile o) {
            // alt predict --data --fo: a usage error, though picocli took --fo as the file
            err.println("alt: " + Messages.printable(o.getMessage() + " (if " + o.given() + " is meant as an option, "
                + commandLine.getCommandSpec().qualifiedName() + " does not take it)"));
            err.println(usageHint(commandLine));
            err.flush();
            return EXIT_FAILURE;
          }
          err.println("alt: " + Messages.printable(describe(ex, commandLine.getCommandName())));
          if (Boolean.getBoolean("alt.stacktrace")) {
            ex.printStackTrace(err);
          }
          err.flush();
          return EXIT_FAILURE;
        });
    cmd.setExitCodeExceptionMapper(ex -> EXIT_FAILURE);
    return cmd;
  }

  /**
   * A command's description as paragraphs for picocli to wrap at the terminal's width: the source breaks its lines
   * at about 100 columns, and picocli prints each line as a line of its own, wrapping the long ones again (ragged
   * text). A line joins the one before it unless either is empty, the one before ends a sentence or introduces
   * something ('.' or ':'), or it starts with a space (an indented continuation that keeps its layout).
   */
  static String[] paragraphs(String[] lines) {
    List<String> out = new java.util.ArrayList<>();
    for (String line : lines) {
      String previous = out.isEmpty() ? "" : out.get(out.size() - 1);
      boolean join = !previous.isEmpty() && !line.isEmpty() && !line.startsWith(" ") && !previous.endsWith(".")
          && !previous.endsWith(":");
      if (join) {
        out.set(out.size() - 1, previous + " " + line);
      } else {
        out.add(line);
      }
    }
    return out.toArray(String[]::new);
  }

  /** "Try 'alt evaluate --help' for the usage." for the command that failed to parse. */
  static String usageHint(CommandLine at) {
    return "Try '" + at.getCommandSpec().qualifiedName() + " --help' for the usage.";
  }

  /** {@link #describe(Throwable, String)} outside any subcommand. */
  static String describe(Throwable ex) {
    return describe(ex, "...");
  }

  /**
   * One line for a failure of {@code alt command}: data format errors as {@code file:line: problem},
   * file-system errors by path with the reason, memory refusals with what to do, library hints in
   * command-line words ({@link Messages}).
   */
  static String describe(Throwable ex, String command) {
    Throwable e = ex instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : ex;
    if (e instanceof InsufficientMemoryException m) {
      return Messages.memory(m, command);
    }
    if (e instanceof DataFormatException || e instanceof DivergenceException) {
      return Messages.forCommandLine(e.getMessage());
    }
    if (e instanceof FileSystemException f) {
      return f.getFile() + ": " + reason(f);
    }
    if (e instanceof IllegalArgumentException || e instanceof java.io.IOException) {
      return e.getMessage() != null ? Messages.forCommandLine(e.getMessage()) : e.getClass().getSimpleName();
    }
    // anything else is a bug: name the exception so that a report can be filed
    return "internal error: " + e;
  }

  /** What went wrong with a file, in words: the system's reason when it gave one. */
  private static String reason(FileSystemException f) {
    if (f.getReason() != null) {
      return Messages.forCommandLine(f.getReason());
    }
    if (f instanceof NoSuchFileException) {
      return "no such file";
    }
    if (f instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (f instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    return f.getClass().getSimpleName();
  }

  /** Held so that the level set on it is not lost when the logger would be garbage collected. */
  private static final java.util.logging.Logger ALT_LOGGER = java.util.logging.Logger.getLogger("org.altml");

  /**
   * Library diagnostics on stderr as one line each ({@code alt: WARNING: ...}), warnings only: the
   * vectorization choice logged at INFO is shown by {@code alt --version} instead. A logging
   * configuration given with {@code -Djava.util.logging.config.file} wins.
   */
  static void configureLogging() {
    if (System.getProperty("java.util.logging.config.file") != null) {
      return;
    }
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "alt: %4$s: %5$s%6$s%n");
    }
    ALT_LOGGER.setLevel(java.util.logging.Level.WARNING);
  }

  /**
   * Whether the run printed help or the version ({@code --help}, {@code -V}, at any level): help cut short by the
   * reader ({@code alt tune --help | head}) is what the reader asked for, not a failed report (it printed an error line
   * under the help the reader kept, at random as the pipe closed early or late).
   */
  static boolean helpRequested(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.isUsageHelpRequested() || p.isVersionHelpRequested()) {
        return true;
      }
    }
    return false;
  }

  /** Runs {@code alt} with the given arguments and exits with its exit code. */
  public static void main(String[] args) {
    configureLogging();
    try {
      org.altml.core.math.VectorMath.implementation(); // a forced but unavailable choice fails here, once
    } catch (ExceptionInInitializerError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      System.err.println("alt: " + cause.getMessage());
      System.exit(2);
    }
    int code;
    try {
      CommandLine cli = newCommandLine(args);
      code = cli.execute(args);
      // a report printed to standard output that did not arrive: not a success (a full disk, a closed pipe)
      if (code == 0 && !helpRequested(cli.getParseResult())) {
        try {
          CliOutput.checkStandardOutput(cli.getOut());
        } catch (java.io.IOException e) {
          System.err.println("alt: " + e.getMessage());
          code = EXIT_FAILURE;
        }
      }
    } catch (OutOfMemoryError e) {
      // every input-sized allocation is checked first (MemoryCheck); this is the last line of defence
      System.err.println("alt: out of memory (" + e.getMessage() + "): run with more heap: ALT_JAVA_OPTS=-Xmx8g ./alt ...");
      code = EXIT_FAILURE;
    }
    System.exit(code);
  }
}
