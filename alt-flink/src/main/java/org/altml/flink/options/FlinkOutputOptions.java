package org.altml.flink.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where an {@code alt flink} job's results go and what its predictions carry: a picocli mixin of both commands. */
public final class FlinkOutputOptions {
  @Option(names = "--out", paramLabel = "DIR", description = "folder for predictions.jsonl, bad-records.jsonl, reports.jsonl and models")
  Path out;
  @Option(names = "--no-predictions", description = "count predictions, do not keep them (throughput runs)")
  boolean noPredictions;
  @Option(names = "--scores", description = "predictions carry the label and threshold scores")
  boolean scores;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkOutputOptions() {}

  /** {@code --out}, or null: no files. */
  public Path out() {
    return out;
  }

  /** Whether the predictions are kept (no {@code --no-predictions}). */
  public boolean keepPredictions() {
    return !noPredictions;
  }

  /** {@code --scores}. */
  public boolean scores() {
    return scores;
  }
}
