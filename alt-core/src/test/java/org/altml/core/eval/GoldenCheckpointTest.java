package org.altml.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Precision;
import org.altml.core.linear.TestLinear;
import org.altml.core.math.VectorMath;
import org.altml.core.metric.Measure;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Golden checkpoints (docs/spec.md#golden-checkpoints): prequential FALT, SALT, PA-I and PA-II on a small committed
 * dataset ({@code golden/synthetic-500.libsvm}: 500 examples, d = 400, L = 8, written once by {@link
 * SparseTextGenerator} with seed 7, so later changes to the generator do not move it), the paper's seven
 * cumulative metrics every 100 examples, compared with {@code golden/prequential-checkpoints.csv}.
 *
 * <p>Tolerance {@value #TOLERANCE}: in effect every prediction must be the same (one flipped label moves
 * a metric by at least 1/(N·L) ≥ 2.5e-4). The scalar and Panama kernels are lane-wise with the same
 * operations per lane, so they give bit-identical scores and pass alike (checked with {@code
 * -Dalt.vectorization=scalar} and {@code panama}). A change of arithmetic (operation order, fused versus
 * separate multiply-add) may legitimately move a few near-tie predictions; then regenerate with {@code
 * mvn -o -pl alt-core test -Dtest=GoldenCheckpointTest -Dalt.golden.regenerate=true} (it rewrites both
 * files under {@code src/test/resources/golden/}, and the test then fails once to make the rewrite
 * visible) and commit the new file in a commit that explains why the numbers moved.
 */
class GoldenCheckpointTest {
  private static final double TOLERANCE = 1e-9;
  private static final String DATA = "golden/synthetic-500.libsvm";
  private static final String GOLDEN = "golden/prequential-checkpoints.csv";
  private static final int NUM_FEATURES = 400;
  private static final int NUM_LABELS = 8;
  private static final long EVERY = 100;
  private static final boolean REGENERATE = Boolean.getBoolean("alt.golden.regenerate");

  /** The learners and settings, by the name used in the golden file. */
  static Map<String, IntFunction<OnlineMultiLabelLearner>> learners(Precision precision) {
    TestLinear.Opts o = TestLinear.Opts.defaults().withPrecision(precision);
    Map<String, IntFunction<OnlineMultiLabelLearner>> m = new LinkedHashMap<>();
    m.put("falt eta=0.5 M=2", l -> TestLinear.falt(l, 0.5f, 2, o));
    m.put("falt eta=1 M=1 bias", l -> TestLinear.falt(l, 1f, 1, o.withBias(true)));
    m.put("salt eta=1 delta=1 M=1", l -> TestLinear.salt(l, 1f, 1f, 1, o));
    m.put("salt eta=0.25 delta=0.5 M=3", l -> TestLinear.salt(l, 0.25f, 0.5f, 3, o));
    m.put("pa1 C=1 M=1", l -> TestLinear.pa(l, PaConfig.Variant.PA1, 1f, 1, o));
    m.put("pa2 C=0.25 M=1", l -> TestLinear.pa(l, PaConfig.Variant.PA2, 0.25f, 1, o));
    return m;
  }

  /**
   * Both weight precisions against the same golden rows: on this short stream float32 and float64
   * weights make the same predictions, so one file pins both (regeneration writes the default, DOUBLE).
   */
  @ParameterizedTest
  @EnumSource(Precision.class)
  void prequentialCheckpointsMatchTheGoldenFile(Precision precision) throws IOException {
    if (REGENERATE && precision == TestLinear.Opts.defaults().precision()) {
      regenerate();
    }
    List<String> expected = Files.readAllLines(resource(GOLDEN), StandardCharsets.UTF_8);
    List<String> actual = run(precision);
    int compared = 0;
    List<String> rows = expected.stream().filter(r -> !r.startsWith("#")).toList();
    assertEquals(rows.size(), actual.size(), "rows (header + checkpoints) in " + GOLDEN);
    for (int r = 0; r < rows.size(); r++) {
      String[] want = rows.get(r).split(",");
      String[] got = actual.get(r).split(",");
      assertEquals(want.length, got.length, "columns of row " + r);
      for (int c = 0; c < want.length; c++) {
        String where = GOLDEN + " row " + r + " (" + want[0] + ", " + want[1] + ") column " + c
            + ", vectorization " + VectorMath.implementation() + ", precision " + precision;
        if (r == 0 || c < 2) {
          assertEquals(want[c], got[c], where);
        } else {
          assertEquals(Double.parseDouble(want[c]), Double.parseDouble(got[c]), TOLERANCE, where);
          compared++;
        }
      }
    }
    assertTrue(compared >= 6 * 5 * 7, "too few golden values compared: " + compared);
    assertTrue(!REGENERATE, "golden files regenerated under src/test/resources/golden: review and commit them"
        + " with a message that says why they changed, then run again without -Dalt.golden.regenerate");
  }

  /** The CSV rows of the current code: a header, then one row per learner and checkpoint. */
  private static List<String> run(Precision precision) throws IOException {
    List<String> out = new ArrayList<>();
    StringBuilder header = new StringBuilder("learner,examples");
    for (Measure m : Measure.values()) {
      if (m.paperMetric()) {
        header.append(',').append(m.metricName());
      }
    }
    out.add(header.toString());
    ReadOptions options = ReadOptions.defaults().withNumFeatures(NUM_FEATURES).withNumLabels(NUM_LABELS);
    for (Map.Entry<String, IntFunction<OnlineMultiLabelLearner>> e : learners(precision).entrySet()) {
      PrequentialResult result;
      try (ExampleStream stream = DataFiles.open(resource(DATA), options)) {
        result = Prequential.run(e.getValue().apply(NUM_LABELS), stream,
            Prequential.Config.defaults().withSampleEvery(EVERY).withWindow(100));
      }
      for (CurvePoint p : result.curve()) {
        StringBuilder row = new StringBuilder(e.getKey()).append(',').append(p.examples());
        for (Measure m : Measure.values()) {
          if (m.paperMetric()) {
            row.append(',').append(String.format(Locale.ROOT, "%.17g", p.cumulative().get(m)));
          }
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  private static Path resource(String name) {
    try {
      var url = GoldenCheckpointTest.class.getClassLoader().getResource(name);
      if (url == null) {
        throw new IllegalStateException("test resource " + name + " not found");
      }
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rewrites the data file (only when absent) and the golden CSV in the source tree, and in target. */
  private static void regenerate() throws IOException {
    Path src = Path.of("src/test/resources/golden");
    Files.createDirectories(src);
    Path data = src.resolve("synthetic-500.libsvm");
    if (!Files.exists(data)) {
      SparseTextGenerator.Config config = SparseTextGenerator.Config.defaults().withNumFeatures(NUM_FEATURES)
          .withMeanNonZeros(12).withNumLabels(NUM_LABELS).withLabelCardinality(1.8).withLabelNoise(0.02)
          .withModelNonZerosPerLabel(60).withSeed(7);
      DataFiles.write(new SparseTextGenerator(config).generate(500), data);
      Files.copy(data, resource("golden").resolve(data.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    List<String> lines = new ArrayList<>();
    lines.add("# Golden prequential checkpoints of GoldenCheckpointTest (cumulative metrics every " + EVERY
        + " examples on synthetic-500.libsvm).");
    lines.add("# Regenerate: mvn -o -pl alt-core test -Dtest=GoldenCheckpointTest -Dalt.golden.regenerate=true ;"
        + " change only in a commit that explains why the numbers moved.");
    lines.addAll(run(TestLinear.Opts.defaults().precision()));
    try {
      Files.write(src.resolve("prequential-checkpoints.csv"), lines, StandardCharsets.UTF_8);
      Files.write(resource("golden").resolve("prequential-checkpoints.csv"), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
