package org.altml.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.altml.core.eval.DataView;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Scores;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;

class SavedModelTest {
  /**
   * The model of a protocol run keeps the scaling it was trained with: a raw example predicted through the saved
   * and loaded model scores as the protocol's own scaled test pass did.
   */
  @Test
  void theModelOfAScaledRunScalesRawExamplesAsTrainingDid() throws Exception {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withMeanNonZeros(8).withModelNonZerosPerLabel(10).withNumFeatures(60).withNumLabels(4)
        .withLabelCardinality(1.5).withSeed(3);
    Dataset all = new SparseTextGenerator(c).generate(300);
    Dataset train = all.subset(java.util.stream.IntStream.range(0, 250).toArray());
    Dataset test = all.subset(java.util.stream.IntStream.range(250, 300).toArray());
    TrainThenTestResult r = TrainThenTest.run(LearnerRegistry.get("falt").defaults(), DataView.of(train), DataView.of(test),
        TrainThenTest.Config.defaults().withScaling(FeatureScaling.STANDARDIZE));
    SavedModel back = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(r, train)), "bytes");
    assertEquals(FeatureScaling.STANDARDIZE, back.scaler().scaling());
    assertEquals(train.labelNames(), back.labelNames());
    SparseVector x = test.features(7, new SparseVector());
    Scores expected = new Scores(4);
    r.learner().predict(r.scaler().transform(x), expected);
    Scores got = new Scores(4);
    back.predict(x, got);
    assertArrayEquals(expected.array(), got.array());
    assertThrows(IllegalArgumentException.class, () -> back.predictedLabelNames(new Scores(3)), "scores of another L");
    assertEquals(null, back.provenance().get(DataFit.FEATURE_NAMES_SHA256), "generated data names no features");
  }

  /** A model of named features records their digest, and data of those names in another order is refused. */
  @Test
  void theModelOfNamedFeaturesRefusesThemInAnotherOrder() throws Exception {
    Dataset train = new org.altml.sparse.data.DatasetBuilder().name("t").numFeatures(2).featureNames(List.of("a", "b"))
        .add(SparseVector.of(new int[] {0}, new float[] {1}), org.altml.sparse.LabelSet.of(0))
        .add(SparseVector.of(new int[] {1}, new float[] {1}), org.altml.sparse.LabelSet.of(1)).build();
    TrainThenTestResult r = TrainThenTest.run(LearnerRegistry.get("falt").defaults(), DataView.of(train), DataView.of(train), TrainThenTest.Config.defaults());
    SavedModel back = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(r, train)), "bytes");
    assertEquals(DataFit.featureNamesDigest(List.of("a", "b"), 2), back.provenance().get(DataFit.FEATURE_NAMES_SHA256));
    DataFit.checkFeatureNames(back, "m", "d", List.of("a", "b", "c"));
    DataFit.checkFeatureNames(back, "m", "d", List.of());
    assertEquals("the features of d are not those the model m was trained on: the names of its first 2 attributes differ"
        + " (another data set, or its attributes in another order); " + DataFit.OTHER_DATA,
        assertThrows(IllegalArgumentException.class, () -> DataFit.checkFeatureNames(back, "m", "d", List.of("b", "a"))).getMessage());
  }
}
