package org.altml.flink.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.altml.flink.source.DataFileCheck;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.RecordFormat;
import org.altml.sparse.io.OutputPaths;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Refuses the option values an {@code alt flink} command's job cannot take, before anything runs: numbers out of range,
 * options that would be ignored in silence, an option of a data format none of the inputs has, inputs that are not
 * readable files or that the outputs would replace, and data files whose name says otherwise than their content.
 */
public final class FlinkOptionChecks {
  /** Where this process's standard output goes, as a path (tests give a file). */
  public static volatile Path standardOutput = Path.of("/dev/stdout");

  /** What a command reads and writes, as the checks need it. */
  public interface Inputs {
    /** Every file the command reads (data, and per command its test files or model). */
    List<String> inputs();

    /** The data files the command reads (data, and per command its test files; not a model). */
    List<String> dataInputs();

    /** The option that named the input {@code file} (--data, or per command --test or --model). */
    String optionOf(String file);

    /** Whether the command writes a file named {@code name} under {@code --out}. */
    boolean writes(String name);
  }

  private final CommandSpec spec;
  private final FlinkDataOptions data;
  private final FlinkJobOptions job;
  private final FlinkOutputOptions output;
  private final Inputs inputs;

  private FlinkOptionChecks(CommandSpec spec, FlinkDataOptions data, FlinkJobOptions job, FlinkOutputOptions output, Inputs inputs) {
    this.spec = spec;
    this.data = data;
    this.job = job;
    this.output = output;
    this.inputs = inputs;
  }

  /**
   * Checks the options of the command {@code spec}, whose files are {@code inputs}.
   *
   * @throws ParameterException (a usage error, exit 2) naming the option and the problem
   */
  public static void check(CommandSpec spec, FlinkDataOptions data, FlinkJobOptions job, FlinkOutputOptions output, Inputs inputs) {
    new FlinkOptionChecks(spec, data, job, output, inputs).check();
  }

