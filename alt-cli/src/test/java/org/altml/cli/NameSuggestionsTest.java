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

  /** A required option typed wrong: the message names the option typed and the nearest, not only the one missing. */
  @Test
  void aMistypedRequiredOptionIsNamed() {
    // --model missing too: picocli reported only that, never the --lerner typed
    String line = refused("train", "--lerner", "falt", "--data", "d.svm");
    assertTrue(line.startsWith("alt: Missing required option"), line);
    assertTrue(line.contains("unknown option '--lerner' (did you mean '--learner'?)"), line);
    String evaluate = refused("evaluate", "--learner", "falt", "--trian", "t.svm", "--test", "t.svm");
    assertTrue(evaluate.contains("unknown option '--trian' (did you mean '--train'?)"), evaluate);
  }

  /** The error line of {@code alt args}, which must fail with exit 2. */
  private static String refused(String... args) {
    CliRun r = CliRun.of(args);
    assertEquals(2, r.exitCode(), r.err());
    return r.err().lines().findFirst().orElse("");
  }

  @Test
  void nearMissesOfOptionValuesGetASuggestionAndEnumValuesIgnoreCase() throws IOException {
    // the values of --scale, --order, --zero-division, a learner's choices, tune's --search and --select, picocli's enums
    // were listed but none suggested (standardise, the British spelling, got no word of standardize)
    Path[] data = corpus();
    String tr = data[0].toString();
    String te = data[1].toString();
    assertEquals("alt: --scale must be none, standardize or l2: standardise; did you mean 'standardize'?",
        refused("evaluate", "--learner", "falt", "--scale", "standardise", "--train", tr, "--test", te));
    assertEquals("alt: --order must be file or shuffle: shufle; did you mean 'shuffle'?",
        refused("evaluate", "--learner", "falt", "--order", "shufle", "--train", tr, "--test", te));
    assertEquals("alt: --zero-division must be spec, zero or one: zeros; did you mean 'zero'?",
        refused("test", "--model", "m", "--data", te, "--zero-division", "zeros"));
    assertTrue(refused("evaluate", "--learner", "falt-k", "--budget-policy", "olders", "--train", tr, "--test", te)
        .endsWith(": olders; did you mean 'oldest'?"));
    assertTrue(refused("tune", "--learner", "falt", "--search", "halfing", "--train", tr)
        .endsWith(": halfing; did you mean 'halving'?"));
    assertTrue(refused("tune", "--learner", "falt", "--select", "microf2", "--train", tr)
        .endsWith(": microf2; did you mean 'microF1'?"));
    assertEquals("alt: Invalid value for option '--kind': expected one of [text, dense, words] (case-insensitive) but was 'txt';"
        + " did you mean 'text'?", refused("generate", "--kind", "txt", "-n", "5", dir.resolve("g.svm").toString()));
    assertTrue(refused("evaluate", "--learner", "salt", "--feature-map", "rf", "--train", tr, "--test", te)
        .endsWith("but was 'rf'; did you mean 'rff'?"));
    // far from every value: the list alone
    assertEquals("alt: --scale must be none, standardize or l2: minmax",
        refused("evaluate", "--learner", "falt", "--scale", "minmax", "--train", tr, "--test", te));
    // an enum value in another case is the value
    CliRun upper = CliRun.of("generate", "--kind", "Text", "-n", "5", dir.resolve("g.svm").toString());
    assertEquals(0, upper.exitCode(), upper.err());
    CliRun mixed = CliRun.of("evaluate", "--learner", "FALT-K", "--budget", "20", "--budget-policy", "OLDEST", "--scale",
        "Standardize", "--order", "FILE", "--zero-division", "Zero", "--train", tr, "--test", te);
    assertEquals(0, mixed.exitCode(), mixed.err());
    CliRun map = CliRun.of("evaluate", "--learner", "salt", "--feature-map", "RFF", "--map-dim", "8", "--train", tr, "--test", te);
    assertEquals(0, map.exitCode(), map.err());
  }
}
