package org.altml.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Precision;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.linear.Falt;
import org.altml.core.linear.LinearLearner;
import org.altml.core.linear.RandomData;
import org.altml.core.linear.TestLinear;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ModelIoTest {
  private static final long SEED = 77L;

  @TempDir Path dir;

  static Stream<Supplier<LinearLearner>> learners() {
    return Stream.of(Precision.values()).flatMap(ModelIoTest::learners);
  }

  /**
   * Every registered linear kind (the registry supplies them) with precision {@code p}, each with settings other than
   * its defaults where it can (the first step size halved, M = 2, bias on every other kind), so that a field read back
   * into the wrong place shows.
   */
  static Stream<Supplier<LinearLearner>> learners(Precision p) {
    List<Supplier<LinearLearner>> all = new ArrayList<>();
    for (LearnerSpec spec : linearKinds()) {
      Settings s = spec.defaults().with("precision", p).with("maxUpdates", 2).with("bias", all.size() % 2 == 1);
      Parameter<?> first = spec.parameters().get(0);
      if (first.type() == Float.class) {
        s = s.with(first.name(), (Float) s.get(first) / 2);
      }
      Settings settings = s;
      all.add(() -> (LinearLearner) spec.create(settings, LearnerContext.of(5)));
    }
    return all.stream();
  }

  /** The registered linear kinds, by name. */
  static List<LearnerSpec> linearKinds() {
    return LearnerRegistry.all().stream().filter(LearnerSpec::isLinear).toList();
  }

  static LinearLearner trained(Supplier<LinearLearner> factory) {
    LinearLearner learner = factory.get();
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int t = 0; t < 200; t++) {
      learner.update(RandomData.vector(rnd, 30, 6), RandomData.labels(rnd, 5));
    }
    return learner;
  }

  @ParameterizedTest
  @MethodSource("learners")
  void roundTripGivesIdenticalPredictionsAndContinuesTraining(Supplier<LinearLearner> factory) throws IOException {
    LinearLearner original = trained(factory);
    List<String> names = List.of("a", "b", "ç", "label with spaces", "e");
    Path file = dir.resolve("m.altmodel");
    ModelIo.write(original, names, file);
    SavedModel saved = ModelIo.read(file);
    LinearLearner loaded = (LinearLearner) saved.learner();
    assertEquals(names, saved.labelNames());
    assertEquals(original.examplesSeen(), saved.examplesSeen());
    assertEquals(original.describe(), loaded.describe());
    assertEquals(original.precision(), loaded.precision());
    assertEquals(original.numFeatures(), loaded.numFeatures());
    for (int f = 0; f < original.numFeatures(); f++) {
      for (int j = 0; j <= 5; j++) {
        assertEquals(original.weights().get(f, j), loaded.weights().get(f, j), "exact weight " + f + "," + j);
      }
    }
    for (int j = 0; j <= 5; j++) {
      assertEquals(original.biasWeight(j), loaded.biasWeight(j), "exact bias weight " + j);
    }
    SplittableRandom rnd = new SplittableRandom(SEED + 1);
    Scores a = new Scores(5);
    Scores b = new Scores(5);
    for (int t = 0; t < 100; t++) {
      SparseVector x = RandomData.vector(rnd, 40, 8);
      var y = RandomData.labels(rnd, 5);
      original.predictThenUpdate(x, y, a);
      loaded.predictThenUpdate(x, y, b);
      assertArrayEquals(a.array(), b.array(), original.describe() + ", seed " + SEED + ", example " + t);
    }
    try (var files = Files.list(dir)) {
      assertEquals(List.of(file), files.toList(), "no temporary file is left behind");
    }
  }

  @Test
  void aSavedModelPredictsThroughItsScalerAndNamesItsLabels() throws IOException {
    LinearLearner learner = trained(() -> TestLinear.falt(5, 1f, 1));
    List<String> names = List.of("a", "b", "c", "d", "e");
    // an L2 scaler: the saved model must score the scaled vector, as its learner was trained on
    org.altml.core.eval.FeatureScaler l2 = org.altml.core.eval.FeatureScaler.of(org.altml.core.eval.FeatureScaling.L2);
    SavedModel model = new SavedModel(learner, names, 30, l2, java.util.Map.of());
    SparseVector x = RandomData.vector(new SplittableRandom(7), 30, 6);
    Scores direct = new Scores(5);
    learner.predict(l2.transform(x), direct);
    Scores viaModel = new Scores(5);
    model.predict(x.copy(), viaModel);
    assertArrayEquals(direct.array(), viaModel.array());
    List<String> expected = new ArrayList<>();
    for (int j = 0; j < 5; j++) {
      if (direct.isPredicted(j)) {
        expected.add(names.get(j));
      }
    }
    assertEquals(expected, model.predictedLabelNames(viaModel));
  }

  @Test
  void defaultNamesAndReplacingAnExistingFile() throws IOException {
    Path file = dir.resolve("m.bin");
    Files.writeString(file, "old");
    ModelIo.write(trained(() -> TestLinear.falt(5, 1f, 1)), null, file);
    assertEquals(List.of("0", "1", "2", "3", "4"), ModelIo.read(file).labelNames());
    assertThrows(IllegalArgumentException.class,
        () -> ModelIo.write(TestLinear.falt(5, 1f, 1), List.of("a"), dir.resolve("x")));
  }

  @Test
  void doubleWeightsAreStoredAsDoublesAndTheFileSaysSo() throws IOException {
    // Same learner and data in both precisions: the weight section doubles (8 instead of 4 bytes each),
    // d × (L+1) + (L+1) values for FALT; the settings' text differs by "double" vs "float" (+1 byte).
    Path f32 = dir.resolve("f.model");
    Path f64 = dir.resolve("d.model");
    LinearLearner a = trained(() -> TestLinear.falt(5, 1f, 1, TestLinear.Opts.defaults().withPrecision(Precision.FLOAT)));
    LinearLearner b = trained(() -> TestLinear.falt(5, 1f, 1, TestLinear.Opts.defaults().withPrecision(Precision.DOUBLE)));
    assertEquals(a.numFeatures(), b.numFeatures());
    ModelIo.write(a, null, f32);
    ModelIo.write(b, null, f64);
    long values = (long) (a.numFeatures() + 1) * 6;
    assertEquals(4 * values + 1, Files.size(f64) - Files.size(f32));
    assertEquals(Precision.FLOAT, ((LinearLearner) ModelIo.read(f32).learner()).precision());
    assertEquals(Precision.DOUBLE, ((LinearLearner) ModelIo.read(f64).learner()).precision());
  }

  @Test
  void refusesToSaveADivergedModelInEitherPrecision() {
    // float32 weights overflow to infinity (η·x = 1e48); float64 weights hold 1e48 but not a NaN.
    Falt falt = TestLinear.falt(2, 1e38f, 1, TestLinear.Opts.defaults().withPrecision(Precision.FLOAT));
    Falt dbl = TestLinear.falt(2, 1f, 1);
    dbl.update(SparseVector.of(new int[] {0}, new float[] {1f}), org.altml.sparse.LabelSet.of(0));
    dbl.weights().biasRowDouble()[0] = Double.NaN;
    DivergenceException d = assertThrows(DivergenceException.class,
        () -> ModelIo.write(dbl, null, dir.resolve("bad")));
    assertTrue(d.getMessage().contains("non-finite"), d.getMessage());
    falt.update(SparseVector.of(new int[] {0}, new float[] {1e10f}), org.altml.sparse.LabelSet.of(0));
    DivergenceException e = assertThrows(DivergenceException.class,
        () -> ModelIo.write(falt, null, dir.resolve("bad")));
    assertTrue(e.getMessage().contains("non-finite"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("bad")));
  }

  private Path saved() throws IOException {
    Path file = dir.resolve("m.model");
    ModelIo.write(trained(() -> TestLinear.salt(5, 1f, 1f, 1)), null, file);
    return file;
  }

  private static void assertProblem(Path file, String expected) {
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelIo.read(file));
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(expected), e.getMessage());
    assertEquals(file.toString(), e.source());
  }

  @Test
  void truncatedFile() throws IOException {
    Path file = saved();
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 7));
    assertProblem(file, "truncated");
    Files.write(file, java.util.Arrays.copyOf(bytes, 10));
    assertProblem(file, "too short");
  }

  @Test
  void flippedByteFailsTheChecksum() throws IOException {
    Path file = saved();
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    assertProblem(file, "checksum mismatch");
  }

  @Test
  void wrongMagic() throws IOException {
    Path file = saved();
    byte[] bytes = Files.readAllBytes(file);
    bytes[0] = 'X';
    Files.write(file, bytes);
    assertProblem(file, "not an ALT model file");
  }

  @Test
  void wrongVersionEvenWithAValidChecksum() throws IOException {
    Path file = saved();
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes).putInt(8, 1); // version 1 (float weights only) was never released
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 12);
    ByteBuffer.wrap(bytes).putInt(bytes.length - 12, (int) crc.getValue());
    Files.write(file, bytes);
    assertProblem(file, "unsupported model format version 1");
    ByteBuffer.wrap(bytes).putInt(8, ModelIo.FORMAT_VERSION + 1);
    crc.reset();
    crc.update(bytes, 0, bytes.length - 12);
    ByteBuffer.wrap(bytes).putInt(bytes.length - 12, (int) crc.getValue());
    Files.write(file, bytes);
    assertProblem(file, "unsupported model format version " + (ModelIo.FORMAT_VERSION + 1));
  }

  @Test
  void listsEveryLearnerKind() {
    List<String> names = new ArrayList<>();
    learners().forEach(s -> names.add(s.get().name() + " " + s.get().precision()));
    List<String> expected = new ArrayList<>();
    for (Precision p : Precision.values()) {
      linearKinds().forEach(k -> expected.add(k.name() + " " + p));
    }
    assertEquals(expected, names);
    assertTrue(names.size() >= 2 * 4, "falt, salt, pa1 and pa2 at least: " + names);
  }

  @Test
  void readsFromAFifoAndFromStandardInputInOnePass() throws Exception {
    byte[] bytes = Files.readAllBytes(saved());
    Path fifo = dir.resolve("model.fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    for (byte[] content : List.of(bytes, java.util.Arrays.copyOf(bytes, bytes.length + 1))) {
      Thread writer = new Thread(() -> {
        try {
          Files.write(fifo, content);
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      writer.start();
      if (content.length == bytes.length) {
        assertEquals(5, ModelIo.read(fifo).learner().numLabels());
      } else {
        // of a stream of unknown length: no length "in all" (it said "9223372036854775807 in all", a review)
        assertProblem(fifo, "has extra bytes after the model (" + (bytes.length - 12) + " bytes of model, footer says "
            + (bytes.length - 12) + ", more bytes after the footer)");
      }
      writer.join();
    }
    java.io.InputStream saved = System.in;
    try {
      System.setIn(new java.io.ByteArrayInputStream(bytes));
      assertEquals(5, ModelIo.read(Path.of("-")).learner().numLabels());
      System.setIn(new java.io.ByteArrayInputStream(java.util.Arrays.copyOf(bytes, 40)));
      ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelIo.read(Path.of("-")));
      assertEquals("<stdin>", e.source());
    } finally {
      System.setIn(saved);
    }
  }

  /** A model of known length is read to its last byte and no further: the stream goes on after it. */
  @Test
  void modelsInOneStreamAreReadOneAfterAnother() throws IOException {
    SavedModel a = SavedModel.of(trained(() -> TestLinear.falt(5, 1f, 1)));
    SavedModel b = SavedModel.of(trained(() -> TestLinear.salt(5, 1f, 1f, 1)));
    byte[] first = ModelIo.toBytes(a);
    byte[] second = ModelIo.toBytes(b);
    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(all);
    out.write(first);
    out.write(second);
    out.writeInt(42);
    java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(all.toByteArray()));
    assertArrayEquals(first, ModelIo.toBytes(ModelIo.read(in, first.length, "first")));
    assertArrayEquals(second, ModelIo.toBytes(ModelIo.read(in, second.length, "second")));
    assertEquals(42, in.readInt());
  }

  /** Misuses are named: a folder for a model file, a null label name, null provenance facts. */
  @Test
  void misusesAreNamed(@TempDir Path dir) {
    assertEquals(dir + ": is a folder, not a model file",
        assertThrows(java.nio.file.FileSystemException.class, () -> ModelIo.read(dir)).getMessage());
    LinearLearner learner = trained(() -> TestLinear.falt(5, 1f, 1));
    assertEquals("label name 1 is null", assertThrows(IllegalArgumentException.class,
        () -> ModelIo.write(learner, java.util.Arrays.asList("a", null, "c", "d", "e"), dir.resolve("m"))).getMessage());
    assertFalse(Files.exists(dir.resolve("m")));
    org.altml.core.eval.FeatureScaler none = org.altml.core.eval.FeatureScaler.of(org.altml.core.eval.FeatureScaling.NONE);
    assertEquals(Map.of(), new SavedModel(learner, null, 0, none, null).provenance());
    java.util.Map<String, String> facts = new java.util.HashMap<>();
    facts.put("data", null);
    assertThrows(IllegalArgumentException.class, () -> new SavedModel(learner, null, 0, none, facts));
    assertThrows(IllegalArgumentException.class, () -> org.altml.core.learner.LearnerRegistry.get(null));
  }
}
