package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Warnings;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar (on a terminal, unless --quiet; never on stdout) and the warnings, one line each on
 * stderr whatever --quiet says: no training examples, test data that is the training data, and a run
 * whose predictions are all empty.
 */
class ProgressAndWarningsTest {
  @TempDir Path dir;

  private Path train;
  private Path test;
  private Path model;

  @BeforeEach
  void writeData() throws IOException {
    Dataset all = SmallCorpus.generate(100, 4, 3000, 81);
    train = SmallCorpus.write(all, 0, 2500, dir.resolve("train.svm"));
    test = SmallCorpus.write(all, 2500, 3000, dir.resolve("test.svm"));
    model = dir.resolve("m.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--max-updates", "4", "--data", train.toString(), "--model",
        model.toString()).exitCode());
  }

  @AfterEach
  void askTheJvmAgain() {
    Progress.terminalForTests = null;
  }

  private static CliRun run(boolean terminal, String... args) {
    Progress.terminalForTests = terminal;
    return CliRun.of(args);
  }

  private List<String[]> longCommands() {
    return List.of(
        new String[] {"evaluate", "--learner", "falt", "--num-labels", "4", "--train", train.toString(), "--test", test.toString(),
          "--json"},
        new String[] {"train", "--learner", "salt", "--num-labels", "4", "--data", train.toString(), "--model",
          dir.resolve("t.model").toString()},
        new String[] {"predict", "--model", model.toString(), "--data", test.toString()},
        new String[] {"prequential", "--learner", "pa1", "--data", train.toString(), "--json"},
        new String[] {"prequential", "--learner", "pa1", "--num-labels", "4", "--data", train.toString()});
  }

  @Test
  void aBarOnATerminalOnly() throws IOException {
    for (String[] args : longCommands()) {
      String command = String.join(" ", args);
      CliRun bar = run(true, args);
      assertEquals(0, bar.exitCode(), bar.err());
      assertTrue(bar.err().contains("\r") && bar.err().contains("%"), command + " draws a bar: " + bar.err());
      assertFalse(bar.out().contains("\r"), command + ": stdout stays clean");
      if (args[args.length - 1].equals("--json")) {
        assertTrue(Json.flatten(bar.out()).containsKey("runKey"), command);
      }
      CliRun plain = run(false, args);
      assertEquals(0, plain.exitCode(), plain.err());
      assertEquals("", withoutInferredL(plain.err()), command + ": no terminal, no bar");
      String number = "[0-9][0-9.]*(E-?[0-9]+)?";
      assertEquals(plain.out().replaceAll(number, "N"), bar.out().replaceAll(number, "N"),
          command + ": the same output (timings aside)");
      CliRun quiet = run(true, Stream.concat(Stream.of(args), Stream.of("--quiet")).toArray(String[]::new));
      assertEquals(0, quiet.exitCode(), quiet.err());
      assertEquals("", withoutInferredL(quiet.err()), command + " --quiet");
    }
    CliRun phases = run(true, longCommands().get(0));
    for (String phase : new String[] {"reading train.svm", "reading test.svm", "training", "testing"}) {
      assertTrue(phases.err().contains(phase), phase + " in " + phases.err());
    }
  }

  /** {@code err} without the warning that L was inferred (LIBSVM without --num-labels), which is not this test's. */
  private static String withoutInferredL(String err) {
    return err.lines().filter(l -> !l.startsWith("alt: warning: L = ")).map(l -> l + "\n").collect(Collectors.joining());
  }

  @Test
  void noTrainingExamples() throws IOException {
    Path empty = dir.resolve("empty.svm");
    Files.writeString(empty, "# no examples\n");
    CliRun e = run(false, "evaluate", "--learner", "falt", "--train", empty.toString(), "--test", test.toString(), "--quiet");
    assertEquals(0, e.exitCode(), e.err());
    assertTrue(e.err().contains("alt: warning: the training data " + empty + " has no examples: the model has learned"
        + " nothing"), e.err());
    CliRun t = run(false, "train", "--learner", "falt", "--num-labels", "4", "--data", empty.toString(), "--model",
        dir.resolve("e.model").toString());
    assertEquals(0, t.exitCode(), t.err());
    assertEquals("alt: warning: the training data " + empty + " has no examples: the model has learned nothing", t.errLine());
    CliRun p = run(false, "prequential", "--learner", "falt", "--num-labels", "4", "--data", empty.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertEquals("alt: warning: the data " + empty + " has no examples: the model has learned nothing", p.errLine());
  }

  @Test
  void testDataThatIsTheTrainingData() throws IOException {
    CliRun same = run(false, "evaluate", "--learner", "falt", "--num-labels", "4", "--train", train.toString(), "--test",
        train.toString());
    assertEquals(0, same.exitCode(), same.err());
    assertEquals("alt: warning: the test data " + train + " is the training data " + train + " (the same input): the"
        + " metrics measure how well the model fits it, not how well it generalizes", same.errLine());
    Path copy = dir.resolve("copy.svm");
    Files.copy(train, copy);
    CliRun content = run(true, "evaluate", "--learner", "falt", "--num-labels", "4", "--train", train.toString(), "--test",
        copy.toString(), "--quiet");
    assertEquals(0, content.exitCode(), content.err());
    assertTrue(content.errLine().startsWith("alt: warning: the test data " + copy + " is the training data " + train
        + " (the same content, SHA-256 "), content.err());
    CliRun different = run(false, "evaluate", "--learner", "falt", "--num-labels", "4", "--train", train.toString(), "--test",
        test.toString());
    assertEquals("", different.err());
  }

  /** Features the model never saw score 0 for every label and the threshold: no label is predicted. */
  @Test
  void allPredictionsEmpty() throws IOException {
    Path unseen = dir.resolve("unseen.svm");
    Files.writeString(unseen, "0 150:1\n1 151:1\n2 152:1\n");
    CliRun e = run(false, "evaluate", "--learner", "falt", "--num-labels", "4", "--train", train.toString(), "--test",
        unseen.toString(), "--json", "--quiet");
    assertEquals(0, e.exitCode(), e.err());
    Map<String, String> json = Json.flatten(e.out());
    assertEquals(1.0, Json.number(json, "metrics.emptyPredictionRate"));
    assertEquals("alt: warning: every prediction on the test data " + unseen + " is empty (3 examples: no label scores above"
        + " the threshold); try --scale standardize or a larger --max-updates", e.errLine());
    // --allow-new-features: every example has features beyond the model's, which predict says otherwise (FeaturesBeyondModelTest)
    CliRun p = run(false, "predict", "--model", model.toString(), "--data", unseen.toString(), "--allow-new-features");
    assertEquals(0, p.exitCode(), p.err());
    assertEquals("\n\n\n", p.out());
    assertEquals("alt: warning: every prediction of the model " + model + " is empty (3 examples: no label scores above the"
        + " threshold); retrain with --scale standardize or a larger --max-updates", p.errLine());
    CliRun q = run(false, "prequential", "--learner", "falt", "--num-labels", "4", "--data", unseen.toString());
    assertEquals(0, q.exitCode(), q.err());
    assertTrue(q.errLine().startsWith("alt: warning: every prediction of the stream is empty (3 examples"), q.err());
    CliRun fine = run(false, "predict", "--model", model.toString(), "--data", test.toString());
    assertEquals("", fine.err());
    // a kind without M is not told to raise it
    var elm = org.altml.core.learner.LearnerRegistry.get("osml-elm");
    assertEquals("--scale standardize", Warnings.emptyPredictionsCure(elm.create(elm.defaults().with("initial", 1L),
        org.altml.core.learner.LearnerContext.of(3))));
  }

  /** A learner that never started (an ELM whose N0 is more than the stream) says why, not how to raise M. */
  @Test
  void aLearnerThatNeverStartedSaysWhy() {
    CliRun q = run(false, "prequential", "--learner", "osml-elm", "--num-labels", "4", "--hidden", "1000", "--data", test.toString(),
        "--quiet");
    assertEquals(0, q.exitCode(), q.err());
    assertEquals("alt: warning: every prediction of the stream is empty (500 examples): osml-elm never started to learn: its first"
        + " least-squares solve waits for N0 = 1,000 examples and it has learned from 500; N0 is initial (--initial), else"
        + " initialFraction of a training set of known size, else (a stream) the hidden size H", q.errLine());
    CliRun started = run(false, "prequential", "--learner", "osml-elm", "--hidden", "100", "--initial", "50", "--data",
        test.toString(), "--quiet");
    assertEquals(0, started.exitCode(), started.err());
    assertTrue(!started.err().contains("never started"), started.err());
  }

  /** A warning while a bar is drawn clears the bar's line first, so that it has a line of its own. */
  @Test
  void aWarningDuringABarHasItsOwnLine() throws IOException {
    Path wide = dir.resolve("wide.svm");
    Files.writeString(wide, "0 1:1\n1 350:1\n2 3:1\n");
    CliRun r = run(true, "predict", "--model", model.toString(), "--data", wide.toString(), "--allow-new-features");
    assertEquals(0, r.exitCode(), r.err());
    String warning = "alt: warning: " + wide + ":2: the example has features up to 350";
    assertTrue(r.err().contains("\r" + warning) || r.err().startsWith(warning), r.err());
  }
}
