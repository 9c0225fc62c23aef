package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt flink predict --model}: LIBSVM data declares no d, so a model of d = 10 scored data of 25 features (fewer
 * than the 2d + 100 refused as bad records) with exit 0 and no word, where {@code alt predict} names it. Now a file most
 * of whose records have features beyond the model's d is named at the end, its records summed over the predictors; a
 * file where a few records use a new feature (ordinary test data) is not, nor anything with --allow-new-features
 * (issue 37: a model applied to unrelated data).
 */
class PredictFeaturesBeyondTest {
  @TempDir Path dir;

  /** {@code n} LIBSVM records of features 1..{@code d} (every {@code every}-th of them up to {@code wide}). */
  private Path libSvm(String name, int n, int d, int every, int wide) throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i % FlinkTesting.LABELS);
      int last = i % every == 0 ? wide : d;
      for (int f = 1; f <= last; f++) {
        b.append(' ').append(f).append(':').append((i + f) % 5 - 2);
      }
      b.append('\n');
    }
    return Files.writeString(dir.resolve(name), b);
  }

  @Test
  void libSvmDataMostOfWhoseRecordsGoBeyondTheModelsFeaturesIsNamed() throws Exception {
    Path model = dir.resolve("d10.model");
    ModelIo.write(new SavedModel(FlinkTesting.setup("falt").create(0), null, 10, FeatureScaler.of(FeatureScaling.NONE), Map.of()),
        model);
    Path wide = libSvm("wide.svm", 12, 25, 1, 25); // every record up to feature 25
    Path ordinary = libSvm("ordinary.svm", 12, 10, 4, 12); // 3 of 12 records use features 11 and 12
    String err = FlinkMainTest.executeWithErr(0, "predict", "--model", model.toString(), "--data", wide.toString(),
        ordinary.toString(), "--parallelism", "2", "--no-predictions");
    String warning = "alt flink: warning: 12 of the 12 records of ";
    assertTrue(err.contains(warning) && err.contains("wide.svm have features beyond the 10 the model " + model + " was trained on"
        + " (up to 25): a linear model has no weights for features it never saw") && err.contains("was the model trained on"
        + " other data? (if the new features are meant, give --allow-new-features to silence this)"), err);
    assertEquals(1, err.split(java.util.regex.Pattern.quote("records of"), -1).length - 1, err); // ordinary.svm not named
    String allowed = FlinkMainTest.executeWithErr(0, "predict", "--model", model.toString(), "--data", wide.toString(),
        "--allow-new-features", "--no-predictions");
    assertFalse(allowed.contains("features beyond"), allowed);
  }

  /** A model of 1-based LIBSVM data read with --zero-based is said before the job, as alt predict says it (it was not). */
  @Test
  void anotherFeatureIndexBaseThanTheModelsIsSaid() throws Exception {
    Path model = dir.resolve("one-based.model");
    ModelIo.write(new SavedModel(FlinkTesting.setup("falt").create(0), null, 10, FeatureScaler.of(FeatureScaling.NONE),
        Map.of(org.altml.core.model.DataFit.FEATURE_INDEX_BASE, "1")), model);
    Path data = libSvm("data.svm", 2, 10, 1, 10);
    String err = FlinkMainTest.executeWithErr(0, "predict", "--model", model.toString(), "--data", data.toString(), "--zero-based",
        "--no-predictions");
    assertTrue(err.contains("alt flink: warning: " + data + " is read with 0-based feature indices, the model " + model
        + " was trained on data read with 1-based ones: unless the files differ in that way, every feature is shifted by one;"
        + " leave --zero-based out"), err);
  }
}
