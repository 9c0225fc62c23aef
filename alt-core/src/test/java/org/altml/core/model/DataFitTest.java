package org.altml.core.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
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

  /**
   * The shape data declares must be the model's, in either direction: fewer labels, label names against label ids (both
   * ways), fewer features, more than a declared d; data that declares nothing (-1, null) always fits.
   */
  @Test
  void aDeclaredShapeOtherThanTheModelsIsAMisfitTheUserMayAccept() {
    SavedModel named = model(List.of("a", "b", "c"), 10, Map.of(DataFit.FEATURE_NAMES_SHA256, "x")); // ARFF: d declared
    SavedModel ids = model(null, 10, Map.of(DataFit.FEATURE_INDEX_BASE, "1")); // a model file of LIBSVM data
    assertNull(DataFit.shapeMisfit(named, "m", "d", -1, null, -1), "LIBSVM declares nothing");
    assertNull(DataFit.shapeMisfit(named, "m", "d", 3, List.of("a", "b", "c"), 10));
    assertNull(DataFit.shapeMisfit(ids, "m", "d", 3, List.of("0", "1", "2"), 10));
    assertNull(DataFit.shapeMisfit(ids, "m", "d", 3, null, 12), "a LIBSVM model's d is the largest id it saw: more may come");

    ShapeFit.Misfit fewer = DataFit.shapeMisfit(named, "m.model", "d.arff", 2, List.of("a", "b"), 10);
    assertEquals("d.arff has 2 labels, the model m.model 3: it would predict label ids up to 2, which the data does not have",
        fewer.problem());
    assertEquals(DataFit.ALLOW_SHAPE_MISMATCH, fewer.allowance());
    assertEquals(fewer.problem() + "; " + DataFit.OTHER_DATA + " (if this data is meant, give --allow-shape-mismatch)",
        fewer.refusal());
    assertTrue(DataFit.shapeMisfit(ids, "m", "d", 3, List.of("a", "b", "c"), 10).problem()
        .startsWith("the labels of d have names (a, b, c), those of the model m are ids only"));
    assertTrue(DataFit.shapeMisfit(named, "m", "d", 3, List.of("0", "1", "2"), 10).problem()
        .startsWith("the labels of d are named by their ids (0, 1, 2), those of the model m have names (a, b, c)"));
    assertNull(DataFit.shapeMisfit(model(null, 10, Map.of()), "m", "d", 3, List.of("a", "b", "c"), 10),
        "a model made in memory may have lost its names");
    ShapeFit.Misfit narrow = DataFit.shapeMisfit(ids, "m", "d", 3, null, 8);
    assertEquals("d has 8 features, fewer than the 10 the model m was trained on", narrow.problem());
    assertFalse(narrow.newFeatures());
    ShapeFit.Misfit wider = DataFit.shapeMisfit(named, "m", "d", 3, List.of("a", "b", "c"), 11);
    assertTrue(wider.newFeatures());
    assertEquals(DataFit.ALLOW_NEW_FEATURES, wider.allowance());
    assertTrue(DataFit.shapeMisfit(ids, "m", "d", -1, null, 120).newFeatures(), "many more: other data");

    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> DataFit.checkShape(named, "m.model", "d.arff", 2, null, -1, ShapeFit.Allowed.NOTHING));
    assertEquals(fewer.refusal(), refused.getMessage());
    assertEquals(List.of(fewer),
        DataFit.checkShape(named, "m.model", "d.arff", 2, List.of("a", "b"), 10, new ShapeFit.Allowed(true, false)));
    assertThrows(IllegalArgumentException.class,
        () -> DataFit.checkShape(named, "m", "d", 3, null, 11, new ShapeFit.Allowed(true, false)), "new features: the other option");
    // fewer labels and more features: the option for the one does not accept the other
    IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
        () -> DataFit.checkShape(named, "m", "d", 2, null, 11, new ShapeFit.Allowed(true, false)));
    assertTrue(both.getMessage().contains(DataFit.ALLOW_NEW_FEATURES), both.getMessage());
    assertEquals(2, DataFit.checkShape(named, "m", "d", 2, null, 11, new ShapeFit.Allowed(true, true)).size());
    assertEquals(List.of(), DataFit.checkShape(named, "m", "d", 3, null, 10, ShapeFit.Allowed.NOTHING));
  }

  /** A model whose L was inferred from LIBSVM data says so, with the fix, when a label beyond it comes. */
  @Test
  void aLabelBeyondAnInferredLNamesTheFix() {
    SavedModel inferred = model(null, 10, Map.of(DataFit.NUM_LABELS_INFERRED, "true", "data", "train.svm"));
    assertEquals("its L = 3 was inferred from the largest label id in its training data train.svm: train it with --num-labels L"
        + " (at least 6) if that data has more labels, or was it trained on other data?", DataFit.labelsFix(inferred, 5, "no"));
    assertEquals("no", DataFit.labelsFix(model(null, 10, Map.of(DataFit.NUM_LABELS_INFERRED, "false")), 5, "no"));
    IllegalArgumentException more = assertThrows(IllegalArgumentException.class,
        () -> DataFit.checkLabels(inferred, "m.model", "t.svm", 6, null));
    assertTrue(more.getMessage().endsWith("fixed when it is first trained; its L = 3 was inferred from the largest label id in its"
        + " training data train.svm: train it with --num-labels L (at least 6) if that data has more labels, or was it trained"
        + " on other data?"), more.getMessage());
  }

  /**
   * A library user's one call before applying a model to data read whole: every check alt predict runs, with the
   * accepting {@link ShapeFit.Allowed} named in the refusal (predicting another data set gave scores without a word).
   */
  @Test
  void aLibraryUserChecksDataAgainstAModelInOneCall() {
    List<String> abc = List.of("a", "b", "c");
    String names = DataFit.featureNamesDigest(data(abc, 10, true).featureNames(), 10);
    SavedModel arffModel = model(abc, 10, Map.of(DataFit.FEATURE_NAMES_SHA256, names));
    assertEquals(List.of(), DataFit.check(arffModel, "m", data(abc, 10, true), ShapeFit.Allowed.NOTHING));
    assertDoesNotThrow(() -> arffModel.checkFits(data(abc, 10, true)));
    // fewer declared labels: refused, or accepted and returned
    IllegalArgumentException fewer = assertThrows(IllegalArgumentException.class,
        () -> DataFit.check(arffModel, "m", data(List.of("a", "b"), 10, true), ShapeFit.Allowed.NOTHING));
    assertEquals("x has 2 labels, the model m 3: it would predict label ids up to 2, which the data does not have; was the"
        + " model trained on other data? (if this data is meant, accept it with new ShapeFit.Allowed(true, false))",
        fewer.getMessage());
    assertEquals(1, DataFit.check(arffModel, "m", data(List.of("a", "b"), 10, true), new ShapeFit.Allowed(true, false)).size());
    // other label names, more labels, other feature names: refused whatever is allowed
    ShapeFit.Allowed all = new ShapeFit.Allowed(true, true);
    assertThrows(IllegalArgumentException.class, () -> DataFit.check(arffModel, "m", data(List.of("a", "x", "c"), 10, true), all));
    assertThrows(IllegalArgumentException.class, () -> arffModel.checkFits(data(List.of("a", "b", "c", "d"), 10, true)));
    assertThrows(IllegalArgumentException.class, () -> DataFit.check(arffModel, "m", data(List.of("0", "1", "2", "3"), 10, false), all));
    var shuffled = new org.altml.sparse.data.DatasetBuilder().name("s").numLabels(3).numFeatures(10).labelNames(abc)
        .featureNames(List.of("f1", "f0", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9")).build();
    assertThrows(IllegalArgumentException.class, () -> arffModel.checkFits(shuffled));
    // an attribute the model was trained without, still in the data
    SavedModel ignoring = model(abc, 10, Map.of(DataFit.IGNORED_ATTRIBUTES, "f10"));
    IllegalArgumentException still = assertThrows(IllegalArgumentException.class, () -> ignoring.checkFits(data(abc, 11, true)));
    assertTrue(still.getMessage().contains("withIgnoredAttributes(\"f10\")"), still.getMessage());
    // a model of LIBSVM data: LIBSVM data using fewer ids fits, many more features is a misfit new features accept
    SavedModel libsvm = model(null, 10, Map.of(DataFit.NUM_LABELS_INFERRED, "false"));
    assertDoesNotThrow(() -> libsvm.checkFits(data(List.of("0", "1"), 7, false)));
    IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
        () -> libsvm.checkFits(data(List.of("0", "1"), 500, false)));
    assertTrue(wide.getMessage().contains("new ShapeFit.Allowed(false, true)"), wide.getMessage());
    assertEquals(1, DataFit.check(libsvm, "m", data(List.of("0", "1"), 500, false), new ShapeFit.Allowed(false, true)).size());
    // ARFF data for a LIBSVM model: names against ids
    assertThrows(IllegalArgumentException.class, () -> libsvm.checkFits(data(abc, 10, true)));
  }

  /** Data of {@code labels} and {@code features}, with feature names f0, f1, ... when {@code arff}. */
  private static org.altml.sparse.data.Dataset data(List<String> labels, int features, boolean arff) {
    org.altml.sparse.data.DatasetBuilder b = new org.altml.sparse.data.DatasetBuilder().name("x").numLabels(labels.size())
        .numFeatures(features).labelNames(labels);
    if (arff) {
      b.featureNames(java.util.stream.IntStream.range(0, features).mapToObj(f -> "f" + f).toList());
    }
    return b.build();
  }

  private static List<ShapeFit.Misfit> misfits(org.altml.sparse.data.Dataset train, org.altml.sparse.data.Dataset test) {
    return DataFit.testMisfits(ShapeFit.Shape.of(train, "the training data t"), ShapeFit.Shape.of(test, "the test data s"));
  }

  /**
   * Training and test data given together: the training data's shape stands where a model's stands, in both directions:
   * the side that declares it (ARFF) against what the other declares or uses; LIBSVM and LIBSVM declare nothing.
   */
  @Test
  void testDataIsCheckedAgainstTheTrainingDatasShapeInBothDirections() {
    List<String> abc = List.of("a", "b", "c");
    List<String> ids3 = List.of("0", "1", "2");
    var arff = data(abc, 10, true);
    assertTrue(DataFit.declaresShape(arff));
    assertFalse(DataFit.declaresShape(data(ids3, 10, false)));
    assertEquals(List.of(), misfits(arff, data(abc, 10, true)));
    assertEquals(List.of(), misfits(arff, data(List.of("0", "1"), 7, false)), "LIBSVM using fewer ids fits");
    assertEquals(List.of(), misfits(data(ids3, 10, false), data(List.of("0", "1", "2", "3", "4"), 400, false)),
        "LIBSVM and LIBSVM declare nothing");
    assertEquals(List.of(), misfits(data(ids3, 10, false), data(List.of("0", "1", "2", "3"), 12, true)),
        "ARFF test data of more labels and a few more features than LIBSVM training data uses: L and d are the larger");

    // the training data declares: the LIBSVM test data's ids beyond it
    List<ShapeFit.Misfit> beyond = misfits(arff, data(List.of("0", "1", "2", "3"), 11, false));
    assertEquals(List.of(new ShapeFit.Misfit("the test data s has label ids up to 3, the training data t declares 3 labels (0 to"
        + " 2)", false, DataFit.SAME_DATA), new ShapeFit.Misfit("the test data s has features up to 11, the training data t"
        + " declares 10", true, DataFit.SAME_DATA)), beyond);
    assertTrue(beyond.get(0).refusal().endsWith("; are they the same data set? (if this data is meant, give"
        + " --allow-shape-mismatch)"), beyond.get(0).refusal());
    // both declare: more or fewer labels, fewer or more features, names against ids
    assertEquals("the test data s has 4 labels, the training data t 3: a model of it learns no label id from 3 on",
        misfits(arff, data(List.of("a", "b", "c", "d"), 10, true)).get(0).problem());
    assertEquals("the test data s has 2 labels, the training data t 3: a model of it would predict label ids up to 2, which the"
        + " data does not have", misfits(arff, data(List.of("a", "b"), 10, true)).get(0).problem());
    assertEquals("the test data s has 8 features, fewer than the 10 of the training data t",
        misfits(arff, data(abc, 8, true)).get(0).problem());
    ShapeFit.Misfit wider = misfits(arff, data(abc, 11, true)).get(0);
    assertEquals("the test data s has 11 features, the training data t has 10", wider.problem());
    assertTrue(wider.newFeatures());
    assertTrue(misfits(arff, data(ids3, 10, true)).get(0).problem().startsWith("the labels of the test data s are named by"
        + " their ids (0, 1, 2), those of the training data t have names (a, b, c)"));
    // the test data declares, the LIBSVM training data uses more: labels, names, features
    List<ShapeFit.Misfit> against = misfits(data(List.of("0", "1", "2", "3"), 20, false), data(abc, 10, true));
    assertEquals(3, against.size(), against.toString());
    assertTrue(against.get(0).problem().startsWith("the test data s has 3 labels, the training data t 4"), against.toString());
    assertTrue(against.get(1).problem().startsWith("the labels of the test data s have names (a, b, c), those of the training"
        + " data t are ids only (0, 1, 2, 3: LIBSVM data, or labels so named)"), against.toString());
    assertEquals("the test data s has 10 features, fewer than the 20 of the training data t", against.get(2).problem());
    assertTrue(misfits(data(ids3, 10, false), data(ids3, 120, true)).get(0).newFeatures(), "many more: other data");
  }
}
