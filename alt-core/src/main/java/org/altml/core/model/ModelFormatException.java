package org.altml.core.model;

import java.io.IOException;
import java.nio.file.Path;

/** A model file or stream is not a valid ALT model: the message names it and the problem. */
public final class ModelFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final String problem;

  /** Creates the exception for {@code file} and a description of what is wrong. */
  public ModelFormatException(Path file, String problem) {
    this(file.toString(), problem);
  }

  /** Creates the exception for {@code source} (a file or stream name) and a description of what is wrong. */
  public ModelFormatException(String source, String problem) {
    super(source + ": " + problem);
    this.source = source;
    this.problem = problem;
  }

  /** Creates the exception with a cause. */
  public ModelFormatException(String source, String problem, Throwable cause) {
    super(source + ": " + problem, cause);
    this.source = source;
    this.problem = problem;
  }

  /** The file or stream that failed to load. */
  public String source() {
    return source;
  }

  /** What is wrong with it. */
  public String problem() {
    return problem;
  }
}
