package org.altml.flink.output;

import java.nio.file.Path;
import java.util.List;

/**
 * What the client knows of a job when its results come back: how to write them and how to judge and summarize them.
 *
 * @param mode the job's mode as the summary names it ({@code keyed}, {@code parallel}, {@code predict})
 * @param parallelism P
 * @param out the folder of the outputs ({@code --out}), or null: the bad records are counted, and kept nowhere
 * @param keepPredictions whether the predictions are written (no {@code --no-predictions})
 * @param training whether the job learns ({@code run}: its records are the examples learned), else it scores
 * @param inputs every file the job reads, as given: the order in which bad records are named
 * @param testFrom where the files scored after training (run's {@code --test}) start among {@code inputs}; {@code
 *     inputs.size()} when there are none
 * @param learner the learner kind a run trains (for its advice), or null
 * @param deadLetter where the bad records go besides {@code out} (a Kafka dead-letter topic), or null
 */
public record ResultPlan(String mode, int parallelism, Path out, boolean keepPredictions, boolean training, List<String> inputs,
    int testFrom, String learner, String deadLetter) {
  /** Copies the inputs. */
  public ResultPlan {
    inputs = List.copyOf(inputs);
  }

  /** A plan whose bad records go to {@code out} only. */
  public ResultPlan(String mode, int parallelism, Path out, boolean keepPredictions, boolean training, List<String> inputs,
      int testFrom, String learner) {
    this(mode, parallelism, out, keepPredictions, training, inputs, testFrom, learner, null);
  }

  /** What a job that has failed or done nothing did not do: "learned" or "scored". */
  String verb() {
    return training ? "learned" : "scored";
  }
}
