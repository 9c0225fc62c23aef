package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.cli.data.ModelFit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LIBSVM data declares no d, so a model of dense data (yeast's 103 features) scored data of another kind (scene's 294,
 * fewer than the 2d + 100 that are refused) with exit 0 and no word. {@code predict} and {@code test} now say so at the
 * end when most examples have features beyond the model's d; ordinary test data, where a few examples use a feature the
 * training data did not, gets no word (issue 37: a model applied to unrelated data).
 */
class FeaturesBeyondModelTest {
  @TempDir Path dir;

  /** {@code n} dense LIBSVM examples of {@code d} features (1-based) and 3 labels. */
  private Path dense(String name, int n, int d) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i % 3).append(i % 3 == 0 && i % 2 == 0 ? ",2" : "");
      for (int f = 1; f <= d; f++) {
        b.append(' ').append(f).append(':').append(((i * 7 + f) % 9) - 4);
      }
      b.append('\n');
    }
    return Files.writeString(dir.resolve(name), b);
  }

  private Path model(Path data) {
    Path model = dir.resolve("m.model");
    CliRun t = CliRun.of("train", "--learner", "pa2", "--data", data.toString(), "--num-labels", "3", "--model", model.toString());
    assertEquals(0, t.exitCode(), t.err());
    return model;
  }

  @Test
  void dataOfMoreFeaturesInMostExamplesIsNamedAtTheEnd() throws IOException {
    Path model = model(dense("train.svm", 30, 10));
    Path other = dense("other.svm", 20, 25); // under 2 * 10 + 100: not refused
    String expected = "alt: warning: 20 of the 20 examples of " + other + " have features beyond the 10 the model " + model
        + " was trained on (up to 25): " + ModelFit.NEW_FEATURES + "; was the model trained on other data? (if the new"
        + " features are meant, give --allow-new-features to silence this)";
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", other.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertEquals(20, p.out().lines().count());
    assertEquals(expected, p.errLine());
    CliRun t = CliRun.of("test", "--model", model.toString(), "--data", other.toString());
    assertEquals(0, t.exitCode(), t.err());
    assertEquals(expected, t.errLine());
    CliRun allowed = CliRun.of("test", "--model", model.toString(), "--data", other.toString(), "--allow-new-features");
    assertEquals("", allowed.err());
    // continuing the model on it: said before it learns them
    CliRun from = CliRun.of("train", "--from", model.toString(), "--data", other.toString(), "--model",
        dir.resolve("more.model").toString());
    assertEquals(0, from.exitCode(), from.err());
    assertEquals("alt: warning: 20 of the 20 examples of " + other + " have features beyond the 10 the model " + model
        + " was trained on (up to 25); was the model trained on other data? (if the new features are meant, give"
        + " --allow-new-features to silence this)", from.errLine());
  }

  @Test
  void aFewExamplesWithANewFeatureAreOrdinaryTestData() throws IOException {
    Path model = model(dense("train.svm", 30, 10));
    // 3 of 8 examples use feature 11 or 12, which the training data did not
    Path test = Files.writeString(dir.resolve("test.svm"), String.join("\n", List.of("0 1:1 3:2", "1 2:1 11:1", "2 5:1",
        "0 4:2 12:1", "1 10:1", "2 1:1", "0 2:2 11:3", "1 7:1")) + "\n");
    CliRun p = CliRun.of("test", "--model", model.toString(), "--data", test.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertEquals("", p.err());
    assertTrue(p.out().contains("8 examples"), p.out());
    CliRun from = CliRun.of("train", "--from", model.toString(), "--data", test.toString(), "--model",
        dir.resolve("more.model").toString());
    assertEquals(0, from.exitCode(), from.err());
    assertEquals("", from.err());
  }
}
