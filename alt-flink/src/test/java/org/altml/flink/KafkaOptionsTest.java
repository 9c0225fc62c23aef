package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka options' usage errors (exit 2, naming the options): a kafka:// address is not a missing file, LIBSVM over Kafka
 * needs --num-labels, exactly once needs checkpoints, and an option with nothing to act on is refused, not ignored. No
 * broker: the checks run before any job.
 */
class KafkaOptionsTest {
  @TempDir Path dir;

  private static void refused(String expected, String... args) {
    String err = FlinkMainTest.executeWithErr(2, args);
    assertTrue(err.contains(expected) && !err.contains("no such file"), err);
  }

  private static String[] keyed(String... more) {
    String[] base = {"run", "--mode", "keyed", "--learner", "falt"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void aKafkaInputIsATopicNotAMissingFile() throws Exception {
    // without L a keyed run over a topic has open models; a parallel one is refused, naming the fixes
    refused("--mode parallel needs --num-labels L", "run", "--mode", "parallel", "--learner", "falt", "--data",
        "kafka://127.0.0.1:1/in");
    refused("--data kafka://127.0.0.1:1/in.arff: a Kafka topic's records are LIBSVM lines or JSON objects",
        keyed("--data", "kafka://127.0.0.1:1/in.arff", "--num-labels", "5"));
    refused("--data kafka://127.0.0.1:1: no topic", keyed("--data", "kafka://127.0.0.1:1", "--num-labels", "5"));
    String file = FlinkTesting.libSvm(dir, "a.svm", 10, 1, List.of()).toString();
    refused("--data takes one Kafka topic or files", keyed("--data", "kafka://127.0.0.1:1/in", file, "--num-labels", "5"));
    refused("--data takes one Kafka topic or files", keyed("--data", "kafka://127.0.0.1:1/in", "kafka://127.0.0.1:1/in2",
        "--num-labels", "5"));
    refused("--watch needs --num-labels", "predict", "--watch", "kafka://127.0.0.1:1/models", "--data", file);
    refused("--model kafka://127.0.0.1:1/models: --model is a model file", "predict", "--model", "kafka://127.0.0.1:1/models",
        "--data", file);
    refused("--test kafka://127.0.0.1:1/t: the --test inputs are files", "run", "--mode", "parallel", "--learner", "falt",
        "--num-labels", "5", "--data", file, "--test", "kafka://127.0.0.1:1/t");
  }

  @Test
  void exactlyOnceNeedsCheckpoints() throws Exception {
    String file = FlinkTesting.libSvm(dir, "a.svm", 10, 1, List.of()).toString();
    refused("--delivery exactly-once commits the Kafka outputs at checkpoints, and --checkpoint-ms 0 takes none",
        keyed("--data", file, "--num-labels", "5", "--out", "kafka://127.0.0.1:1/out", "--checkpoint-ms", "0"));
    refused("--delivery exactly-once commits", keyed("--data", file, "--num-labels", "5", "--models", "kafka://127.0.0.1:1/m",
        "--checkpoint-ms", "0"));
    refused("--delivery is exactly-once or at-least-once, not 'twice'", keyed("--data", file, "--num-labels", "5", "--out",
        "kafka://127.0.0.1:1/out", "--delivery", "twice"));
  }

  @Test
  void kafkaOptionsWithNothingToActOnAreRefused() throws Exception {
    String file = FlinkTesting.libSvm(dir, "a.svm", 10, 1, List.of()).toString();
    refused("--stop-at-end is for a Kafka input", keyed("--data", file, "--num-labels", "5", "--stop-at-end"));
    refused("--start is for a Kafka input", keyed("--data", file, "--num-labels", "5", "--start", "latest"));
    refused("--delivery is how records reach a Kafka output", keyed("--data", file, "--num-labels", "5", "--delivery",
        "at-least-once"));
    refused("--models is the topic a run publishes its models to", "predict", "--model", file, "--data", file, "--models",
        "kafka://127.0.0.1:1/m");
    refused("--publish-every publishes the keys' models to a models topic", keyed("--data", file, "--num-labels", "5",
        "--publish-every", "10"));
    refused("--test scores files into --out DIR's predictions.jsonl", "run", "--mode", "parallel", "--learner", "falt",
        "--num-labels", "5", "--data", file, "--test", file, "--out", "kafka://127.0.0.1:1/out");
    refused("--refresh-ms is how often --watch looks for new models in a folder", "predict", "--watch", "kafka://127.0.0.1:1/m",
        "--num-labels", "5", "--data", file, "--refresh-ms", "10");
  }
}
