package org.altml.cli.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.cli.options.DataOptions;
import org.altml.cli.output.CliOutput;
import org.altml.sparse.io.DataFormat;
import org.altml.sparse.io.OutputPaths;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.arff.MulanLabels;
import org.altml.sparse.io.files.DataFiles;

/**
 * The files one command reads and writes, checked before it reads or writes any of them, so that a
 * mistake costs nothing: no output may be the same file as an input (through links, other spellings or
 * standard input redirected from it: {@link OutputPaths#sameFile}), nor as another output; an output may
 * not replace a file the user did not name (the Mulan XML written beside an ARFF output) unless
 * {@code --overwrite}; standard input can be read once; inputs must exist and not be folders, and
 * outputs must be files in folders that exist. Every refusal is one line naming the options and the paths
 * as the user typed them.
 *
 * <pre>{@code
 * new CommandFiles()
 *     .data("--data", dataFile, dataOptions)   // and the label file it reads
 *     .input("--model", modelFile, "model file")
 *     .output("--out", outFile)
 *     .check();
 * }</pre>
 *
 * <p>Standard output redirected into a file is checked too: it may be neither an input (the shell opened it for
 * appending before the command ran) nor a file an output option names.
 *
 * <p>{@code -} is standard input as an input and standard output as an output. An output that already
 * exists and is not a regular file (a device such as {@code /dev/null}, a FIFO, {@code /dev/stdout}) is
 * written in place ({@link org.altml.sparse.io.AtomicOutput}), so it is not compared with the inputs (a
 * terminal is both standard input and standard output).
 */
public final class CommandFiles {
  /**
   * One file in one role.
   *
   * @param name how the message names it: the option and the path ({@code --out p.txt}), or a sentence
   * @param path the path as given
   * @param kind what it is, for messages ("data file", "model file", "label file")
   * @param named whether the user named it (an implied file is the label file beside an ARFF file)
   */
  private record Role(String name, Path path, String kind, boolean named) {}

  private final List<Role> inputs = new ArrayList<>();
  private final List<Role> outputs = new ArrayList<>();
  private boolean overwrite;
  /** Where this process's standard output goes, as a path ({@code /dev/stdout}; tests give a file). */
  private final Path standardOutput;

  /** An empty set of files. */
  public CommandFiles() {
    this(Path.of("/dev/stdout"));
  }

  /** An empty set of files, with standard output going to {@code standardOutput} (for tests). */
  public CommandFiles(Path standardOutput) {
    this.standardOutput = standardOutput;
  }

  /** {@code option path}: how messages name a file given with an option or as a parameter (IN, OUT, DATA). */
  private static String shown(String option, Path path) {
    return option + " " + path;
  }

  /** Adds an input read by {@code option} (null: not given, ignored). */
  public CommandFiles input(String option, Path path, String kind) {
    if (path != null) {
      inputs.add(new Role(shown(option, path), path, kind, true));
    }
    return this;
  }

  /**
   * Adds a data file read by {@code option} and the label file it comes with: {@code --labels-xml}, or the
   * Mulan XML beside an ARFF file when the options do not say where the labels are.
   */
  public CommandFiles data(String option, Path path, DataOptions options) {
    if (path == null) {
      return this;
    }
    input(option, path, "data file");
    if (options.labelsXml != null) {
      Role xml = new Role(shown("--labels-xml", options.labelsXml), options.labelsXml, "label file", true);
      if (!inputs.contains(xml)) {
        inputs.add(xml);
      } else if (DataFiles.isStandardInput(options.labelsXml)) {
        // each data file reads its label file
        throw new IllegalArgumentException("--labels-xml - would be read for each data file, and standard input can"
            + " be read once; give the label file as a file");
      }
    } else if (!options.labelsGiven() && !DataFiles.isStandardInput(path) && path.getFileName() != null) {
      Path beside = MulanLabels.findBeside(path);
      if (beside != null) {
        inputs.add(new Role("the label file " + beside + " of " + shown(option, path), beside, "label file", false));
      }
    }
    return this;
  }

  /** Adds an output written by {@code option} (null: not given, ignored; {@code -}: standard output). */
  public CommandFiles output(String option, Path path) {
    if (path != null) {
      outputs.add(new Role(shown(option, path), path, "output", true));
    }
    return this;
  }

