package org.altml.flink.source;

import java.io.IOException;
import org.altml.core.learner.DivergenceException;
import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * A failure that a restart from a checkpoint would meet again: a truncated or corrupt gzip file, an input whose
 * header or labels the job cannot use, a file shorter than a checkpoint says it was, a learner that diverged on a
 * record. Flink ends the job at once whatever its restart strategy ({@code --restarts N}), with this message,
 * instead of reading the same bytes N more times. A failure that may pass (a file system that cannot be reached,
 * a lost task manager) is not one of these and is restarted.
 *
 * <p>The message names the file and, where there is one, the line; the exception it replaces is kept as a
 * suppressed exception, not as the cause, because the command line reports a failure's deepest cause.
 */
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class PermanentFailure extends IOException {
  private static final long serialVersionUID = 1L;

  /** A failure with {@code message} (naming the file and line), replacing {@code replaced} (or null). */
  PermanentFailure(String message, Throwable replaced) {
    super(message);
    if (replaced != null) {
      addSuppressed(replaced);
    }
  }

  /** The learner diverged on {@code line}'s record: from the last checkpoint it would again. */
  public static PermanentFailure diverged(TextLine line, DivergenceException e) {
    return diverged(line.file + ":" + line.line, e);
  }

  /** The learner diverged on the record {@code where} names: from the last checkpoint it would again. */
  public static PermanentFailure diverged(String where, DivergenceException e) {
    return new PermanentFailure(where + ": " + e.getMessage(), e);
  }
}
