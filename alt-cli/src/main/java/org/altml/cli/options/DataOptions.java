package org.altml.cli.options;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How to read data files: the options every command that reads data shares (a picocli mixin). */
public final class DataOptions {
  /** Number of labels L, or null to take it from the file. */
  @Option(
      names = "--num-labels",
      paramLabel = "L",
      description = "Number of labels, at least the file's own (default: from the file; LIBSVM: largest label + 1).")
  public Integer numLabels;

  /** LIBSVM feature indices start at 0. */
  @Option(names = "--zero-based", description = "LIBSVM feature indices start at 0 (default: 1).")
  public boolean zeroBased;

  /** The Mulan XML label file for ARFF input, or null to look beside the ARFF file. */
  @Option(
      names = "--labels-xml",
      paramLabel = "FILE",
      description = "Mulan XML file naming the label attributes of ARFF input (default: <dataset>.xml beside it).")
  public Path labelsXml;

  /** The last N ARFF attributes are the labels, or null. */
  @Option(
      names = "--labels-last",
      paramLabel = "N",
      description = "The last N attributes of ARFF input are the labels.")
  public Integer labelsLast;

  /** The first N ARFF attributes are the labels (MEKA's layout), or null. */
  @Option(
      names = "--labels-first",
      paramLabel = "N",
      description = "The first N attributes of ARFF input are the labels (MEKA's layout).")
  public Integer labelsFirst;

  /** ARFF attributes to skip, by name or 1-based position; empty for none. */
  @Option(
      names = "--ignore-attributes",
      split = ",",
      paramLabel = "NAME|INDEX",
      description = "ARFF attributes to skip entirely, by name or 1-based position, comma separated"
          + " (e.g. an identifier such as genbase's protein).")
  public List<String> ignoreAttributes = List.of();

  /** Whether {@link #ignoreAttributes} came from a saved model rather than the command line ({@link org.altml.cli.data.ModelFit}). */
  public boolean ignoreAttributesFromModel;

  /** The command these options are mixed into (null when they were not parsed by picocli). */
  @Spec(Spec.Target.MIXEE)
  private CommandSpec mixee;

  /** Standard error for warnings when none was given. */
  private static final PrintWriter STDERR = new PrintWriter(System.err, true);

  /** Where the readers' warnings go: the command's stderr (standard error when the options were not parsed). */
  public PrintWriter err() {
    CommandLine command = mixee == null ? null : mixee.commandLine();
    return command != null ? command.getErr() : STDERR;
  }

  /** Creates the options with their defaults (picocli fills them). */
  public DataOptions() {}

  /**
   * The options given that decide how data is read, as command-line words (each with a leading space; empty when
   * none), so that a suggested command reads the data as this one did. {@code --num-labels} is left to the caller.
   */
  public String readingArgs() {
    StringBuilder sb = new StringBuilder();
    if (labelsXml != null) {
      sb.append(" --labels-xml ").append(labelsXml);
    }
    if (labelsLast != null) {
      sb.append(" --labels-last ").append(labelsLast);
    }
    if (labelsFirst != null) {
      sb.append(" --labels-first ").append(labelsFirst);
    }
    if (zeroBased) {
      sb.append(" --zero-based");
    }
    if (!ignoreAttributes.isEmpty()) {
      sb.append(" --ignore-attributes ").append(String.join(",", ignoreAttributes));
    }
    return sb.toString();
  }

  /** Whether the options say which ARFF attributes are labels, so no XML file beside the data is read. */
  public boolean labelsGiven() {
    return labelsXml != null || labelsLast != null || labelsFirst != null;
  }
}
