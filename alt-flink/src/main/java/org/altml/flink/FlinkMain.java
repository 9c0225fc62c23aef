package org.altml.flink;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.model.DataFit;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.OutputPaths;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The jobs from a command line: {@code run} (one model per key, or data-parallel training with averaging)
 * and {@code predict} (scoring with a frozen model, each predictor reading it and chained to its share of the
 * input, or with refreshed models broadcast to the predictors). Run with plain {@code java} (the
 * launcher's {@code ./alt flink ...}) it starts a local MiniCluster with {@code --parallelism P}; submitted with
 * {@code flink run -c org.altml.flink.FlinkMain alt-flink-job.jar ...} the same jobs run on that cluster.
 * Results stream back to this process (Flink's collect) and are written under {@code --out}; one JSON summary
 * line goes to standard output.
 */
@Command(name = "alt flink", mixinStandardHelpOptions = true, subcommands = {FlinkMain.Run.class, FlinkMain.Predict.class},
    description = "ALT's online learners on Apache Flink (local MiniCluster, or a cluster through 'flink run').")
public final class FlinkMain implements Callable<Integer> {
  /** Runs the command line; exits with its code. */
  public static void main(String[] args) {
    configureLogging();
    System.exit(commandLine().execute(args));
  }

  /** The loggers configured below, held so that their levels are not lost when they would be garbage collected. */
  private static final java.util.logging.Logger ROOT_LOGGER = java.util.logging.Logger.getLogger("");
  private static final java.util.logging.Logger ALT_LOGGER = java.util.logging.Logger.getLogger("org.altml");

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
      for (java.util.logging.Handler h : ROOT_LOGGER.getHandlers()) {
        h.setFormatter(ONE_LINE);
        h.setFilter(onceEach());
      }
    }
    ROOT_LOGGER.setLevel(java.util.logging.Level.OFF);
    ALT_LOGGER.setLevel(java.util.logging.Level.WARNING);
  }

  /**
   * "alt flink: warning: message", as the command's own warnings read (SimpleFormatter's levels are upper case), in
   * command-line words ({@link #forCommandLine}: a reader's "(--labels-last 2, ReadOptions.withLabelsLast)" named the
   * Java API to a person at the command line).
   */
  static final java.util.logging.Formatter ONE_LINE = new java.util.logging.Formatter() {
    @Override
    public String format(java.util.logging.LogRecord r) {
      Throwable t = r.getThrown();
      return "alt flink: " + r.getLevel().getName().toLowerCase(Locale.ROOT) + ": " + forCommandLine(formatMessage(r))
          + (t != null ? ": " + t : "") + System.lineSeparator();
    }
  };

  /**
   * A filter that lets each message through once: a reader's warning about a file (a MEKA -C that may be stale) came
   * once as the client read the header and again from every reader of the job in the same process.
   */
  static java.util.logging.Filter onceEach() {
    java.util.Set<String> said = java.util.concurrent.ConcurrentHashMap.newKeySet();
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
      System.err.println("alt flink: " + printable(message));
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
        if (root instanceof org.altml.sparse.io.DataFormatException) {
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
   * ({@code (--labels-xml FILE, ReadOptions.withLabelFile)}); the API names are left out.
   */
  static String forCommandLine(String message) {
    return printable(message.replaceAll(", ReadOptions\\.with\\w+", ""));
  }

  /** {@code text} safe on a terminal: a data file's control characters (escape sequences) shown as escapes. */
  static String printable(String text) {
    return org.altml.sparse.io.TerminalText.printable(text);
  }

  /** What both subcommands take. */
  abstract static class Common implements Callable<Integer> {
    @Option(names = "--data", required = true, arity = "1..*", paramLabel = "FILE", description = "LIBSVM or ARFF files (.gz too)")
    List<String> data;
    @Option(names = "--parallelism", paramLabel = "P", defaultValue = "1", description = "parallel learners/predictors P (default ${DEFAULT-VALUE})")
    int parallelism;
    @Option(names = "--num-labels", paramLabel = "L", defaultValue = "0", description = "L of LIBSVM data (ARFF: from the header)")
    int numLabels;
    @Option(names = "--num-features", paramLabel = "D", defaultValue = "0", description = "d when declared")
    int numFeatures;
    @Option(names = "--zero-based", description = "LIBSVM feature indices start at 0")
    boolean zeroBased;
    @Option(names = "--labels-xml", paramLabel = "FILE", description = "Mulan XML label file of ARFF data without one beside it")
    String labelsXml;
    @Option(names = "--labels-last", paramLabel = "N", defaultValue = "-1", description = "ARFF: the last N attributes are the labels")
    int labelsLast;
    @Option(names = "--labels-first", paramLabel = "N", defaultValue = "-1", description = "ARFF: the first N attributes are the labels"
        + " (MEKA's layout)")
    int labelsFirst;
    @Option(names = "--out", paramLabel = "DIR", description = "folder for predictions.jsonl, bad-records.jsonl, reports.jsonl and models")
    Path out;
    @Option(names = "--no-predictions", description = "count predictions, do not keep them (throughput runs)")
    boolean noPredictions;
    @Option(names = "--scores", description = "predictions carry the label and threshold scores")
    boolean scores;
    @Option(names = "--checkpoint-ms", paramLabel = "MS", defaultValue = "5000", description = "checkpoint interval in ms (0: off; default ${DEFAULT-VALUE})")
    long checkpointMs;
    @Option(names = "--checkpoint-dir", paramLabel = "DIR", description = "where checkpoints go (default: a folder under java.io.tmpdir; a shared file system"
        + " on a cluster)")
    String checkpointDir;
    @Option(names = "--restarts", paramLabel = "N", defaultValue = "0", description = "restarts from the last checkpoint after a failure (default ${DEFAULT-VALUE}:"
        + " a failure ends the job with its error); bad data (a broken gzip file, an unusable header) and a diverged"
        + " learner end it at once")
    int restarts;

    DataSpec dataSpec() {
      return dataSpec(numLabels);
    }

    /** The data options as a spec, with {@code l} labels for LIBSVM data (0: not declared). */
    DataSpec dataSpec(int l) {
      return new DataSpec(l, numFeatures, zeroBased, labelsXml, labelsLast, List.of(), labelsFirst);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** A usage error (exit 2) naming the option, as picocli reports its own. */
    CommandLine.ParameterException usage(String message) {
      return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Flink's largest parallelism (its maximum number of key groups). */
    static final int MAX_PARALLELISM = 32768;

    /** Refuses option values the jobs cannot take, before anything runs. */
    void checkOptions() {
      if (parallelism < 1 || parallelism > MAX_PARALLELISM) {
        throw usage("--parallelism must be 1 to " + MAX_PARALLELISM + " (Flink's largest), not " + parallelism);
      }
      Path checkpoints = checkpointDir == null ? null : DataSpec.localPath(checkpointDir);
      if (checkpoints != null && Files.exists(checkpoints) && !Files.isDirectory(checkpoints)) {
        throw usage("--checkpoint-dir " + checkpointDir + " is a file, not a folder: checkpoints are folders inside it");
      }
      if (numFeatures < 0 || numLabels < 0) {
        throw usage("--num-labels and --num-features must be >= 0 (0: from the data)");
      }
      if (checkpointMs < 0) {
        throw usage("--checkpoint-ms must be >= 0 (0: no checkpoints), not " + checkpointMs);
      }
      if (restarts < 0) {
        throw usage("--restarts must be >= 0, not " + restarts);
      }
      if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
        throw usage("--out " + out + " is a file, not a folder: the outputs are files inside it");
      }
      // options that would be ignored in silence
      if (checkpointDir != null && checkpointMs == 0) {
        throw usage("--checkpoint-dir " + checkpointDir + " is where checkpoints go, and --checkpoint-ms 0 turns them off");
      }
      if (restarts > 0 && checkpointMs == 0) {
        // without a checkpoint a restart starts the job over, and the records already collected would come again
        throw usage("--restarts resumes from the last checkpoint, and --checkpoint-ms 0 takes none");
      }
      if (scores && noPredictions) {
        throw usage("--scores adds the scores to the predictions, which --no-predictions does not keep");
      }
      Path xml = labelsXml == null ? null : DataSpec.localPath(labelsXml);
      if (xml != null && !Files.isRegularFile(xml)) {
        throw usage("--labels-xml " + labelsXml + ": no such file");
      }
      // an option of a format none of the inputs has would be ignored in silence (the jobs read a format by its name)
      List<String> dataInputs = dataInputs();
      boolean anyArff = dataInputs.stream().anyMatch(DataSpec::isArff);
      boolean anyLibSvm = dataInputs.stream().anyMatch(f -> !DataSpec.isArff(f));
      if (zeroBased && !anyLibSvm && anyArff) {
        throw usage("--zero-based is a LIBSVM option, and every input is ARFF (" + dataInputs.get(0) + ")");
      }
      if (numLabels > 0 && !anyLibSvm && anyArff) {
        throw usage("--num-labels is a LIBSVM option (its lines list labels by index), and every input is ARFF ("
            + dataInputs.get(0) + "), which declares its labels");
      }
      int labelOptions = (labelsXml != null ? 1 : 0) + (labelsLast >= 0 ? 1 : 0) + (labelsFirst >= 0 ? 1 : 0);
      if (labelOptions > 1) {
        // the readers would take one and ignore the others in silence
        throw usage("give one of --labels-xml, --labels-last and --labels-first, not " + labelOptions);
      }
      if ((labelsXml != null || labelsLast >= 0 || labelsFirst >= 0) && !anyArff && anyLibSvm) {
        throw usage((labelsXml != null ? "--labels-xml" : labelsLast >= 0 ? "--labels-last" : "--labels-first") + " is an ARFF option, and every input is LIBSVM ("
            + dataInputs.get(0) + ", whose lines list their labels)");
      }
      List<Path> outputs;
      try {
        outputs = existingOutputs();
      } catch (IOException e) {
        throw usage("--out " + out + ": cannot be listed (" + e.getMessage() + ")");
      }
      for (String input : inputs()) {
        Path local = DataSpec.localPath(input);
        if (local == null) {
          continue; // on another file system: Flink reads it, and it is never under --out
        }
        if (!Files.isRegularFile(local)) {
          throw usage(optionOf(input) + " " + input + ": " + (Files.isDirectory(local) ? "is a folder; give the files in it"
              : Files.exists(local) ? "not a regular file (Flink's file source reads files: a device, pipe or socket it cannot"
              + " split)" : "no such file" + (input.matches("--?[A-Za-z].*") ? " (if " + input + " is meant as an option, "
              + spec.qualifiedName() + " does not take it: --data takes every file up to the next option it knows)" : "")));
        }
        try {
          // standard output redirected into an input (>> data.svm): what the job prints would be added to its input
          if (standardOutput != null && Files.isRegularFile(standardOutput) && OutputPaths.sameFile(local, standardOutput)) {
            throw usage("standard output is redirected to " + optionOf(input) + " " + input + ", which the job reads: what"
                + " it prints would be added to its input; redirect the output to another file");
          }
          // an input under --out with an output's name, or one that an output there links to (or is a hard link
          // of), would be replaced or written through
          for (Path existing : outputs) {
            if (OutputPaths.sameFile(local, existing)) {
              boolean there = existing.toAbsolutePath().normalize().equals(local.toAbsolutePath().normalize());
              throw usage("--out " + out + " would replace the input " + input + (there ? ", an output's name there"
                  : " through " + existing + ", which is the same file") + ": give another folder");
            }
          }
        } catch (IOException e) {
          throw usage("--out " + out + ": cannot be checked against the input " + input + " (" + e.getMessage() + ")");
        }
        if (!optionOf(input).equals("--model")) {
          checkNameFitsContent(optionOf(input) + " " + input, local);
        }
      }
    }

    /** The outputs every command writes under {@code --out}; an input of one of these names there would be replaced. */
    static final List<String> OUTPUT_NAMES = List.of("predictions.jsonl", "bad-records.jsonl", "reports.jsonl");

    /**
     * Refuses a data file whose name says otherwise than its content: Flink's file source reads a file through gzip
     * by its {@code .gz} name, and the jobs read ARFF by its {@code .arff} name (the CLI's readers look at the
     * content instead), so gzip data under another name would be read as lines of binary, and ARFF as bad LIBSVM
     * records.
     */
    private void checkNameFitsContent(String named, Path file) {
      byte[] head;
      try (java.io.InputStream in = Files.newInputStream(file)) {
        head = in.readNBytes(1 << 16);
      } catch (IOException e) {
        throw usage(named + ": cannot be read (" + e.getMessage() + ")");
      }
      boolean gzipData = head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
      boolean gzipName = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
      if (gzipData && !gzipName) {
        throw usage(named + ": is gzip-compressed, and Flink reads a file through gzip by its name: name it .gz");
      }
      if (!gzipData && gzipName && head.length > 0) {
        throw usage(named + ": is named .gz but is not gzip data: name it without .gz");
      }
      if (!gzipData && !DataSpec.isArff(file.toString()) && startsLikeArff(head)) {
        throw usage(named + ": is ARFF (it starts with @relation), and the jobs read ARFF by its name: name it .arff");
      }
      // what the command line's readers refuse at line 1 (UTF-16, an archive, other compression, binary data): the jobs
      // would read it as lines of bad records, or learn from an archive's members in silence
      byte[] text = head;
      if (gzipData) {
        try (java.io.InputStream in = new org.altml.sparse.io.StrictGzipInputStream(Files.newInputStream(file), 1 << 16)) {
          text = in.readNBytes(1 << 16);
        } catch (IOException e) {
          return; // a broken gzip stream: the job names its line when it gets there
        }
      }
      try {
        org.altml.sparse.io.RecordParser.checkFileStart(named, text, text.length);
      } catch (org.altml.sparse.io.DataFormatException e) {
        throw usage(e.getMessage());
      }
    }

    /** Whether the first line that is not blank or a % comment starts with @relation (any case). */
    private static boolean startsLikeArff(byte[] head) {
      for (String line : new String(head, StandardCharsets.ISO_8859_1).split("\n", -1)) {
        String t = line.strip();
        if (!t.isEmpty() && !t.startsWith("%")) {
          return t.toLowerCase(Locale.ROOT).startsWith("@relation");
        }
      }
      return false;
    }

    /** The files already under {@code --out} that the command would write (none when it does not exist). */
    List<Path> existingOutputs() throws IOException {
      if (out == null || !Files.isDirectory(out)) {
        return List.of();
      }
      try (java.util.stream.Stream<Path> files = Files.list(out)) {
        return files.filter(f -> writes(f.getFileName().toString())).toList();
      }
    }

    /** Whether the command writes a file named {@code name} under {@code --out}. */
    boolean writes(String name) {
      return OUTPUT_NAMES.contains(name);
    }

    /** The option that named the input {@code file} (--data, or per command --test or --model). */
    String optionOf(String file) {
      return "--data";
    }

    /** The data files the command reads (data, and per command its test files; not a model). */
    List<String> dataInputs() {
      return data;
    }

    /** Every file the command reads (data, and per command its test files or model). */
    List<String> inputs() {
      return data;
    }

    /**
     * Where the files scored after training (run's --test) start among {@link #inputs()}; {@code inputs().size()}
     * when the command has none.
     */
    int testFrom() {
      return inputs().size();
    }

    /** Where this process's standard output goes, as a path (tests give a file). */
    static volatile Path standardOutput = Path.of("/dev/stdout");

    /** Tests: where a run's own checkpoint folder is made (null: java.io.tmpdir). */
    static volatile Path checkpointRoot;

    /** Runs the command's job; the checkpoint folder it made is removed however it ends. */
    @Override
    public final Integer call() throws Exception {
      try {
        return job();
      } finally {
        removeOwnCheckpoints();
      }
    }

    /** The command's job. */
    abstract Integer job() throws Exception;

    /** The checkpoint folder this run made under java.io.tmpdir (no --checkpoint-dir), removed when the job ends; or null. */
    Path ownCheckpoints;

    /** Removes {@link #ownCheckpoints} and everything in it (what Flink left: the job's folder, its shared state). */
    synchronized void removeOwnCheckpoints() {
      Path dir = ownCheckpoints;
      ownCheckpoints = null;
      if (dir == null || !Files.exists(dir)) {
        return;
      }
      try {
        deleteTree(dir);
      } catch (IOException e) {
        System.err.println("alt flink: warning: could not remove the checkpoint folder " + dir + ": " + e.getMessage());
      }
    }

    /** The start of the name of a run's own checkpoint folder; the process id and a unique part follow. */
    static final String CHECKPOINTS_PREFIX = "alt-flink-checkpoints-";

    /**
     * Removes the checkpoint folders that runs killed by SIGKILL (or a crash) left in {@code root}: named
     * {@code alt-flink-checkpoints-PID-...} with a PID that is no longer alive. Best effort, like the temporary
     * files of {@link org.altml.sparse.io.AtomicOutput}: what cannot be removed stays, quietly.
     */
    static void removeStaleCheckpoints(Path root) {
      try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(root, CHECKPOINTS_PREFIX + "*")) {
        for (Path p : entries) {
          // an older build's folder has no PID: its run cannot be told, and it stays
          if (OutputPaths.leftByDeadProcess(p.getFileName().toString().substring(CHECKPOINTS_PREFIX.length()))
              && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            deleteTree(p);
          }
        }
      } catch (IOException | RuntimeException e) {
        // best effort: a stale folder costs disk space, failing the run over it would cost the run
      }
    }

    private static void deleteTree(Path dir) throws IOException {
      try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
        for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }

    /** The job's environment; {@link #checkOptions()} must have passed. */
    StreamExecutionEnvironment env() throws IOException {
      Configuration conf = new Configuration();
      if (restarts > 0) {
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restarts);
      } else {
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
      }
      // checkpoints to files: the job manager's memory (Flink's default without a folder) takes at most 5 MB of
      // state, and a model of RCV1's shape is 38 MB
      if (checkpointMs > 0) {
        String dir;
        if (checkpointDir != null) {
          dir = DataSpec.uri(checkpointDir); // a plain path is a local folder, as for the data
        } else {
          // a folder of this run's own under java.io.tmpdir, removed when the job ends (restarts resume inside one run);
          // named with this process's id, so that a later run can tell the folder of a killed run and remove it
          Path root = checkpointRoot == null ? Path.of(System.getProperty("java.io.tmpdir")) : checkpointRoot;
          removeStaleCheckpoints(root);
          ownCheckpoints = Files.createTempDirectory(root, CHECKPOINTS_PREFIX + ProcessHandle.current().pid() + "-");
          dir = ownCheckpoints.toAbsolutePath().toUri().toString();
          // a job that runs until cancelled (predict --watch) ends by Ctrl-C, past every finally
          Runtime.getRuntime().addShutdownHook(new Thread(this::removeOwnCheckpoints, "alt-flink-checkpoint-cleanup"));
        }
        conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir);
      }
      // a report may carry a model (38 MB of doubles for RCV1's W): the collect sink's batches must hold one
      conf.setString("collect-sink.batch-size.max", "512mb");
      StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
      env.setParallelism(parallelism);
      if (checkpointMs > 0) {
        env.enableCheckpointing(checkpointMs);
      }
      return env;
    }

    /** Whether the job runs until cancelled, so that its outputs stream out as they come instead of at its end. */
    boolean endless() {
      return false;
    }

    /** Runs the job, writes the outputs, prints the summary. */
    int execute(StreamExecutionEnvironment env, Jobs.Streams streams, String mode) throws Exception {
      DataStream<String> main = streams.main() == null ? null : streams.main().getType().equals(Types.STRING)
          && !(this instanceof Run) ? streams.main().transform("count", Types.STRING, new Counting<String>(!noPredictions))
          .setParallelism(streams.main().getParallelism()) : streams.main();
      DataStream<String> all = new Jobs.Streams(main, streams.bad(), streams.reports()).all();
      Path created = out == null ? null : org.altml.sparse.io.OutputPaths.firstMissing(out); // what createDirectories makes
      if (out != null) {
        Files.createDirectories(out);
      }
      try {
        return endless() ? stream(all, mode) : collect(all, main, mode);
      } catch (Exception | Error e) {
        if (created != null) {
          // the folders this job made and left empty (its outputs are written only at a good end; a watching job's
          // streamed lines keep theirs)
          org.altml.sparse.io.OutputPaths.removeEmptyUpTo(out, created);
        }
        throw e;
      }
    }

    /** Runs a job that ends, collecting its outputs to write them when it has ended well; prints the summary. */
    private int collect(DataStream<String> all, DataStream<String> main, String mode) throws Exception {
      long start = System.nanoTime();
      long n = 0;
      long bad = 0;
      long predicted = 0;
      BadRecords badOnes = new BadRecords();
      List<String> reports = new ArrayList<>();
      List<long[]> spans = new ArrayList<>(); // per counting subtask: first and last record (ms)
      long endMs = 0; // the end of the job's work, inside the job (JobEnd)
      TestMetrics test = new TestMetrics();
      FeaturesBeyond beyond = new FeaturesBeyond(); // predict's LIBSVM records beyond the model's d, per file
      // the end of the job's work is stamped where its results leave it, chained to the collect sink (p = 1)
      all = all.transform("end of the job", Types.STRING, new JobEnd()).setParallelism(1).uid("job-end");
      // the outputs are written aside and moved into place only when the job has ended well: a failed job leaves
      // no half-written file and the outputs of an earlier run as they were
      try (AtomicOutput predictionsFile = output("predictions.jsonl"); AtomicOutput badFile = output("bad-records.jsonl");
          AtomicOutput reportsFile = output("reports.jsonl")) {
        PrintWriter predictions = writer(predictionsFile);
        PrintWriter badRecords = writer(badFile);
        PrintWriter reportLines = writer(reportsFile);
        CloseableIterator<String> it = all.executeAndCollect("alt flink " + mode);
        try {
          while (it.hasNext()) {
            String line = it.next();
            if (line.startsWith("{\"type\":\"prediction\"")) {
              predicted++;
              if (!noPredictions) { // run's predictions are not counted on the way (its records are the examples learned)
                predictions.println(line);
              }
            } else if (line.startsWith("{\"type\":\"bad\"")) {
              bad++;
              badRecords.println(line);
              badOnes.offer(line);
            } else if (line.startsWith("{\"type\":\"count\"")) {
              n += field(line, "n");
              if (field(line, "n") > 0) {
                spans.add(new long[] {field(line, "firstMs"), field(line, "lastMs")});
              }
            } else if (line.startsWith(JobEnd.TYPE)) {
              endMs = field(line, "endMs");
            } else if (!test.offer(line) && !beyond.offer(line)) { // a predictor's test metrics are merged, then written as one line
              reports.add(line);
              reportLines.println(line.replaceAll(",\"model\":\"[^\"]*\"", ""));
            }
          }
        } finally {
          it.close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String failure = null;
        if (bad > 0 && predicted == 0 && counted(n, reports) == 0) {
          failure = "every record was bad (" + bad + "), the first " + badOnes.all.describe();
        } else if (this instanceof Run && testFrom() < inputs().size() && badOnes.training.count() > 0 && counted(n, reports) == 0) {
          // run --test scored its test records with a model that learned nothing: every training record was bad
          failure = "every training record was bad (" + badOnes.training.count() + "), the first " + badOnes.training.describe();
        } else if (badOnes.test.count() > 0 && predicted == 0) {
          // run --test learned, but could score none of the test records: the evaluation asked for did not happen
          failure = "every --test record was bad (" + badOnes.test.count() + "), the first " + badOnes.test.describe();
        }
        if (failure != null) {
          // a failed job: the bad records say why, and an earlier run's predictions, reports and models stay
          commit(badRecords, badFile);
          return summarize(mode, main, n, bad, failure, reports, new Timing(seconds, spans, endMs), null);
        }
        if (out == null && bad > 0) {
          // without --out the bad records are kept nowhere: say how many, and the first
          System.err.println("alt flink: warning: " + printable(bad + " bad record" + (bad == 1 ? "" : "s") + ", the first "
              + badOnes.all.describe() + "; give --out DIR to keep them all in DIR/bad-records.jsonl"));
        }
        for (String warning : beyond.warnings()) {
          System.err.println("alt flink: warning: " + printable(warning));
        }
        if (test.any()) {
          reportLines.println(test.reportLine());
          if (test.examples() == 0) {
            System.err.println("alt flink: warning: the --test files have no records; nothing was scored, and every test metric is"
                + " undefined");
          }
          String allEmpty = test.allEmptyWarning(this instanceof Run r ? r.learner : null);
          if (allEmpty != null) {
            System.err.println("alt flink: warning: " + allEmpty);
          }
        }
        java.util.Set<String> models = writeModels(mode, reports);
        commit(predictions, predictionsFile);
        commit(badRecords, badFile);
        commit(reportLines, reportsFile);
        if (mode.equals("keyed")) {
          removeStaleKeyModels(models);
        }
        return summarize(mode, main, n, bad, null, reports, new Timing(seconds, spans, endMs), test.json());
      }
    }

    /**
     * The bad records of a job as they arrive, and the first of them in the order the inputs were given: by the
     * position of the record's file among {@link #inputs()} (as given, or as the file source names a local one), then by
     * line (records arrive in any order at p > 1); the first of all, of the files learned from (before
     * {@link #testFrom()}, and a file named otherwise than every input) and of run's --test files. The inputs' names are
     * resolved once; each record is read once.
     */
    private final class BadRecords {
      private final Map<String, Integer> ranks = new java.util.HashMap<>();
      private final int unknown = inputs().size(); // after every input: a file the source names otherwise
      private final int testFrom = testFrom();
      final First all = new First();
      final First training = new First();
      final First test = new First();

      BadRecords() {
        List<String> in = inputs();
        for (int i = 0; i < in.size(); i++) {
          ranks.putIfAbsent(in.get(i), i);
          Path local = DataSpec.localPath(in.get(i));
          if (local != null) {
            ranks.putIfAbsent(local.toAbsolutePath().normalize().toString(), i);
          }
        }
      }

      void offer(String bad) {
        String f = String.valueOf(Output.stringField(bad, "file"));
        int k = ranks.getOrDefault(f, unknown);
        long l = field(bad, "line");
        all.offer(bad, f, k, l);
        (k < testFrom || k == unknown ? training : test).offer(bad, f, k, l);
      }

      /** The first of some bad records, and how many. */
      final class First {
        private String record;
        private String file = "";
        private int rank;
        private long line;
        private long count;

        private void offer(String bad, String f, int k, long l) {
          count++;
          if (record == null || k < rank || k == rank && (l < line || l == line && f.compareTo(file) < 0)) {
            record = bad;
            file = f;
            rank = k;
            line = l;
          }
        }

        /** How many records were offered. */
        long count() {
          return count;
        }

        /** "file:line: reason" of the first bad record. */
        String describe() {
          return file + ":" + line + ": " + Output.stringField(record, "reason");
        }
      }
    }

    /** The records a job counted: for run the examples learned (an ARFF header's lines are not), else the lines scored. */
    private long counted(long n, List<String> reports) {
      if (!(this instanceof Run)) {
        return n;
      }
      long examples = 0;
      for (String r : reports) {
        if (r.startsWith("{\"type\":\"key\"") || r.contains("\"round\":\"final\"")) {
          examples += field(r, "count");
        }
      }
      return examples;
    }

    /**
     * Prints the job's summary line; returns its exit code: 0, or 2 when every record was bad (a job over data it
     * could not read at all has failed, though Flink ran it to its end), or with run's --test files every training
     * record or every test record, naming the first of them.
     *
     * @param failure when the job failed so, what failed and the first bad record ("every record was bad (N), the
     *     first file:line: reason"); else null
     */
    private int summarize(String mode, DataStream<String> main, long n, long bad, String failure, List<String> reports,
        Timing timing, String test) {
      long counted = counted(n, reports);
      if (counted == 0 && bad == 0) {
        // an empty file (or comments only) is a job that succeeds doing nothing: say so, as the command line does
        System.err.println("alt flink: warning: the data has no records; nothing was " + (this instanceof Run ? "learned" : "scored"));
      }
      boolean failed = failure != null;
      if (failed) {
        // a job over data it cannot read at all: an error, with the first bad record's file, line and problem
        System.err.println("alt flink: " + printable(failure + (out != null
            ? "; all in " + out.resolve("bad-records.jsonl") + " (the outputs of an earlier run there are kept)" : "")
            + "; nothing was " + (this instanceof Run && counted == 0 ? "learned" : "scored")));
      }
      StringBuilder summary = new StringBuilder("{\"mode\":").append(Output.quote(mode)).append(",\"parallelism\":").append(parallelism)
          .append(",\"records\":").append(counted).append(",\"bad\":").append(bad);
      timing.appendTo(summary, counted, main != null);
      for (String r : reports) {
        if (r.contains("\"round\":\"final\"")) {
          summary.append(",\"final\":").append(r.replaceAll(",\"model\":\"[^\"]*\"", ""));
        }
      }
      if (reports.stream().anyMatch(r -> r.startsWith("{\"type\":\"key\""))) {
        summary.append(",\"keys\":").append(reports.stream().filter(r -> r.startsWith("{\"type\":\"key\"")).count());
      }
      if (test != null) {
        summary.append(",\"test\":").append(test); // run --test: the metrics of the scored test records, as alt test's
      }
      System.out.println(summary.append('}'));
      return failed ? 2 : 0;
    }

    /**
     * The outputs of a job that runs until cancelled: each line written and flushed as it arrives (predictions to
     * {@code --out}'s files, or predictions to stdout and bad records to stderr without it), since a job that
     * never ends cannot move whole files into place at its end. A cancelled run keeps every line that arrived; the
     * three files of an earlier run stay as they were until the first line comes, and are then replaced together.
     */
    private int stream(DataStream<String> all, String mode) throws Exception {
      List<LazyFileOutput> files = out == null ? null : LazyFileOutput.group(List.of(out.resolve("predictions.jsonl"),
          out.resolve("bad-records.jsonl"), out.resolve("reports.jsonl")));
      try (PrintWriter predictions = streamed(files, 0, System.out); PrintWriter badRecords = streamed(files, 1, System.err);
          PrintWriter reportLines = streamed(files, 2, null)) {
        CloseableIterator<String> it = all.executeAndCollect("alt flink " + mode);
        try {
          streamLines(it, predictions, badRecords, reportLines);
        } finally {
          it.close();
        }
      }
      return 0;
    }

    private void streamLines(CloseableIterator<String> it, PrintWriter predictions, PrintWriter badRecords,
        PrintWriter reportLines) {
      while (it.hasNext()) {
        String line = it.next();
        if (line.startsWith("{\"type\":\"prediction\"")) {
          if (!noPredictions) {
            predictions.println(line);
          }
        } else if (line.startsWith("{\"type\":\"bad\"")) {
          badRecords.println(line);
        } else if (!line.startsWith("{\"type\":\"count\"")) {
          reportLines.println(line.replaceAll(",\"model\":\"[^\"]*\"", ""));
        }
      }
    }

    /**
     * A line writer flushing every line, to {@code --out}'s file {@code files[i]}, or else (files null) to
     * {@code console} (null: nowhere).
     */
    private static PrintWriter streamed(List<LazyFileOutput> files, int i, java.io.PrintStream console) {
      if (files != null) {
        return new PrintWriter(new java.io.BufferedWriter(new java.io.OutputStreamWriter(files.get(i), StandardCharsets.UTF_8)), true);
      }
      // closing it must leave the console open (a failure's message goes to stderr after)
      java.io.OutputStream kept = console == null ? null : new java.io.FilterOutputStream(console) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          flush();
        }
      };
      return kept != null ? new PrintWriter(new java.io.OutputStreamWriter(kept, StandardCharsets.UTF_8), true)
          : new PrintWriter(java.io.OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
    }

    /** The output {@code name} under {@code --out}, written to a temporary file until committed; null without {@code --out}. */
    private AtomicOutput output(String name) throws IOException {
      return out == null ? null : AtomicOutput.create(out.resolve(name));
    }

    private static PrintWriter writer(AtomicOutput output) {
      return output == null ? new PrintWriter(java.io.OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8)
          : new PrintWriter(output.writer());
    }

    /** Flushes {@code w} and commits {@code output} into place; PrintWriter hides its errors, so they are asked for. */
    private static void commit(PrintWriter w, AtomicOutput output) throws IOException {
      w.flush();
      if (w.checkError()) {
        throw new IOException((output == null ? "an output" : output.target()) + ": could not be written");
      }
      if (output != null) {
        output.commit();
      }
    }

    /**
     * The label names and d of the data (declared: an ARFF header or --num-features; 0: unknown), for the model
     * files (set by {@code run}; null names: the label ids).
     */
    List<String> labelNames;
    int numFeaturesDeclared;
    /** The data's feature names (an ARFF header), recorded in the models as a digest; empty: none. */
    List<String> featureNames = List.of();

    /**
     * Removes the {@code key-*.model} files under {@code --out} that this keyed run did not write (keys of an earlier
     * run, no longer in the data), so that the folder holds this run's models only; says how many on stderr.
     */
    private void removeStaleKeyModels(java.util.Set<String> written) throws IOException {
      if (out == null) {
        return;
      }
      List<Path> stale = new ArrayList<>();
      try (java.nio.file.DirectoryStream<Path> models = Files.newDirectoryStream(out, "key-*.model")) {
        for (Path p : models) {
          if (!written.contains(p.getFileName().toString()) && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            stale.add(p);
          }
        }
      }
      for (Path p : stale) {
        Files.deleteIfExists(p);
      }
      if (!stale.isEmpty()) {
        System.err.println("alt flink: removed " + stale.size() + " key-*.model file" + (stale.size() == 1 ? "" : "s")
            + " of an earlier run from " + out + " (keys not in this run's data)");
      }
    }

    /** The key a keyed report is about (JSON-escaped as the report has it). */
    private static String keyOf(String report) {
      return report.replaceAll("^\\{\"type\":\"key\",\"key\":\"([^\"]*)\".*", "$1");
    }

    /** Writes the models the reports carry under {@code --out}; returns the names of the files written. */
    private java.util.Set<String> writeModels(String mode, List<String> reports) throws IOException {
      java.util.Set<String> written = new java.util.HashSet<>();
      if (out == null) {
        return written;
      }
      Pattern model = Pattern.compile("\"model\":\"([^\"]*)\"");
      // in key order, so that the -2, -3 of keys sharing a file name go to the same keys in every run
      List<String> ordered = new ArrayList<>(reports);
      ordered.sort(java.util.Comparator.comparing(r -> r.startsWith("{\"type\":\"key\"") ? keyOf(r) : ""));
      for (String r : ordered) {
        Matcher m = model.matcher(r);
        if (!m.find()) {
          continue;
        }
        String name;
        if (r.startsWith("{\"type\":\"key\"")) {
          String base = "key-" + keyOf(r).replaceAll("[^A-Za-z0-9._-]", "_");
          name = base + ".model";
          // keys that differ only where file names cannot hold them (a_b/c and a/b_c) get -2, -3, ...: a model each
          for (int k = 2; written.contains(name); k++) {
            name = base + "-" + k + ".model";
          }
        } else {
          name = "final.model";
        }
        // the data's label names and d go into the file, so that alt predict and alt flink predict can check the
        // data they are given against the model (DataFit); written atomically, as alt train writes its models
        OnlineMultiLabelLearner learner = Models.learner(Base64.getDecoder().decode(m.group(1)), name);
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("trainedBy", "alt flink run --mode " + mode);
        provenance.put("data", String.join(",", data));
        if (r.startsWith("{\"type\":\"key\"")) {
          provenance.put("key", keyOf(r)); // the key itself: its file name may carry a -2
        }
        String features = DataFit.featureNamesDigest(featureNames, numFeaturesDeclared);
        if (features != null) {
          provenance.put(DataFit.FEATURE_NAMES_SHA256, features);
        }
        ModelIo.write(new SavedModel(learner, labelNames, numFeaturesDeclared, FeatureScaler.of(FeatureScaling.NONE),
            provenance), out.resolve(name));
        written.add(name);
      }
      return written;
    }
  }

  static long field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":(\\d+)").matcher(json);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** {@code alt flink run}: one model per key, or data-parallel training. */
  @Command(name = "run", mixinStandardHelpOptions = true, description = "Train online on Flink: one model per key (keyed) or one model"
      + " from p workers averaged every N records (parallel).")
  static final class Run extends Common {
    enum Mode { KEYED, PARALLEL }

    @Option(names = "--mode", required = true, paramLabel = "keyed|parallel", description = "keyed or parallel")
    Mode mode;
    @Option(names = "--learner", required = true, paramLabel = "NAME", description = "a registered learner kind (alt evaluate --help lists them)")
    String learner;
    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "a learner parameter by name, e.g. --set eta=0.5 --set maxUpdates=4")
    Map<String, String> set = new LinkedHashMap<>();
    @Option(names = "--key-by", paramLabel = "file|mod:K", defaultValue = "file", description = "keyed: 'file' or 'mod:K' (default ${DEFAULT-VALUE})")
    String keyBy;
    @Option(names = "--mix-every", paramLabel = "N", defaultValue = "0", description = "parallel: average the workers' models every N records (0: only at the end)")
    long mixEvery;
    @Option(names = "--test", paramLabel = "FILE", arity = "1..*", description = "parallel: labelled files scored as they are read"
        + " by the averaged model in effect then (with --mix-every 0, the final model; with N > 0, the first averages); their"
        + " metrics, as alt test's, go to the summary and reports.jsonl")
    List<String> test = new ArrayList<>();
    @CommandLine.Mixin MismatchOptions mismatch = new MismatchOptions();
    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "seed of the learners' random choices")
    long seed;
    @Option(names = "--zero-division", paramLabel = "POLICY", defaultValue = "spec", description = "0/0 in the metrics (prequential"
        + " and --test), as alt evaluate's: spec (1 when both sets are empty, else 0), zero or one (default: ${DEFAULT-VALUE})")
    String zeroDivision;
    private DataStream<String> trainingLines;

    @Override
    List<String> inputs() {
      List<String> all = new ArrayList<>(data);
      all.addAll(test);
      return all;
    }

    @Override
    List<String> dataInputs() {
      return inputs();
    }

    @Override
    String optionOf(String file) {
      return test.contains(file) && !data.contains(file) ? "--test" : "--data";
    }

    @Override
    int testFrom() {
      return data.size();
    }

    /** Also its models: final.model, key-*.model. */
    @Override
    boolean writes(String name) {
      return super.writes(name) || name.equals("final.model") || name.startsWith("key-") && name.endsWith(".model");
    }

    @Override
    Integer job() throws Exception {
      if (mixEvery < 0) {
        throw usage("--mix-every must be >= 0 (0: average only at the end), not " + mixEvery);
      }
      // options of the other mode would be ignored
      CommandLine.ParseResult given = spec.commandLine().getParseResult();
      for (String option : mode == Mode.KEYED ? List.of("--mix-every", "--test", "--allow-shape-mismatch", "--allow-new-features")
          : List.of("--key-by")) {
        if (given.hasMatchedOption(option)) {
          throw usage(option + " is for --mode " + (mode == Mode.KEYED ? "parallel" : "keyed") + ", not " + mode.name()
              .toLowerCase(java.util.Locale.ROOT));
        }
      }
      for (String option : List.of("--allow-shape-mismatch", "--allow-new-features")) {
        if (mode == Mode.PARALLEL && test.isEmpty() && given.hasMatchedOption(option)) {
          throw usage(option + " is for --test FILE (test files whose shape differs from the training data's)");
        }
      }
      Settings settings;
      org.altml.core.metric.ZeroDivisionPolicy policy;
      try { // a learner, a parameter, a key or a policy the job cannot take is a usage error like the others
        policy = zeroDivisionPolicy(zeroDivision);
        settings = Settings.parse(LearnerRegistry.get(learner), set);
        if (mode == Mode.KEYED) {
          Jobs.keyBy(keyBy);
        }
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
      checkOptions();
      if (!test.isEmpty() && mixEvery > 0) {
        System.err.println("alt flink: warning: the --test files are scored as they are read, by the first averaged models"
            + " (every " + mixEvery + " records), not by final.model; give --mix-every 0 to score them by the final model");
      }
      DataSpec spec = dataSpec();
      DataSpec.Labels labels = spec.labels(inputs()); // the --test files must name the training files' labels too
      for (ShapeFit.Misfit m : spec.checkTestShape(data, test, mismatch.allowed())) {
        System.err.println("alt flink: warning: " + printable(m.problem()) + " (" + m.allowance() + ")");
      }
      spec = spec.boundingLibSvmTests(data, test, labels.numFeatures(), mismatch.allowed());
      labelNames = labels.names();
      numFeaturesDeclared = labels.numFeatures();
      featureNames = labels.featureNames();
      LearnerSetup setup = LearnerSetup.of(settings, labels.numLabels(), labels.numFeatures(), seed).withZeroDivision(policy);
      StreamExecutionEnvironment env = env();
      boolean models = out != null;
      // the training input's lines are counted as they leave the source (which the learners backpressure): the
      // summary's streamingRecordsPerSecond, without the job's start-up
      java.util.function.UnaryOperator<DataStream<TextLine>> count = lines -> {
        trainingLines = lines.transform("count lines", Types.STRING, new Counting<TextLine>(false)).setParallelism(lines.getParallelism());
        return lines;
      };
      Jobs.Streams streams = mode == Mode.KEYED
          ? Jobs.keyed(env, data, spec, setup, keyBy, parallelism, models, scores, count)
          : Jobs.parallel(env, data, spec, setup, parallelism, mixEvery, test, models, scores, count);
      streams = new Jobs.Streams(trainingLines, streams.bad(), streams.main() == null ? streams.reports()
          : streams.reports().union(streams.main()));
      return execute(env, streams, mode.name().toLowerCase(Locale.ROOT));
    }
  }

  /** The policy named {@code name} ({@code spec}, {@code zero} or {@code one}, any case), as alt's commands take it. */
  static org.altml.core.metric.ZeroDivisionPolicy zeroDivisionPolicy(String name) {
    try {
      return org.altml.core.metric.ZeroDivisionPolicy.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--zero-division " + e.getMessage(), e);
    }
  }

  /** {@code alt flink predict}: frozen scoring ({@link FrozenScorer}) or broadcast scoring with hot swap ({@link BroadcastScorer}). */
  @Command(name = "predict", mixinStandardHelpOptions = true, description = "Score files with P predictors:"
      + " a model file (frozen: each predictor reads it, chained to its share of the input) or the newest model dropped into a"
      + " folder (broadcast to the predictors, refreshed while the job runs).")
  static final class Predict extends Common {
    @Option(names = "--model", paramLabel = "FILE", description = "a model file (alt train --model, or final.model of alt flink run)")
    String model;
    @Option(names = "--watch", paramLabel = "DIR", description = "a folder: every new model file in it replaces the current model"
        + " (runs until cancelled; predictions stream out as they come, to --out's files or to stdout)")
    String watch;
    @Option(names = "--refresh-ms", paramLabel = "MS", defaultValue = "1000", description = "how often --watch looks (default ${DEFAULT-VALUE})")
    long refreshMs;
    @CommandLine.Mixin MismatchOptions mismatch = new MismatchOptions();

    @Override
    boolean endless() {
      return watch != null;
    }

    @Override
    List<String> inputs() {
      List<String> all = new ArrayList<>(data);
      if (model != null) {
        all.add(model);
      }
      return all;
    }

    @Override
    String optionOf(String file) {
      return file.equals(model) && !data.contains(file) ? "--model" : "--data";
    }

    @Override
    Integer job() throws Exception {
      checkOptions();
      if (refreshMs < 1) {
        throw usage("--refresh-ms must be >= 1, not " + refreshMs);
      }
      if (watch == null && spec.commandLine().getParseResult().hasMatchedOption("--refresh-ms")) {
        throw usage("--refresh-ms is how often --watch looks for new models, and a --model is read once");
      }
      if ((model == null) == (watch == null)) {
        throw usage("give --model FILE or --watch DIR");
      }
      Path watched = watch == null ? null : DataSpec.localPath(watch);
      if (watched != null && !Files.isDirectory(watched)) {
        throw usage("--watch " + watch + ": no such folder");
      }
      StreamExecutionEnvironment env = env();
      if (model != null) { // frozen: every predictor reads the file itself, chained to its source; L is the model's
        // (scoreFrozen reads the model once here, failing on a bad file, and checks the data against it)
        return execute(env, Jobs.scoreFrozen(env, data, dataSpec(), numLabels, model, parallelism, scores, null,
            mismatch.allowed()), "predict");
      }
      int l = numLabels;
      if (l < 1 && !data.isEmpty() && data.stream().allMatch(DataSpec::isArff)) {
        l = dataSpec().labels(data).numLabels(); // ARFF: from the header, as everywhere else
      }
      if (l < 1) {
        throw usage("--watch needs --num-labels L (the models' L) for LIBSVM data");
      }
      DataStream<ModelMessage> models = Jobs.watchModels(env, watch, Duration.ofMillis(refreshMs), l);
      DataSpec spec = dataSpec(l);
      return execute(env, Jobs.score(env, data, spec, l, models, parallelism, scores, null, mismatch.allowed()), "predict");
    }
  }
}
