package org.altml.sparse.io;

import java.io.IOException;

/**
 * A data file is malformed. The message names the file, the 1-based line (when known), the offending
 * token (where useful) and what was expected, as in
 * {@code "train.svm:12: token '3:x': feature value is not a number"}.
 */
public class DataFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final long line;
  private final String problem;

  /**
   * Creates an exception for {@code file} at 1-based {@code line} (0 when the problem is not tied to a
   * line, such as a truncated gzip stream).
   */
  public DataFormatException(String file, long line, String problem) {
    super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    this.file = file;
    this.line = line;
    this.problem = problem;
  }

  /** Same, with the underlying cause. */
  public DataFormatException(String file, long line, String problem, Throwable cause) {
    super(file + (line > 0 ? ":" + line : "") + ": " + problem, cause);
    this.file = file;
    this.line = line;
    this.problem = problem;
  }

  /** The file (as given by the caller) that is malformed. */
  public String file() {
    return file;
  }

  /** The 1-based line of the problem, or 0 when it is not tied to a line. */
  public long line() {
    return line;
  }

  /** What is wrong, without the file and line (the message is {@code file:line: problem}). */
  public String problem() {
    return problem;
  }
}
