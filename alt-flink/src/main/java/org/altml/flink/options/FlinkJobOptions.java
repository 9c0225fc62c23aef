package org.altml.flink.options;

import picocli.CommandLine.Option;

/** How an {@code alt flink} job runs: its parallelism, checkpoints and restarts; a picocli mixin of both commands. */
public final class FlinkJobOptions {
  /** Flink's largest parallelism (its maximum number of key groups). */
  public static final int MAX_PARALLELISM = 32768;

  @Option(names = "--parallelism", paramLabel = "P", defaultValue = "1", description = "parallel learners/predictors P (default ${DEFAULT-VALUE})")
  int parallelism;
  @Option(names = "--checkpoint-ms", paramLabel = "MS", defaultValue = "5000", description = "checkpoint interval in ms (0: off; default ${DEFAULT-VALUE})")
  long checkpointMs;
  @Option(names = "--checkpoint-dir", paramLabel = "DIR", description = "where checkpoints go (default: a folder under java.io.tmpdir; a shared file system"
      + " on a cluster)")
  String checkpointDir;
  @Option(names = "--restarts", paramLabel = "N", defaultValue = "0", description = "restarts from the last checkpoint after a failure (default ${DEFAULT-VALUE}:"
      + " a failure ends the job with its error); bad data (a broken gzip file, an unusable header) and a diverged"
      + " learner end it at once")
  int restarts;
  @Option(names = "--fail-at", paramLabel = "N", hidden = true, description = "fail the job once, at the N-th record a source"
      + " subtask reads, after a checkpoint (needs --restarts 1 or more): the restart from that checkpoint must give the"
      + " outputs of a run without it (docs/reliability.md)")
  Long failAt;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkJobOptions() {}

  /** {@code --parallelism}: P. */
  public int parallelism() {
    return parallelism;
  }

  /** {@code --checkpoint-ms} (0: no checkpoints). */
  public long checkpointMs() {
    return checkpointMs;
  }

  /** {@code --checkpoint-dir}, or null: a folder of the run's own. */
  public String checkpointDir() {
    return checkpointDir;
  }

  /** {@code --fail-at}: the record at which the job fails once ({@link org.altml.flink.source.FailAt}), or 0: none. */
  public long failAt() {
    return failAt == null ? 0 : failAt;
  }

  /** {@code --restarts}. */
  public int restarts() {
    return restarts;
  }

  /**
   * Why {@code --fail-at} cannot be taken with the other options (it fails the job once after a checkpoint, to be
   * restarted from it), or null when it can (or is not given).
   */
  public String failAtProblem() {
    if (failAt == null) {
      return null;
    }
    if (failAt < 1) {
      return "--fail-at N fails the job at the N-th record, and N must be >= 1, not " + failAt;
    }
    if (checkpointMs == 0) {
      return "--fail-at fails the job after a checkpoint, to restart from it, and --checkpoint-ms 0 takes none";
    }
    if (restarts < 1) {
      return "--fail-at needs --restarts 1 or more: without a restart the injected failure would end the job";
    }
    return null;
  }
}