  /**
   * Adds a data file written by {@code option} and, when it is ARFF, the Mulan XML label file written
   * beside it ({@link MulanLabels#labelFileFor}), which must not replace an existing file unless
   * {@code overwrite}.
   */
  public CommandFiles dataOutput(String option, Path path, boolean overwrite) {
    output(option, path);
    this.overwrite = overwrite;
    if (!CliOutput.isStandardStream(path) && DataFiles.formatOf(path, ReadOptions.defaults()) == DataFormat.ARFF) {
      Path xml = MulanLabels.labelFileFor(path);
      outputs.add(new Role("the label file " + relative(xml, path) + " written beside " + shown(option, path), xml,
          "label file", false));
    }
    return this;
  }

  /** {@code xml} as a sibling of {@code file} in the user's spelling: beside {@code dir/x.arff} is {@code dir/x.xml}. */
  private static Path relative(Path xml, Path file) {
    Path parent = file.getParent();
    return parent == null ? xml.getFileName() : parent.resolve(xml.getFileName());
  }

  /**
   * Checks every rule of the class comment.
   *
   * @throws IllegalArgumentException naming the files and options when a rule is broken
   * @throws IOException if a path cannot be examined
   */
  public void check() throws IOException {
    checkInputs();
    checkStandardOutput();
    List<Role> files = new ArrayList<>();
    Role toStandardOutput = null;
    for (Role out : outputs) {
      if (CliOutput.isStandardStream(out.path())) {
        if (toStandardOutput != null) {
          throw new IllegalArgumentException(toStandardOutput.name() + " and " + out.name()
              + " both write standard output; give one of them a file");
        }
        toStandardOutput = out;
        continue;
      }
      if (checkOutput(out)) {
        files.add(out);
      }
    }
    for (int i = 0; i < files.size(); i++) {
      Role out = files.get(i);
      for (Role in : inputs) {
        if (OutputPaths.sameFile(out.path(), in.path())) {
          throw new IllegalArgumentException(out.name() + " and " + in.name() + " are the same file: an output never"
              + " replaces an input; write " + (out.named() ? "to another file" : "it elsewhere (choose another name)"));
        }
      }
      for (int j = 0; j < i; j++) {
        if (OutputPaths.sameFile(out.path(), files.get(j).path())) {
          throw new IllegalArgumentException(files.get(j).name() + " and " + out.name() + " are the same file;"
              + " give each output its own file");
        }
      }
      if (!out.named() && !overwrite && Files.exists(out.path())) {
        String shared = out.kind().equals("label file") ? " (the label file of every ARFF file of its dataset name beside it,"
            + " which would then read the new labels)" : "";
        throw new IllegalArgumentException(out.name() + " exists and was not named on the command line" + shared + ": give"
            + " --overwrite to replace it, or choose another name");
      }
    }
  }

  /**
   * Refuses an input that a file written into the output folder {@code dir} (given with {@code option}) would
   * replace: one of {@code names} in it, or any file in its subfolder {@code chosen}, whose file names the run
   * chooses (figures named after datasets and learners). Call after {@link #check()}.
   *
   * @throws IllegalArgumentException naming the input and the folder
   * @throws IOException if a path cannot be examined
   */
  public void checkOutputFolder(String option, Path dir, List<String> names, String chosen) throws IOException {
    Path sub = dir.resolve(chosen);
    for (Role in : inputs) {
      if (DataFiles.isStandardInput(in.path())) {
        continue;
      }
      String replaced = null;
      for (String name : names) {
        if (OutputPaths.sameFile(dir.resolve(name), in.path())) {
          replaced = name;
        }
      }
      // a pipe (/dev/fd/N of a process substitution) has no real path, and is in no folder
      Path parent = Files.isRegularFile(in.path()) ? in.path().toRealPath().getParent() : null;
      if (replaced == null && parent != null && Files.isDirectory(sub) && Files.isSameFile(parent, sub)) {
        replaced = chosen + "/";
      }
      if (replaced != null) {
        throw new IllegalArgumentException(in.name() + " is in " + shown(option, dir) + " as " + replaced + ", which the run"
            + " writes: an output never replaces an input; give another folder, or keep the input elsewhere");
      }
    }
  }

