package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.core.eval.DataView;
import org.altml.core.eval.Order;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library example of README.md, compiled and run (HPPC's hppc-examples idea): if this test needs a
 * change, the README needs the same change.
 */
class ReadmeExampleTest {
  @TempDir Path dir;

  @Test
  void readmeLibraryExample() throws IOException {
    Path trainFile = dir.resolve("train.svm");
    Path testFile = dir.resolve("test.svm");
    SparseTextGenerator generator =
        new SparseTextGenerator(SparseTextGenerator.Config.defaults().withNumFeatures(2000).withNumLabels(20));
    Dataset all = generator.generate(3000);
    int[] order = Dataset.permutation(all.size(), 1);
    DataFiles.write(all.subset(java.util.Arrays.copyOfRange(order, 0, 2000)), trainFile);
    DataFiles.write(all.subset(java.util.Arrays.copyOfRange(order, 2000, 3000)), testFile);

    // --- README: begin ---
    Dataset train = DataFiles.read(trainFile);                    // LIBSVM or Mulan ARFF, .gz or not
    Dataset test = DataFiles.read(testFile).withDimensions(train.numFeatures(), train.numLabels());

    // any registered learner kind by name, with its typed parameters (defaults from the registry)
    Settings settings = LearnerRegistry.get("falt").defaults().with("eta", 0.5f).with("maxUpdates", 4);

    // one online pass, then the frozen model scored on the test set (all cores, same result as 1)
    TrainThenTestResult result = TrainThenTest.run(settings, DataView.of(train), DataView.of(test),
        TrainThenTest.Config.defaults().withOrder(Order.SHUFFLE).withSeed(1));
    double f1 = result.metrics().get(Measure.F1);
    ModelIo.write(SavedModel.of(result, train), dir.resolve("falt.model")); // full state, its scaling and data names

    // or by hand, one example at a time: predict, score, then learn (prequential)
    OnlineMultiLabelLearner falt = result.learner();
    Scores scores = new Scores(train.numLabels());
    EvaluationSuite suite = new EvaluationSuite(train.numLabels());
    try (ExampleStream stream = test.stream()) {
      while (stream.advance()) {
        falt.predictThenUpdate(stream.features(), stream.labels(), scores);
        suite.accept(stream.labels(), scores);
      }
    }
    double prequentialMicroF1 = suite.report().get(Measure.MICRO_F1);

    // a saved model predicts one example as it was trained to see it (its scaling first), after
    // refusing data it was not trained for: other labels or features, as alt predict does (DataFit.check)
    SavedModel saved = ModelIo.read(dir.resolve("falt.model"));
    saved.checkFits(test);
    Scores one = new Scores(saved.learner().numLabels());
    saved.predict(test.example(0).features(), one);
    List<String> predicted = saved.predictedLabelNames(one);
    // --- README: end ---

    assertTrue(f1 > 0.3 && f1 <= 1, "F1 " + f1);
    assertTrue(prequentialMicroF1 > 0.3 && prequentialMicroF1 <= 1, "micro-F1 " + prequentialMicroF1);
    assertEquals(1000, suite.count());
    assertEquals(one.predictedCount(), predicted.size());
    assertReadmeHasTheSameCode();
  }

  /** The snippet between the markers above must appear verbatim (modulo indentation) in README.md. */
  private static void assertReadmeHasTheSameCode() throws IOException {
    Path readme = Path.of(System.getProperty("maven.multiModuleProjectDirectory", "..")).resolve("README.md");
    if (!Files.exists(readme)) {
      readme = Path.of("..", "README.md");
    }
    String text = Files.readString(readme);
    Path self = Path.of("src/test/java/org/altml/cli/ReadmeExampleTest.java");
    List<String> lines = Files.readAllLines(self);
    int begin = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.equals("// --- README: begin ---")) {
        begin = i + 1;
      } else if (line.equals("// --- README: end ---")) {
        end = i;
      }
    }
    assertTrue(begin > 0 && end > begin, "markers not found in " + self);
    // the README's import block: every line one of this file's imports, so that the example compiles with it
    for (String line : text.lines().filter(l -> l.startsWith("import org.altml.")).toList()) {
      assertTrue(lines.contains(line), "README.md imports what this example does not: " + line);
    }
    for (String line : lines.subList(begin, end)) {
      String code = line.strip();
      if (!code.isEmpty()) {
        assertTrue(text.contains(code), "README.md lacks the example line: " + code);
      }
    }
  }
}
