package org.altml.core.learner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.altml.core.eval.DataView;
import org.altml.core.eval.Prequential;
import org.altml.core.eval.PrequentialResult;
import org.altml.core.eval.TrainThenTest;
import org.altml.core.eval.TrainThenTestResult;
import org.altml.core.linear.Falt;
import org.altml.core.linear.TestLinear;
import org.altml.core.metric.Measure;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.DatasetBuilder;
import org.junit.jupiter.api.Test;

class LearnerRegistryTest {
  /**
   * The registry holds exactly the kinds the service files on the class path name (each line one spec class), in
   * alphabetical order, the test kind registered by its one line among them; an unknown name's message lists them.
   */
  @Test
  void findsTheCoreKindsAndATestKindRegisteredByOneServiceLine() throws java.io.IOException {
    java.util.Set<String> listed = new java.util.TreeSet<>();
    var files = LearnerRegistryTest.class.getClassLoader().getResources("META-INF/services/" + LearnerSpec.class.getName());
    while (files.hasMoreElements()) {
      try (var in = files.nextElement().openStream()) {
        for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
          String cls = line.replaceAll("#.*", "").trim();
          if (!cls.isEmpty()) {
            listed.add(cls);
          }
        }
      }
    }
    java.util.Set<String> registered = new java.util.TreeSet<>();
    LearnerRegistry.all().forEach(spec -> registered.add(spec.getClass().getName()));
    assertEquals(listed, registered, "the registry's kinds are the service files' lines");
    assertTrue(listed.contains(MeanScore.Spec.class.getName()), "the test kind's one line: " + listed);
    assertTrue(LearnerRegistry.names().containsAll(List.of("falt", "salt", "pa1", "pa2", "mean-score")), LearnerRegistry.names().toString());
    assertEquals(LearnerRegistry.names().stream().sorted().toList(), LearnerRegistry.names(), "alphabetical");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get("falt-x"));
    assertTrue(e.getMessage().contains("known: " + String.join(", ", LearnerRegistry.names())), e.getMessage());
  }

  @Test
  void settingsHaveDefaultsFromOnePlaceAndAStableKey() {
    LearnerSpec salt = LearnerRegistry.get("salt");
    Settings s = salt.defaults();
    assertEquals("salt eta=1.0 delta=1.0 maxUpdates=1 maxUpdatesFactor= bias=false precision=double", s.key());
    Settings t = s.with("eta", 0.25f).with("maxUpdatesFactor", 0.5);
    assertEquals("salt eta=0.25 delta=1.0 maxUpdates=1 maxUpdatesFactor=0.5 bias=false precision=double", t.key());
    assertEquals(t, Settings.parse(salt, t.asText()), "the text form parses back to equal settings");
    assertEquals(t.hashCode(), Settings.parse(salt, t.asText()).hashCode());
    assertNotEquals(s, t);
    assertNull(s.get(CommonParameters.MAX_UPDATES_FACTOR));
    assertEquals(4, CommonParameters.maxUpdates(t.with("maxUpdatesFactor", 0.5), 7), "M = ceil(0.5·7)");
  }

  /** A report shows maxUpdatesFactor, not also the default maxUpdates it is given instead of (tune said maxUpdates=1). */
  @Test
  void settingsInEffectLeaveOutWhatAnAlternativeReplaces() {
    Settings s = LearnerRegistry.get("falt").defaults().with("maxUpdatesFactor", 4.0);
    assertTrue(s.asText().containsKey("maxUpdates"));
    assertTrue(!s.asTextInEffect().containsKey("maxUpdates") && s.asTextInEffect().get("maxUpdatesFactor").equals("4.0"),
        s.asTextInEffect().toString());
    assertTrue(LearnerRegistry.get("falt").defaults().asTextInEffect().containsKey("maxUpdates"));
  }

  @Test
  void noKindIsNamedNull() {
    assertTrue(!LearnerRegistry.contains(null));
    assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get(null));
  }

  /** Every registered kind refuses another kind's settings at create (osml-elm built from elm-omll's saved a model it could not load). */
  @Test
  void everyKindRefusesAnotherKindsSettings() {
    List<LearnerSpec> all = List.copyOf(LearnerRegistry.all());
    for (LearnerSpec spec : all) {
      LearnerSpec other = all.get((all.indexOf(spec) + 1) % all.size());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> spec.create(other.defaults(), new LearnerContext(3, 10, -1, 1L)), spec.name());
      assertEquals("settings of " + other.name() + " given to " + spec.name(), e.getMessage());
    }
  }

  @Test
  void badValuesNameTheParameterAndTheRange() {
    LearnerSpec falt = LearnerRegistry.get("falt");
    assertEquals("eta (η) must be > 0 and finite: -1.0",
        assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("eta", -1f)).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse(falt, Map.of("eta", "x")))
        .getMessage().startsWith("eta must be a number > 0"));
    // finite as typed, infinite or zero as a float (alt flink's --set eta=1e300 said "must be > 0 and finite: Infinity")
    assertEquals("eta (η) must be > 0 and within a float's range (about 1.4e-45 to 3.4e38): '1e300'",
        assertThrows(IllegalArgumentException.class, () -> Settings.parse(falt, Map.of("eta", "1e300"))).getMessage());
    for (String typed : List.of("1e-300", "2^200", "2^-200")) {
      assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse(falt, Map.of("eta", typed)))
          .getMessage().contains("within a float's range"), typed);
    }
    assertTrue(assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("delta", 1f))
        .getMessage().startsWith("falt has no parameter 'delta'; it is a parameter of salt (it takes eta, "));
    // a double beyond a float parameter's range: named as given, not as the 0.0 or Infinity it would become
    for (double given : new double[] {1e-50, 1e300, -1e300}) {
      String m = assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("eta", given)).getMessage();
      assertTrue(m.endsWith("within a float's range (about 1.4e-45 to 3.4e38): " + given), m);
    }
    // a learner name that is a part of registered ones: those suggested
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get("ELM")).getMessage()
        .startsWith("no learner called 'ELM'; did you mean 'elm-omll' or 'osml-elm'? (known: "));
    // a parameter name mistyped or in another case: the nearest suggested
    assertTrue(assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("Eta", 0.5))
        .getMessage().startsWith("falt has no parameter 'Eta'; did you mean 'eta'? (it takes eta, "));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Settings.parse(falt, Map.of("max_updates", "2")))
        .getMessage().contains("did you mean 'maxUpdates'?"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> falt.defaults().with("maxUpdates", 3).with("maxUpdatesFactor", 1.0)).getMessage().contains("not both"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("precision", "half"))
        .getMessage().contains("double|float"));
    // found by ModelIoFuzzTest: an empty value unset a parameter that has a default, and building the learner hit a null
    assertEquals("falt parameter precision needs a value (default double)",
        assertThrows(IllegalArgumentException.class, () -> Settings.parse(falt, Map.of("precision", ""))).getMessage());
    assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("eta", null));
    assertTrue(!falt.defaults().with("maxUpdatesFactor", 1.0).with("maxUpdatesFactor", null).isSet(CommonParameters.MAX_UPDATES_FACTOR),
        "an optional parameter can still be unset");
  }

  @Test
  void numbersOfAnotherTypeAreTakenWhenTheirMeaningIsExact() {
    LearnerSpec falt = LearnerRegistry.get("falt");
    Settings s = falt.defaults().with("eta", 0.5).with("maxUpdates", 4L).with("maxUpdatesFactor", null);
    assertEquals(0.5f, s.get(CommonParameters.ETA));
    assertEquals(4, s.get(CommonParameters.MAX_UPDATES));
    assertEquals(falt.defaults().with("eta", 0.5f).with("maxUpdates", 4), s, "the same settings, the same key");
    assertEquals(2.0f, falt.defaults().with("eta", 2).get(CommonParameters.ETA));
    assertEquals(3, falt.defaults().with("maxUpdates", 3.0).get(CommonParameters.MAX_UPDATES));
    // not an integer, or out of int's range: refused, naming the type with its article
    assertEquals("maxUpdates takes an Integer, not 2.5 (Double)",
        assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("maxUpdates", 2.5)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("maxUpdates", 1L << 40));
    assertThrows(IllegalArgumentException.class, () -> falt.defaults().with("eta", "0.5"));
    // a float for a double means its decimal, an enum for a choice its name; 2^k is text a real number may be
    Parameter<?> factor = falt.parameter("maxUpdatesFactor");
    assertEquals(0.1, factor.check(0.1f));
    assertEquals(falt.defaults().with("maxUpdatesFactor", 0.1).key(), falt.defaults().with("maxUpdatesFactor", 0.1f).key());
    assertEquals("float", falt.defaults().with("precision", Precision.FLOAT).values().get("precision"));
    assertEquals(0.125f, falt.parameter("eta").parse("2^-3"));
    assertEquals(0.125, factor.parse(" 2^-3 "));
    assertThrows(IllegalArgumentException.class, () -> falt.parameter("maxUpdates").parse("2^3"), "an integer is written out");
    assertThrows(IllegalArgumentException.class, () -> falt.parameter("eta").parse("2^9999"), "not finite");
  }

  /** An unknown name says where kinds come from; one with '+' what the name means. */
  @Test
  void anUnknownNameSaysWhereKindsComeFrom() {
    String plain = assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get("nope")).getMessage();
    assertTrue(plain.startsWith("no learner called 'nope' (known: ") && plain.contains("falt, ")
        && plain.endsWith("; a kind registers when its module is on the class path, e.g. alt-kernel for the kernel learners and"
            + " the feature maps)"), plain);
    String composed = assertThrows(IllegalArgumentException.class, () -> LearnerRegistry.get("salt+foo")).getMessage();
    assertTrue(composed.contains("a name with '+' is a learner before a feature map, as falt+MAP"), composed);
  }

  @Test
  void aLearnerBuiltByHandReportsTheSettingsTheRegistryWouldBuildItFrom() {
    Falt byHand = TestLinear.falt(3, 0.5f, 2, TestLinear.Opts.defaults().withBias(true));
    Settings s = byHand.settings();
    assertEquals("falt eta=0.5 maxUpdates=2 maxUpdatesFactor= bias=true precision=double", s.key());
    OnlineMultiLabelLearner fromRegistry = LearnerRegistry.create(s, LearnerContext.of(3));
    assertEquals(s, fromRegistry.settings());
  }

  @Test
  void theExampleKindRunsThroughTheProtocolsAndModelFiles() throws IOException {
    DatasetBuilder b = new DatasetBuilder().numLabels(3);
    for (int i = 0; i < 40; i++) {
      b.add(SparseVector.of(new int[] {0}, new float[] {1f}), i % 4 == 0 ? LabelSet.of(0, 2) : LabelSet.of(0));
    }
    Dataset data = b.build();
    Settings settings = LearnerRegistry.get("mean-score").defaults().with("share", 0.2f);
    TrainThenTestResult r = TrainThenTest.run(settings, DataView.of(data), DataView.of(data),
        TrainThenTest.Config.defaults().withThreads(2).withDataFiles(List.of(org.altml.core.eval.RunRecord.DataFile.of(data))));
    // label 0 is in every example, label 2 in a quarter (> 0.2): predicted {0, 2} everywhere, so precision
    // is 1 on the quarter with Y = {0, 2} and 1/2 on the rest: 0.25 + 0.75/2
    assertEquals(0.625, r.metrics().get(Measure.PRECISION), 1e-12);
    assertEquals(16, r.record().key().length());
    // prequential: the learner's seed comes from the run seed, whatever seed the context carries
    Prequential.Config run5 = Prequential.Config.defaults().withSeed(5L)
        .withDataFiles(List.of(org.altml.core.eval.RunRecord.DataFile.of(data)));
    PrequentialResult p1;
    try (ExampleStream stream = data.stream()) {
      p1 = Prequential.run(settings, new LearnerContext(data.numLabels(), data.numFeatures(), -1, 99L), stream, run5);
    }
    PrequentialResult p2;
    try (ExampleStream stream = data.stream()) {
      p2 = Prequential.run(settings, new LearnerContext(data.numLabels(), data.numFeatures(), -1, 5L), stream, run5);
    }
    assertEquals(p2.cumulative().values(), p1.cumulative().values());
    assertEquals(p2.record().key(), p1.record().key());
    // the short form on whole datasets: the same run, the same record (its data named by content)
    TrainThenTestResult same = TrainThenTest.run(settings, DataView.of(data), DataView.of(data),
        TrainThenTest.Config.defaults().withThreads(2));
    assertEquals(r.metrics().values(), same.metrics().values());
    assertEquals(r.record().key(), same.record().key());
    SavedModel back = ModelIo.fromBytes(ModelIo.toBytes(SavedModel.of(r.learner())), "bytes");
    assertEquals(40, back.examplesSeen());
    assertEquals(settings, back.learner().settings());
  }

  /** A parameter at its default beside a set alternative would be ignored in silence: refused instead. */
  @Test
  void aParameterWhoseAlternativeIsSetIsRefused() {
    Settings factor = LearnerRegistry.get("falt").defaults().with("maxUpdatesFactor", 0.5);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> factor.with("maxUpdates", 1));
    org.junit.jupiter.api.Assertions.assertEquals("falt: maxUpdatesFactor is set, and it is given instead of maxUpdates; unset it"
        + " first (with(\"maxUpdatesFactor\", null)) or give one of them", e.getMessage());
    org.junit.jupiter.api.Assertions.assertEquals("1",
        factor.with("maxUpdatesFactor", null).with("maxUpdates", 1).asText().get("maxUpdates"));
    Settings initial = LearnerRegistry.get("osml-elm").defaults().with("initial", 10);
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> initial.with("initialFraction", 0.2));
    // so does the map form, given both at once or after the alternative
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> factor.with(Map.of("maxUpdates", 1)));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> LearnerRegistry.get("falt").defaults().with(Map.of("maxUpdatesFactor", 0.5, "maxUpdates", 1)));
    // a model file's or a store's text names both, and parses as before
    org.junit.jupiter.api.Assertions.assertEquals(factor, Settings.parse(factor.spec(), factor.asText()));
  }
}
