package org.altml.core.model;

import java.nio.file.Path;
import org.altml.core.learner.CorruptStateException;

/** A model file or stream is not a valid ALT model: the message names it and the problem. */
public final class ModelFormatException extends CorruptStateException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception for {@code file} and a description of what is wrong. */
  public ModelFormatException(Path file, String problem) {
    super(file.toString(), problem);
  }

  /** Creates the exception for {@code source} (a file or stream name) and a description of what is wrong. */
  public ModelFormatException(String source, String problem) {
    super(source, problem);
  }

  /** Creates the exception with a cause. */
  public ModelFormatException(String source, String problem, Throwable cause) {
    super(source, problem, cause);
  }
}
