package org.altml.flink;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Filter;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.TerminalText;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The jobs from a command line: {@code run} (one model per key, or data-parallel training with averaging;
 * {@link FlinkRunCommand}) and {@code predict} (scoring with a frozen model, each predictor reading it and chained to
 * its share of the input, or with refreshed models broadcast to the predictors; {@link FlinkPredictCommand}) and {@code
 * serve} (predictions from a Kafka topic, learning from their labels when they come later; {@link FlinkServeCommand}). Run with
 * plain {@code java} (the launcher's {@code ./alt flink ...}) it starts a local MiniCluster with {@code --parallelism P};
 * submitted with {@code flink run -c org.altml.flink.FlinkMain alt-flink-job.jar ...} the same jobs run on that cluster.
 * Results stream back to this process (Flink's collect) and are written under {@code --out}; one JSON summary
 * line goes to standard output.
 */
@Command(name = "alt flink", mixinStandardHelpOptions = true, subcommands = {FlinkRunCommand.class, FlinkPredictCommand.class,
    FlinkServeCommand.class, FlinkDemoCommand.class,
    org.altml.flink.demo.KafkaBench.class},
    description = "ALT's online learners on Apache Flink (local MiniCluster, or a cluster through 'flink run').")
public final class FlinkMain implements Callable<Integer> {
  /** Runs the command line; exits with its code. */
  public static void main(String[] args) {
    configureLogging();
    System.exit(commandLine().execute(args));
  }

  /** The loggers configured below, held so that their levels are not lost when they would be garbage collected. */
  private static final Logger ROOT_LOGGER = Logger.getLogger("");
  private static final Logger ALT_LOGGER = Logger.getLogger("org.altml");

  /**
   * Diagnostics on stderr as one line each: ALT's warnings, and nothing of Flink's own log (SLF4J, bound to
   * java.util.logging on the launcher's class path). A local MiniCluster warns on every run about things a local
   * run does not have (a log file for the web dashboard, delegation tokens, a collect fetcher asking a cluster
   * that has just shut down), logs a failing task's stack trace, and a failing job reaches the user as this
   * command's one-line error anyway. A configuration given with {@code -Djava.util.logging.config.file} wins.
   */
  static void configureLogging() {
    if (System.getProperty("java.util.logging.config.file") != null) {
      return;
    }
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      for (Handler h : ROOT_LOGGER.getHandlers()) {
        h.setFormatter(ONE_LINE);
        h.setFilter(onceEach());
      }
    }
    ROOT_LOGGER.setLevel(Level.OFF);
    ALT_LOGGER.setLevel(Level.WARNING);
  }

  /**
   * "alt flink: warning: message", as the command's own warnings read (SimpleFormatter's levels are upper case), in
   * command-line words ({@link #forCommandLine}: a reader's "(--labels-last 2, ReadOptions.withLabelsLast)" named the
   * Java API to a person at the command line).
   */
  static final Formatter ONE_LINE = new Formatter() {
    @Override
    public String format(LogRecord r) {
      Throwable t = r.getThrown();
      return "alt flink: " + r.getLevel().getName().toLowerCase(Locale.ROOT) + ": " + forCommandLine(formatMessage(r))
          + (t != null ? ": " + t : "") + System.lineSeparator();
    }
  };

  /**
   * A filter that lets each message through once: a reader's warning about a file (a MEKA -C that may be stale) came
   * once as the client read the header and again from every reader of the job in the same process.
   */
  static Filter onceEach() {
    Set<String> said = ConcurrentHashMap.newKeySet();
    return r -> said.add(r.getLevel() + " " + r.getMessage());
  }

  /** The command line {@link #main} runs: a failure prints "alt flink: " and its cause's message and exits with 2. */
  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new FlinkMain()).setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler((ex, args) -> {
      // the problem in one line (with picocli's suggestions) and where the usage is, as alt's own commands do:
      // the whole usage buries the line that matters
      CommandLine at = ex.getCommandLine();
      String message = UsageHints.message(ex, args);
      System.err.println("alt flink: " + TerminalText.printable(message));
      if (!message.startsWith(UsageHints.UNKNOWN_COMMAND)) { // which names the nearest command itself
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, System.err);
      }
      System.err.println("Try '" + at.getCommandSpec().qualifiedName() + " --help' for the usage.");
      return 2;
    });
    cli.setExecutionExceptionHandler((e, line, parsed) -> {
      // the deepest cause, unless a reader's error (which names the file and line) wraps it: a malformed XML label
      // file's parser exception knows neither
      Throwable root = e;
      Throwable named = null;
      while (true) {
        if (root instanceof DataFormatException) {
          named = root;
        }
        if (root.getCause() == null || root.getCause() == root) {
          break;
        }
        root = root.getCause();
      }
      Throwable shown = named != null ? named : root;
      System.err.println("alt flink: " + forCommandLine(shown.getMessage() == null ? shown.toString() : shown.getMessage()));
      if (Boolean.getBoolean("alt.flink.trace")) {
        e.printStackTrace();
      }
      return 2;
    });
    return cli;
  }

  @Override
  public Integer call() {
    new CommandLine(this).usage(System.err);
    return 2;
  }

  /**
   * A library message in this command's words: the readers' hints name the option and the Java API that does the same
   * ({@code (--labels-xml FILE, ReadOptions.withLabelFile)}); the API names are left out; shown safe on a terminal (a
   * data file's control characters as escapes).
   */
  static String forCommandLine(String message) {
    return TerminalText.printable(message.replaceAll(", ReadOptions\\.with\\w+", ""));
  }
}
