package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Learner names are case-insensitive and near misses get "did you mean" (--learner flat listed the learners but
 * suggested none, FALT was refused), and so do commands ({@code alt evalute} got no suggestion).
 */
class NameSuggestionsTest {
  @TempDir Path dir;

  private Path[] corpus() throws IOException {
    Dataset all = SmallCorpus.generate(100, 4, 60, 2);
    return new Path[] {SmallCorpus.write(all, 0, 40, dir.resolve("train.svm")), SmallCorpus.write(all, 40, 60, dir.resolve("test.svm"))};
  }

  @Test
  void learnerNamesIgnoreCase() throws IOException {
    Path[] data = corpus();
    CliRun upper = CliRun.of("evaluate", "--learner", "FALT", "--train", data[0].toString(), "--test", data[1].toString(), "--json");
    CliRun lower = CliRun.of("evaluate", "--learner", "falt", "--train", data[0].toString(), "--test", data[1].toString(), "--json");
    assertEquals(0, upper.exitCode(), upper.err());
    assertEquals(Json.flatten(lower.out()).get("metrics.f1"), Json.flatten(upper.out()).get("metrics.f1"));
    assertEquals("falt", Json.flatten(upper.out()).get("run.learner"));
    CliRun mapped = CliRun.of("prequential", "--learner", "Salt", "--feature-map", "rff", "--map-dim", "16", "--data",
        data[0].toString(), "--quiet");
    assertEquals(0, mapped.exitCode(), mapped.err());
    CliRun experiment = CliRun.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--learners",
        "FALT,Salt+RFF", "--given", "falt:eta=0.5", "--given", "SALT+rff:mapDim=16,eta=0.5,delta=0.1", "--runs", "2",
        "--curve-points", "0", "--out", dir.resolve("o").toString(), "--quiet");
    assertEquals(0, experiment.exitCode(), experiment.err());
  }

  @Test
  void nearMissesOfLearnerNamesGetASuggestion() throws IOException {
    Path[] data = corpus();
    CliRun flat = CliRun.of("evaluate", "--learner", "flat", "--train", data[0].toString(), "--test", data[1].toString());
    assertEquals(2, flat.exitCode());
    assertTrue(flat.err().contains("but was 'flat'; did you mean 'falt'?"), flat.err());
    CliRun kernel = CliRun.of("train", "--learner", "falt-j", "--data", data[0].toString(), "--model", "m.model");
    assertTrue(kernel.err().contains("did you mean 'falt-k'?"), kernel.err());
    CliRun far = CliRun.of("evaluate", "--learner", "xgboost", "--train", data[0].toString(), "--test", data[1].toString());
    assertEquals(2, far.exitCode());
    assertFalse(far.err().contains("did you mean"), far.err());
    CliRun list = CliRun.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--learners",
        "falt,slat", "--out", dir.resolve("p").toString());
    assertEquals(2, list.exitCode());
    assertTrue(list.err().contains("no learner called 'slat'; did you mean 'salt'?"), list.err());
    CliRun composite = CliRun.of("experiment", "--train", data[0].toString(), "--test", data[1].toString(), "--learners",
        "salt+rf", "--out", dir.resolve("q").toString());
    assertEquals(2, composite.exitCode());
    assertTrue(composite.err().contains("did you mean 'salt+rff'?"), composite.err());
  }

  @Test
  void nearMissesOfCommandsGetASuggestion() {
    CliRun r = CliRun.of("evalute", "--learner", "falt");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().startsWith("alt: unknown command 'evalute'; did you mean 'evaluate'? (the commands are "), r.err());
    CliRun upper = CliRun.of("Predict");
    assertTrue(upper.err().contains("did you mean 'predict'?"), upper.err());
    CliRun far = CliRun.of("foo");
    assertTrue(far.err().startsWith("alt: unknown command 'foo'; the commands are "), far.err());
  }
}
