package org.altml.experiment.plan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.files.DataFiles;

/**
 * One dataset line of a plan file: its name (before the colon) and the words of its options, with what a caller
 * needs to report a problem at the line ({@link #error}) and to resolve the files it names ({@link #resolve}).
 *
 * @param plan the plan file, as given
 * @param folder the plan's folder (absolute): the line's relative paths start there
 * @param line the 1-based line number
 * @param name the dataset's name before the colon
 * @param words the options after the colon, split as a shell would ({@link PlanFile#words})
 */
public record PlanLine(Path plan, Path folder, int line, String name, List<String> words) {
  /** Copies the words. */
  public PlanLine {
    words = List.copyOf(words);
  }

  /** {@code plan:line: } for messages. */
  public String where() {
    return plan + ":" + line + ": ";
  }

  /** A data format error at this line. */
  public DataFormatException error(String problem) {
    return new DataFormatException(plan.toString(), line, problem);
  }

  /**
   * Checks that none of {@code files} (null ones skipped) is standard input: a plan's data are files.
   *
   * @throws DataFormatException at this line otherwise
   */
  public void requireFiles(Path... files) throws DataFormatException {
    for (Path p : files) {
      if (p != null && DataFiles.isStandardInput(p)) {
        throw error("a plan's data are files: standard input ('-') is read by one command, not by a plan line");
      }
    }
  }

  /** {@code file} resolved against the plan's folder (an absolute path is kept); null for null. */
  public Path resolve(Path file) {
    return file == null ? null : folder.resolve(file);
  }

  /**
   * Checks that the resolved {@code file} given with {@code option} exists (null is skipped).
   *
   * @throws DataFormatException at this line, naming the option and the file, otherwise
   */
  public void requireExists(String option, Path file) throws DataFormatException {
    if (file != null && !Files.exists(file)) {
      throw error(option + " " + file + ": no such file");
    }
  }
}
