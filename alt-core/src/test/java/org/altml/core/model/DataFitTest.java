package org.altml.core.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.junit.jupiter.api.Test;

/** The checks of data against a saved model that the command line and the Flink jobs share. */
class DataFitTest {
  private static SavedModel model(List<String> names, int numFeatures, Map<String, String> provenance) {
    return new SavedModel(LearnerRegistry.create(LearnerRegistry.get("falt").defaults(), new LearnerContext(3, 0, -1, 1)), names,
        numFeatures, FeatureScaler.of(FeatureScaling.NONE), provenance);
  }

  @Test
  void labelsMustNotOutnumberTheModelsAndNamedLabelsMustMatchByPosition() {
    SavedModel m = model(List.of("a", "b", "c"), 10, Map.of());
    assertDoesNotThrow(() -> DataFit.checkLabels(m, "m.model", "d.arff", 3, List.of("a", "b", "c")));
    assertDoesNotThrow(() -> DataFit.checkLabels(m, "m.model", "d.svm", 2, null)); // LIBSVM: no names, fewer labels seen
    assertDoesNotThrow(() -> DataFit.checkLabels(m, "m.model", "d.arff", 3, List.of("0", "1", "2"))); // index names: not compared
    IllegalArgumentException more = assertThrows(IllegalArgumentException.class, () -> DataFit.checkLabels(m, "m.model", "d.svm", 4, null));
    assertTrue(more.getMessage().startsWith("d.svm has 4 labels but the model m.model has 3"), more.getMessage());
    IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
        () -> DataFit.checkLabels(m, "m.model", "d.arff", 3, List.of("a", "x", "c")));
    assertTrue(other.getMessage().contains("label id 1 is 'x', not 'b'"), other.getMessage());
    assertDoesNotThrow(() -> DataFit.checkLabels(model(null, 10, Map.of()), "m.model", "d.arff", 3, List.of("p", "q", "r")));
  }

  @Test
  void manyMoreFeaturesThanTheModelsAreNamedAndAnUnknownDIsNotChecked() {
    SavedModel m = model(null, 10, Map.of());
    assertNull(DataFit.newFeatures(m, "m.model", "d.svm", 2 * 10 + DataFit.FEATURE_SLACK - 1, false));
    assertEquals("d.svm has features up to 120, the model m.model was trained on 10",
        DataFit.newFeatures(m, "m.model", "d.svm", 120, false));
    assertEquals("d.arff has 500 features, the model m.model was trained on 10", DataFit.newFeatures(m, "m.model", "d.arff", 500, true));
    assertNull(DataFit.newFeatures(model(null, 0, Map.of()), "m.model", "d.svm", 1_000_000, false));
  }

  @Test
  void theIgnoredAttributesComeFromTheProvenanceInOrder() {
    assertEquals(List.of(), DataFit.ignoredAttributes(model(null, 10, Map.of())));
    assertEquals(List.of("f2", "f1"), DataFit.ignoredAttributes(model(null, 10, Map.of(DataFit.IGNORED_ATTRIBUTES, "f2,f1"))));
  }
}
