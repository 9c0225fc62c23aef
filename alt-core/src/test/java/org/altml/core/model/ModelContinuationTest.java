package org.altml.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.linear.RandomData;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The full state round-trips through every registered learner kind's codec: a restored learner continues
 * exactly as if it had never stopped (train n, save, load, train m == train n + m), over files and byte
 * arrays; preprocessing travels with the model; old (version 2) files still load and predict as they did.
 */
class ModelContinuationTest {
  private static final long SEED = 2026L;

  @TempDir Path dir;

  /** Every registered kind, in both precisions, with M = 3 and the bias option on. */
  static Stream<Settings> settings() {
    return LearnerRegistry.all().stream().flatMap(spec -> Stream.of("double", "float").map(p -> {
      Settings s = spec.defaults();
      s = s.spec().hasParameter("precision") ? s.with("precision", p) : s;
      s = s.spec().hasParameter("maxUpdates") ? s.with("maxUpdates", 3) : s;
      return s.spec().hasParameter("bias") ? s.with("bias", true) : s;
    }));
  }

  private static void train(OnlineMultiLabelLearner learner, SplittableRandom rnd, int n, Scores out) {
    for (int t = 0; t < n; t++) {
      SparseVector x = RandomData.vector(rnd, 25, 6);
      LabelSet y = RandomData.labels(rnd, learner.numLabels());
      learner.predictThenUpdate(x, y, out);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void trainSaveLoadTrainEqualsTrainingWithoutStopping(Settings settings) throws IOException {
    LearnerContext context = new LearnerContext(6, 0, -1, 7L);
    OnlineMultiLabelLearner straight = settings.spec().create(settings, context);
    OnlineMultiLabelLearner first = settings.spec().create(settings, context);
    Scores a = new Scores(6);
    Scores b = new Scores(6);
    train(straight, new SplittableRandom(SEED), 150, a);
    SplittableRandom rnd = new SplittableRandom(SEED);
    train(first, rnd, 90, b);
    Path file = dir.resolve("m.model");
    ModelIo.write(new SavedModel(first, null, 25, FeatureScaler.of(FeatureScaling.L2), Map.of("by", "test")), file);
    SavedModel saved = ModelIo.read(file);
    OnlineMultiLabelLearner resumed = saved.learner();
    assertEquals(90, resumed.examplesSeen(), settings.key());
    assertEquals(settings.spec().name(), resumed.name());
    assertEquals(first.settings(), resumed.settings());
    assertEquals(FeatureScaling.L2, saved.scaler().scaling());
    assertEquals(25, saved.numFeatures());
    assertEquals(Map.of("by", "test"), saved.provenance());
    train(resumed, rnd, 60, b);
    assertEquals(straight.examplesSeen(), resumed.examplesSeen());
    assertArrayEquals(ModelIo.toBytes(SavedModel.of(straight)), ModelIo.toBytes(SavedModel.of(resumed)),
        settings.key() + ": the resumed model's state differs from the uninterrupted one");
    SplittableRandom probe = new SplittableRandom(SEED + 1);
    for (int t = 0; t < 30; t++) {
      SparseVector x = RandomData.vector(probe, 40, 8);
      straight.predict(x, a);
      resumed.predictor().predict(x, b);
      assertArrayEquals(a.array(), b.array(), settings.key() + ", probe " + t);
    }
  }

  @Test
  void bytesRoundTripAndStandardizationTravelsWithTheModel() throws IOException {
    LearnerSpec falt = LearnerRegistry.get("falt");
    OnlineMultiLabelLearner learner = falt.create(falt.defaults(), LearnerContext.of(4));
    FeatureScaler scaler = FeatureScaler.of(FeatureScaling.STANDARDIZE);
    SplittableRandom rnd = new SplittableRandom(3);
    for (int t = 0; t < 50; t++) {
      SparseVector x = RandomData.vector(rnd, 10, 4);
      learner.update(scaler.transform(x), RandomData.labels(rnd, 4));
      scaler.observe(x);
    }
    byte[] bytes = ModelIo.toBytes(new SavedModel(learner, List.of("a", "b", "c", "d"), 10, scaler, Map.of()));
    SavedModel back = ModelIo.fromBytes(bytes, "checkpoint");
    SparseVector x = RandomData.vector(rnd, 10, 4);
    assertEquals(scaler.transform(x), back.scaler().transform(x));
    for (int f = 0; f < 10; f++) {
      assertEquals(scaler.mean(f), back.scaler().mean(f));
      assertEquals(scaler.standardDeviation(f), back.scaler().standardDeviation(f));
    }
    ModelFormatException e = assertThrows(ModelFormatException.class,
        () -> ModelIo.fromBytes(java.util.Arrays.copyOf(bytes, bytes.length - 20), "checkpoint"));
    assertTrue(e.getMessage().startsWith("checkpoint: "), e.getMessage());
  }

  @Test
  void aHeaderDeclaringHugeSizesFailsBeforeAllocating() throws IOException {
    LearnerSpec salt = LearnerRegistry.get("salt");
    OnlineMultiLabelLearner learner = salt.create(salt.defaults(), LearnerContext.of(3));
    learner.update(SparseVector.of(new int[] {1}, new float[] {1f}), LabelSet.of(0));
    byte[] bytes = ModelIo.toBytes(SavedModel.of(learner));
    // the body starts after the header: find W's row count (d = 2) right after the two counters
    int at = indexOfBody(bytes);
    ByteBuffer.wrap(bytes).putInt(at + 16, 200_000_000);
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelIo.fromBytes(bytes, "crafted"));
    assertTrue(e.getMessage().contains("200000000") && e.getMessage().contains("truncated or corrupt"), e.getMessage());
  }

  /** Offset of the codec body: the serialized header of a fresh copy of the same model, then the scaler. */
  private static int indexOfBody(byte[] bytes) {
    // examples (1) and steps (1) are the first two longs of the body, d (2) follows
    ByteBuffer b = ByteBuffer.wrap(bytes);
    for (int i = 0; i + 20 <= bytes.length; i++) {
      if (b.getLong(i) == 1L && b.getLong(i + 8) == 1L && b.getInt(i + 16) == 2) {
        return i;
      }
    }
    throw new AssertionError("body not found");
  }

  @ParameterizedTest
  @MethodSource("legacyFiles")
  void version2FilesStillLoadAndPredictAsBefore(String kind) throws IOException {
    Path file = dir.resolve(kind + ".v2.model");
    try (InputStream in = getClass().getResourceAsStream("/legacy/" + kind + ".v2.model")) {
      Files.copy(in, file);
    }
    List<String> expected;
    try (InputStream in = getClass().getResourceAsStream("/legacy/v2-expected.txt")) {
      expected = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
          .filter(l -> l.startsWith(kind + " ")).toList();
    }
    SavedModel model = ModelIo.read(file);
    assertEquals(List.of("w", "x", "y", "z"), model.labelNames());
    assertEquals(kind.substring(0, kind.indexOf('-')), model.learner().name());
    assertEquals(kind.substring(kind.indexOf('-') + 1), model.learner().settings().get(
        org.altml.core.learner.CommonParameters.PRECISION));
    // the generator's stream: 60 training examples, then 5 probes (see GenV2 in the commit that added them)
    SplittableRandom r = new SplittableRandom(5);
    for (int t = 0; t < 60; t++) {
      vec(r);
      lab(r);
    }
    Scores s = new Scores(4);
    for (int t = 0; t < 5; t++) {
      model.learner().predict(vec(r), s);
      StringBuilder line = new StringBuilder(kind + " " + t);
      for (int j = 0; j <= 4; j++) {
        line.append(' ').append(Float.floatToIntBits(s.array()[j]));
      }
      assertEquals(expected.get(t), line.toString());
    }
    assertEquals(kind + " examples " + model.examplesSeen(), expected.get(5));
  }

  static Stream<String> legacyFiles() {
    return Stream.of("falt-double", "salt-float", "pa2-double");
  }

  private static SparseVector vec(SplittableRandom r) {
    int n = 1 + r.nextInt(4);
    java.util.TreeMap<Integer, Float> m = new java.util.TreeMap<>();
    while (m.size() < n) {
      m.put(r.nextInt(12), (float) (r.nextDouble() * 2 - 1));
    }
    int[] i = m.keySet().stream().mapToInt(Integer::intValue).toArray();
    float[] v = new float[n];
    int k = 0;
    for (float f : m.values()) {
      v[k++] = f;
    }
    return SparseVector.of(i, v);
  }

  private static LabelSet lab(SplittableRandom r) {
    int[] y = new int[4];
    int n = 0;
    for (int j = 0; j < 4; j++) {
      if (r.nextInt(3) == 0) {
        y[n++] = j;
      }
    }
    return LabelSet.of(java.util.Arrays.copyOf(y, n));
  }
}
