package org.altml.flink;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.altml.flink.options.FlinkJobOptions;
import org.altml.flink.source.DataSpec;
import org.altml.sparse.io.OutputPaths;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The Flink environment of one command's job, from its {@link FlinkJobOptions}: the restart strategy, checkpoints to
 * files ({@code --checkpoint-dir}, or a folder of the run's own under java.io.tmpdir, removed when the job ends), the
 * collect sink's batch size and the parallelism.
 */
final class JobEnvironment {
  /** The start of the name of a run's own checkpoint folder; the process id and a unique part follow. */
  static final String CHECKPOINTS_PREFIX = "alt-flink-checkpoints-";

  /** Tests: where a run's own checkpoint folder is made (null: java.io.tmpdir). */
  static volatile Path checkpointRoot;

  /** The checkpoint folder this run made under java.io.tmpdir (no --checkpoint-dir), removed when the job ends; or null. */
  private Path ownCheckpoints;

  /** The job's environment; the options must have passed their checks. */
  StreamExecutionEnvironment create(FlinkJobOptions job) throws IOException {
    Configuration conf = new Configuration();
    if (job.restarts() > 0) {
      conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
      conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, job.restarts());
    } else {
      conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    }
    // checkpoints to files: the job manager's memory (Flink's default without a folder) takes at most 5 MB of
    // state, and a model of RCV1's shape is 38 MB
    if (job.checkpointMs() > 0) {
      String dir;
      if (job.checkpointDir() != null) {
        dir = DataSpec.uri(job.checkpointDir()); // a plain path is a local folder, as for the data
      } else {
        // a folder of this run's own under java.io.tmpdir, removed when the job ends (restarts resume inside one run);
        // named with this process's id, so that a later run can tell the folder of a killed run and remove it
        Path root = checkpointRoot == null ? Path.of(System.getProperty("java.io.tmpdir")) : checkpointRoot;
        removeStaleCheckpoints(root);
        ownCheckpoints = Files.createTempDirectory(root, CHECKPOINTS_PREFIX + ProcessHandle.current().pid() + "-");
        dir = ownCheckpoints.toAbsolutePath().toUri().toString();
        // a job that runs until cancelled (predict --watch) ends by Ctrl-C, past every finally
        Runtime.getRuntime().addShutdownHook(new Thread(this::removeOwnCheckpoints, "alt-flink-checkpoint-cleanup"));
      }
      conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
      conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir);
    }
    // a report may carry a model (38 MB of doubles for RCV1's W): the collect sink's batches must hold one
    conf.setString("collect-sink.batch-size.max", "512mb");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.setParallelism(job.parallelism());
    if (job.checkpointMs() > 0) {
      env.enableCheckpointing(job.checkpointMs());
    }
    return env;
  }

  /** Removes the run's own checkpoint folder and everything in it (what Flink left: the job's folder, its shared state). */
  synchronized void removeOwnCheckpoints() {
    Path dir = ownCheckpoints;
    ownCheckpoints = null;
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try {
      deleteTree(dir);
    } catch (IOException e) {
      System.err.println("alt flink: warning: could not remove the checkpoint folder " + dir + ": " + e.getMessage());
    }
  }

  /**
   * Removes the checkpoint folders that runs killed by SIGKILL (or a crash) left in {@code root}: named
   * {@code alt-flink-checkpoints-PID-...} with a PID that is no longer alive. Best effort, like the temporary
   * files of {@link org.altml.sparse.io.AtomicOutput}: what cannot be removed stays, quietly.
   */
  static void removeStaleCheckpoints(Path root) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(root, CHECKPOINTS_PREFIX + "*")) {
      for (Path p : entries) {
        // an older build's folder has no PID: its run cannot be told, and it stays
        if (OutputPaths.leftByDeadProcess(p.getFileName().toString().substring(CHECKPOINTS_PREFIX.length()))
            && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          deleteTree(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort: a stale folder costs disk space, failing the run over it would cost the run
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
