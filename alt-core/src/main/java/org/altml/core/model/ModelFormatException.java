package org.altml.core.model;

import java.io.IOException;
import java.nio.file.Path;

/** A model file is not a valid ALT model: the message names the file and the problem. */
public final class ModelFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String problem;

  /** Creates the exception for {@code file} and a description of what is wrong. */
  public ModelFormatException(Path file, String problem) {
    super(file + ": " + problem);
    this.file = file;
    this.problem = problem;
  }

  /** Creates the exception with a cause. */
  public ModelFormatException(Path file, String problem, Throwable cause) {
    super(file + ": " + problem, cause);
    this.file = file;
    this.problem = problem;
  }

  /** The file that failed to load. */
  public Path file() {
    return file;
  }

  /** What is wrong with it. */
  public String problem() {
    return problem;
  }
}