  /** A usage error (exit 2) naming the option, as picocli reports its own. */
  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private void check() {
    int parallelism = job.parallelism;
    if (parallelism < 1 || parallelism > FlinkJobOptions.MAX_PARALLELISM) {
      throw usage("--parallelism must be 1 to " + FlinkJobOptions.MAX_PARALLELISM + " (Flink's largest), not " + parallelism);
    }
    String checkpointDir = job.checkpointDir;
    Path checkpoints = checkpointDir == null ? null : DataSpec.localPath(checkpointDir);
    if (checkpoints != null && Files.exists(checkpoints) && !Files.isDirectory(checkpoints)) {
      throw usage("--checkpoint-dir " + checkpointDir + " is a file, not a folder: checkpoints are folders inside it");
    }
    if (data.numFeatures < 0 || data.numLabels < 0) {
      throw usage("--num-labels and --num-features must be >= 0 (0: from the data)");
    }
    if (job.checkpointMs < 0) {
      throw usage("--checkpoint-ms must be >= 0 (0: no checkpoints), not " + job.checkpointMs);
    }
    if (job.restarts < 0) {
      throw usage("--restarts must be >= 0, not " + job.restarts);
    }
    Path out = output.out();
    if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
      throw usage("--out " + out + " is a file, not a folder: the outputs are files inside it");
    }
    // options that would be ignored in silence
    if (checkpointDir != null && job.checkpointMs == 0) {
      throw usage("--checkpoint-dir " + checkpointDir + " is where checkpoints go, and --checkpoint-ms 0 turns them off");
    }
    checkFailAt();
    if (job.restarts > 0 && job.checkpointMs == 0) {
      // without a checkpoint a restart starts the job over, and the records already collected would come again
      throw usage("--restarts resumes from the last checkpoint, and --checkpoint-ms 0 takes none");
    }
    if (output.scores && output.noPredictions) {
      throw usage("--scores adds the scores to the predictions, which --no-predictions does not keep");
    }
    Path xml = data.labelsXml == null ? null : DataSpec.localPath(data.labelsXml);
    if (xml != null && !Files.isRegularFile(xml)) {
      throw usage("--labels-xml " + data.labelsXml + ": no such file");
    }
    checkFormatOptions();
    checkInputs();
  }

  /** {@code --fail-at N} fails the job once after a checkpoint, to be restarted from it. */
  private void checkFailAt() {
    String problem = job.failAtProblem();
    if (problem != null) {
      throw usage(problem);
    }
  }


  /** An option of a format none of the inputs has would be ignored in silence (the jobs read a format by its name). */
  private void checkFormatOptions() {
    List<String> dataInputs = inputs.dataInputs();
    boolean anyArff = dataInputs.stream().anyMatch(DataSpec::isArff);
    boolean anyLibSvm = dataInputs.stream().anyMatch(f -> !DataSpec.isArff(f));
    if (data.zeroBased && !anyLibSvm && anyArff) {
      throw usage("--zero-based is a LIBSVM option, and every input is ARFF (" + dataInputs.get(0) + ")");
    }
    if (data.format == RecordFormat.JSON && !anyLibSvm && anyArff) {
      throw usage("--format json reads the records of files that are not ARFF, and every input is ARFF (" + dataInputs.get(0)
          + ", read as ARFF by its name)");
    }
    if (data.numLabels > 0 && !anyLibSvm && anyArff) {
      throw usage("--num-labels is a LIBSVM option (its lines list labels by index), and every input is ARFF ("
          + dataInputs.get(0) + "), which declares its labels");
    }
    boolean xml = data.labelsXml != null;
    boolean last = data.labelsLast >= 0;
    boolean first = data.labelsFirst >= 0;
    int labelOptions = (xml ? 1 : 0) + (last ? 1 : 0) + (first ? 1 : 0);
    if (labelOptions > 1) {
      // the readers would take one and ignore the others in silence
      throw usage("give one of --labels-xml, --labels-last and --labels-first, not " + labelOptions);
    }
    if ((xml || last || first) && !anyArff && anyLibSvm) {
      throw usage((xml ? "--labels-xml" : last ? "--labels-last" : "--labels-first") + " is an ARFF option, and every input is LIBSVM ("
          + dataInputs.get(0) + ", whose lines list their labels)");
    }
  }

  /**
   * Every local input must be a regular file that standard output is not redirected to and that no output would
   * replace, and a data file's name must fit its content ({@link DataFileCheck}).
   */
  private void checkInputs() {
    Path out = output.out();
    List<Path> outputs;
    try {
      outputs = existingOutputs();
    } catch (IOException e) {
      throw usage("--out " + out + ": cannot be listed (" + e.getMessage() + ")");
    }
    for (String input : inputs.inputs()) {
      Path local = DataSpec.localPath(input);
      if (local == null) {
        continue; // on another file system: Flink reads it, and it is never under --out
      }
      String option = inputs.optionOf(input);
      if (!Files.isRegularFile(local)) {
        throw usage(option + " " + input + ": " + (Files.isDirectory(local) ? "is a folder; give the files in it"
            : Files.exists(local) ? "not a regular file (Flink's file source reads files: a device, pipe or socket it cannot"
            + " split)" : "no such file" + (input.matches("--?[A-Za-z].*") ? " (if " + input + " is meant as an option, "
            + spec.qualifiedName() + " does not take it: --data takes every file up to the next option it knows)" : "")));
      }
      try {
        // standard output redirected into an input (>> data.svm): what the job prints would be added to its input
        Path stdout = standardOutput;
        if (stdout != null && Files.isRegularFile(stdout) && OutputPaths.sameFile(local, stdout)) {
          throw usage("standard output is redirected to " + option + " " + input + ", which the job reads: what"
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
      if (!option.equals("--model")) {
        String problem = DataFileCheck.problem(option + " " + input, local);
        if (problem != null) {
          throw usage(problem);
        }
      }
    }
  }

  /** The files already under {@code --out} that the command would write (none when it does not exist). */
  private List<Path> existingOutputs() throws IOException {
    Path out = output.out();
    if (out == null || !Files.isDirectory(out)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(out)) {
      return files.filter(f -> inputs.writes(f.getFileName().toString())).toList();
    }
  }
}
