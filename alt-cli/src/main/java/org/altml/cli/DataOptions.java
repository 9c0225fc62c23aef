package org.altml.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How to read data files: the options every command that reads data shares (a picocli mixin). */
public final class DataOptions {
  /** Number of labels L, or null to take it from the file. */
  @Option(
      names = "--num-labels",
      paramLabel = "L",
      description = "Number of labels (default: from the file; LIBSVM: largest label + 1).")
  Integer numLabels;

  /** LIBSVM feature indices start at 0. */
  @Option(names = "--zero-based", description = "LIBSVM feature indices start at 0 (default: 1).")
  boolean zeroBased;

  /** The Mulan XML label file for ARFF input, or null to look beside the ARFF file. */
  @Option(
      names = "--labels-xml",
      paramLabel = "FILE",
      description = "Mulan XML file naming the label attributes of ARFF input (default: <dataset>.xml beside it).")
  Path labelsXml;

  /** The last N ARFF attributes are the labels, or null. */
  @Option(
      names = "--labels-last",
      paramLabel = "N",
      description = "The last N attributes of ARFF input are the labels.")
  Integer labelsLast;

  /** Creates the options with their defaults (picocli fills them). */
  public DataOptions() {}
}
