package org.altml.core.learner;

import java.io.IOException;

/** A saved model state is inconsistent or truncated: the message names the source and the problem. */
public class CorruptStateException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final String problem;

  /** Creates the exception for {@code source} (a file or stream name) and a description of what is wrong. */
  public CorruptStateException(String source, String problem) {
    this(source, problem, null);
  }

  /** Creates the exception with a cause (may be null). */
  public CorruptStateException(String source, String problem, Throwable cause) {
    super(source + ": " + problem, cause);
    this.source = source;
    this.problem = problem;
  }

  /** The file or stream name. */
  public String source() {
    return source;
  }

  /** What is wrong, without the source. */
  public String problem() {
    return problem;
  }
}