  /**
   * Standard output redirected into a file ({@code >> data.svm}) is not one of the inputs, nor a file an output
   * replaces: the shell opened it before the command ran, so anything the command prints (predictions, a report,
   * a model with {@code -}) would be appended to that file, and an input would be read back with its own output
   * in it. A terminal, a pipe or a device is not compared.
   */
  private void checkStandardOutput() throws IOException {
    if (standardOutput == null || !Files.isRegularFile(standardOutput)) {
      return;
    }
    for (Role in : inputs) {
      if (OutputPaths.sameFile(standardOutput, in.path())) {
        throw new IllegalArgumentException("standard output is redirected to " + in.name() + ", which the command reads:"
            + " what it prints would be added to its input; redirect the output to another file");
      }
    }
    for (Role out : outputs) {
      // --out /dev/stdout (or /proc/self/fd/1) is standard output itself, written in place: nothing replaced
      if (!CliOutput.isStandardStream(out.path()) && !OutputPaths.isDescriptor(out.path().toAbsolutePath().normalize())
          && Files.isRegularFile(out.path()) && OutputPaths.sameFile(standardOutput, out.path())) {
        throw new IllegalArgumentException("standard output is redirected to " + out.name() + ", which the command also"
            + " writes; give the option another file, or redirect standard output elsewhere");
      }
    }
  }

  /**
   * A missing input spelled like an option ({@code --data --fo}): the command took an option it does not know as the
   * file an option needs, and the message says so, with where the usage is.
   */
  public static final class OptionAsFile extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String given;

    public OptionAsFile(String message, String given) {
      super(message);
      this.given = given;
    }

    /** The option-like word given as the file. */
    public String given() {
      return given;
    }
  }

  /** Inputs exist, are not folders, and standard input is read once. */
  private void checkInputs() throws IOException {
    Role fromStandardInput = null;
    for (Role in : inputs) {
      if (DataFiles.isStandardInput(in.path())) {
        if (fromStandardInput != null) {
          throw new IllegalArgumentException(fromStandardInput.name() + " and " + in.name() + " both read standard"
              + " input, which can be read once; give one of them as a file");
        }
        fromStandardInput = in;
      } else if (Files.isDirectory(in.path())) {
        throw new IllegalArgumentException(in.name() + ": is a folder, not a " + in.kind());
      } else if (!Files.exists(in.path())) {
        String given = in.path().toString();
        if (given.matches("--?[A-Za-z].*")) {
          throw new OptionAsFile(in.name() + ": no such file", given);
        }
        throw new IllegalArgumentException(in.name() + ": no such file");
      }
    }
  }

  /**
   * Checks where an output goes; returns whether it is a file to compare with the inputs (false: an
   * existing device, FIFO or descriptor, written in place).
   */
  private static boolean checkOutput(Role out) throws IOException {
    Path path = out.path();
    if (Files.isDirectory(path)) {
      throw new IllegalArgumentException(out.name() + ": is a folder; give a file name");
    }
    if (Files.exists(path)) {
      if (Files.isRegularFile(path) && !Files.isWritable(path)) {
        // the atomic write renames a new file over it, which a folder's permissions allow: ask, as cp and mv do
        throw new IllegalArgumentException(out.name() + ": the file is write-protected; make it writable to replace it, or"
            + " write elsewhere");
      }
      return Files.isRegularFile(path);
    }
    if (Files.isSymbolicLink(path)) {
      return true; // dangling: the write creates the file it points to (AtomicOutput names any problem)
    }
    Path folder = path.toAbsolutePath().getParent();
    Path shownFolder = path.getParent() != null ? path.getParent() : Path.of(".");
    if (folder != null && !Files.isDirectory(folder)) {
      throw new IllegalArgumentException(out.name() + ": " + (Files.exists(folder) ? shownFolder + " is not a folder"
          : "the folder " + shownFolder + " does not exist"));
    }
    if (folder != null && !Files.isWritable(folder)) {
      throw new IllegalArgumentException(out.name() + ": cannot write in the folder " + shownFolder + " (permission denied)");
    }
    return true;
  }
}
