package org.altml.experiment.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Search;
import org.altml.experiment.Selection;
import org.altml.experiment.Tuner;
import org.altml.experiment.TuningResult;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.internal.chartpart.IChart;

/**
 * The figures as files a paper can take: each kind as PNG, PDF and SVG with a caption beside it, all written
 * atomically with the other outputs; heat maps at the paper's grid sizes with cell numbers that fit their cells or
 * none. With {@code -Dalt.figures.preview=DIR} the synthetic paper-size figures are also written to DIR, to look at.
 */
class FigureFilesTest {
  private static Dataset corpus(int n, long seed) {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withModelNonZerosPerLabel(20).withMeanNonZeros(6)
        .withNumFeatures(200).withNumLabels(5).withLabelCardinality(1.5).withSeed(seed);
    return new SparseTextGenerator(c).generate(n);
  }

  private static Tuner.Config tuning(Search search) {
    return new Tuner.Config(3, 3L, search, Selection.paper(), FeatureScaling.NONE, ZeroDivisionPolicy.SPEC, 1);
  }

  /** Two datasets (the Friedman test needs two) of SALT over η × δ × M factor, and PA-I over C, run for real. */
  private static List<Experiment.DatasetOutcome> experiment() {
    List<Experiment.DatasetOutcome> outcomes = new ArrayList<>();
    for (String name : List.of("one", "two")) {
      Grid salt = Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.NONE, Map.of("eta", List.of("0.25", "1", "4"),
          "delta", List.of("0.5", "2"), "maxUpdatesFactor", List.of("0.25", "1")), Set.of());
      Grid pa1 = Grid.of(LearnerRegistry.get("pa1").defaults(), Grid.Mode.NONE, Map.of("c", List.of("0.25", "1", "4")), Set.of());
      Experiment.DatasetPlan plan = new Experiment.DatasetPlan(name, corpus(90, name.length() + 1L), corpus(40, 7L),
          List.of(Experiment.Learner.tuned(salt), Experiment.Learner.tuned(pa1)), FeatureScaling.NONE, "");
      Experiment.Config config = new Experiment.Config(tuning(Search.FULL), 2, 1L, ZeroDivisionPolicy.SPEC, 5);
      outcomes.add(Experiment.run(plan, config, null, Experiment.Listener.NONE));
    }
    return outcomes;
  }

  private static void assertPng(byte[] b, String name) {
    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(b, 4), name);
  }

  private static void assertPdf(byte[] b, String name) {
    assertEquals("%PDF-", new String(b, 0, 5, StandardCharsets.ISO_8859_1), name);
    assertTrue(new String(b, StandardCharsets.ISO_8859_1).stripTrailing().endsWith("%%EOF"), name + " is whole");
  }

  /** Well-formed XML whose root is an svg element (DTDs not fetched). */
  private static void assertSvg(byte[] b, String name) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    org.w3c.dom.Document doc = f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(b));
    assertEquals("svg", doc.getDocumentElement().getLocalName(), name);
    assertTrue(doc.getElementsByTagNameNS("*", "path").getLength() > 0, name + " has drawn shapes (text as outlines)");
    assertEquals(0, doc.getElementsByTagNameNS("*", "image").getLength(), name + ": nothing in it as a bitmap");
  }

  /**
   * Every figure kind (a heat map, a one-parameter sensitivity, learning curves, a CD diagram) is written as PNG,
   * PDF and SVG with a caption file; the SALT heat map's caption names the M slice it shows.
   */
  @Test
  void everyFigureIsWrittenAsPngPdfAndSvgWithItsCaption(@TempDir Path dir) throws Exception {
    List<Experiment.DatasetOutcome> outcomes = experiment();
    Experiment.Config config = new Experiment.Config(tuning(Search.FULL), 2, 1L, ZeroDivisionPolicy.SPEC, 5);
    List<String> written = Outputs.write(dir, outcomes, Analysis.of(outcomes, false),
        new Outputs.Provenance("alt experiment ...", config, "none", "paper", false));
    List<String> bases = List.of("figures/sensitivity-one-salt", "figures/sensitivity-one-pa1", "figures/sensitivity-two-salt",
        "figures/curves-one", "figures/curves-two", "figures/cd-f1");
    for (String base : bases) {
      for (String suffix : List.of(".png", ".pdf", ".svg", ".caption.txt")) {
        assertTrue(written.contains(base + suffix), base + suffix + " in " + written);
      }
      assertPng(Files.readAllBytes(dir.resolve(base + ".png")), base);
      assertPdf(Files.readAllBytes(dir.resolve(base + ".pdf")), base);
      assertSvg(Files.readAllBytes(dir.resolve(base + ".svg")), base);
      String caption = Files.readString(dir.resolve(base + ".caption.txt"));
      assertTrue(caption.lines().count() >= 2, base + ": a title line, then the text: " + caption);
    }
    try (var files = Files.list(dir.resolve("figures"))) {
      assertEquals(List.of(), files.filter(f -> f.getFileName().toString().contains(".alt-tmp-")).toList(), "no temporary left");
    }
    String preview = System.getProperty("alt.figures.preview");
    if (preview != null) {
      try (var files = Files.list(dir.resolve("figures"))) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.copy(f, Files.createDirectories(Path.of(preview)).resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    String salt = Files.readString(dir.resolve("figures/sensitivity-one-salt.caption.txt"));
    assertTrue(salt.startsWith("one: SALT, cross-validated F1 over η (eta) and δ (delta)\n"), salt);
    TuningResult t = outcomes.get(0).learners().get(0).tuning();
    Object m = t.selected().values().get("maxUpdatesFactor");
    assertTrue(salt.contains("Slice: m (maxUpdatesFactor) = 2^" + Math.getExponent(((Number) m).doubleValue())), salt);
    int updates = org.altml.core.learner.CommonParameters.maxUpdates(t.selected(), 5);
    assertTrue(salt.contains("In every cell M = max(1, ⌈m·L⌉) = " + updates + " updates at most per example"), salt);
    assertTrue(salt.contains("3 folds") && salt.contains("90 examples, 5 labels"), salt);
    String pa = Files.readString(dir.resolve("figures/sensitivity-one-pa1.caption.txt"));
    assertTrue(pa.contains("In every point M = 1 update at most per example."), pa);
    assertTrue(Files.readString(dir.resolve("figures/cd-f1.caption.txt")).contains("N = 2 datasets"));
    // a figure that cannot be written (a folder where its PDF goes) fails the run, and replaces nothing
    Files.writeString(dir.resolve("table3.md"), "earlier\n");
    Files.writeString(dir.resolve("figures/curves-one.svg"), "earlier\n");
    Path pdf = dir.resolve("figures/sensitivity-one-salt.pdf");
    Files.delete(pdf);
    Files.createDirectories(pdf.resolve("in-the-way"));
    org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> Outputs.write(dir, outcomes, Analysis.of(outcomes, false),
        new Outputs.Provenance("alt experiment ...", config, "none", "paper", false)));
    assertEquals("earlier\n", Files.readString(dir.resolve("table3.md")));
    assertEquals("earlier\n", Files.readString(dir.resolve("figures/curves-one.svg")), "no figure replaced when another fails");
    try (var files = Files.walk(dir)) {
      assertEquals(List.of(), files.filter(f -> f.getFileName().toString().contains(".alt-tmp-")).toList(), "no temporary left");
    }
    Files.delete(pdf.resolve("in-the-way"));
    Files.delete(pdf);
    // a rerun removes the earlier run's files of every format together
    Files.writeString(dir.resolve("figures/sensitivity-gone-salt.pdf"), "old");
    Files.writeString(dir.resolve("figures/sensitivity-gone-salt.caption.txt"), "old");
    Outputs.write(dir, outcomes, Analysis.of(outcomes, false), new Outputs.Provenance("alt experiment ...", config, "none", "paper", false));
    assertFalse(Files.exists(dir.resolve("figures/sensitivity-gone-salt.pdf")));
    assertFalse(Files.exists(dir.resolve("figures/sensitivity-gone-salt.caption.txt")));
  }

  /** A TuningResult over {@code grid} with a smooth synthetic F1 surface (every grid point evaluated). */
  private static TuningResult synthetic(Grid grid) {
    List<TuningResult.Candidate> candidates = new ArrayList<>();
    int best = 0;
    double bestF1 = -1;
    for (int i = 0; i < grid.size(); i++) {
      int[] at = grid.coordinates(i);
      double f1 = 0.55 + 0.1 * Math.sin(0.3 * at[0]) * Math.cos(0.2 * (at.length > 1 ? at[1] : 0)) + 0.001 * (i % 7);
      double[] means = {f1, f1, f1, f1, f1, 1 - f1, 1 - f1};
      candidates.add(new TuningResult.Candidate(i, grid.at(at), means, f1, new double[0][]));
      if (f1 > bestF1) {
        bestF1 = f1;
        best = i;
      }
    }
    return new TuningResult(grid, tuning(Search.FULL), candidates, best, grid.size() * 3, grid.size() * 3, 0, new int[0][]);
  }

  private static Grid paper(String learner) {
    return Grid.of(LearnerRegistry.get(learner).defaults(), Grid.Mode.PAPER, Map.of(), Set.of());
  }

  /**
   * The paper's grids as heat maps one column wide: SALT's 21 × 21 (× 6 M factors), FALT's 21 × 6, ELM-OMLL's 10 × 21,
   * and 26 × 21 (the kernel PA's C × σ², made here from explicit lists): the numbers in the cells, where there are
   * any, fit their cells; the finest grids have none.
   */
  @Test
  void heatMapsAtThePaperGridSizesHaveNumbersThatFitOrNone() throws IOException {
    Grid wide = Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.NONE,
        Map.of("eta", Grid.parseList("2^-15..2^10"), "delta", Grid.parseList("2^-10..2^10")), Set.of());
    Map<String, Grid> grids = new java.util.LinkedHashMap<>();
    grids.put("salt", paper("salt"));
    grids.put("falt", paper("falt"));
    grids.put("elm-omll", paper("elm-omll"));
    grids.put("26x21", wide);
    String preview = System.getProperty("alt.figures.preview");
    for (Map.Entry<String, Grid> e : grids.entrySet()) {
      TuningResult t = synthetic(e.getValue());
      HeatMapFigure h = (HeatMapFigure) Figures.heatmap(t, "f1");
      assertNotNull(h, e.getKey());
      ByteArrayOutputStream png = new ByteArrayOutputStream();
      Figures.write(h, "png", png);
      assertPng(png.toByteArray(), e.getKey());
      CellLabels.Layout layout = h.layout();
      int columns = e.getValue().axes().get(0).values().size();
      double cellWidth = h.cellWidth();
      assertTrue(cellWidth > 0 && cellWidth < PaperStyle.WIDTH / (double) columns, e.getKey() + ": " + cellWidth);
      if (layout.shown()) {
        for (TuningResult.Candidate c : t.candidates()) {
          double w = CellLabels.widthAtOnePoint(layout.format(100 * c.means()[2])) * layout.fontSize();
          assertTrue(w < cellWidth, e.getKey() + ": a label " + w + " pt wide in a cell of " + cellWidth);
        }
        assertTrue(layout.fontSize() >= PaperStyle.MIN_TEXT, e.getKey());
      }
      if (preview != null) {
        Path out = Files.createDirectories(Path.of(preview));
        for (String format : Figures.FORMATS) {
          try (var stream = Files.newOutputStream(out.resolve("heat-" + e.getKey() + "." + format))) {
            Figures.write(h, format, stream);
          }
        }
      }
    }
    assertEquals(CellLabels.NONE, layoutOf(paper("salt")), "21 × 21 cells in one column are too small for numbers");
    assertEquals(CellLabels.NONE, layoutOf(wide), "and so are 26 × 21");
    assertTrue(layoutOf(Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.NONE,
        Map.of("eta", Grid.parseList("2^-2..2^2"), "delta", Grid.parseList("2^-2..2^2")), Set.of())).decimals() == 1,
        "5 × 5 cells have room for one decimal");
  }

  private static CellLabels.Layout layoutOf(Grid grid) throws IOException {
    HeatMapFigure h = (HeatMapFigure) Figures.heatmap(synthetic(grid), "f1");
    Figures.write(h, "png", new ByteArrayOutputStream());
    return h.layout();
  }

  /** The one-parameter sensitivity and the curves in every format, for a look with -Dalt.figures.preview. */
  @Test
  void aOneAxisSensitivityIsALineOverTheExponents() throws IOException {
    TuningResult t = synthetic(paper("pa1"));
    IChart chart = Figures.sensitivity(t, "f1");
    assertTrue(chart instanceof org.knowm.xchart.XYChart, "26 values of C: a line");
    assertEquals("log₂ C", ((org.knowm.xchart.XYChart) chart).getXAxisTitle());
    String preview = System.getProperty("alt.figures.preview");
    if (preview != null) {
      for (String format : Figures.FORMATS) {
        try (var stream = Files.newOutputStream(Files.createDirectories(Path.of(preview)).resolve("line-pa1." + format))) {
          Figures.write(chart, format, stream);
        }
      }
    }
  }

  /**
   * The CD bar starts at rank 1 and stays on the axis when CD exceeds the ranks' span (two learners: CD 1.39 drawn
   * to 2.39 on an axis ending at 2).
   */
  @Test
  void theCriticalDifferenceBarStaysOnTheAxis() throws IOException {
    org.altml.experiment.stats.Friedman two = org.altml.experiment.stats.Friedman.fromRanks(new double[] {1, 2}, 2, 0.05);
    org.knowm.xchart.XYChart chart = Figures.criticalDifference(two, List.of("salt", "pa1"));
    assertTrue(chart.getStyler().getXAxisMax() > 1 + two.criticalDifference(), chart.getStyler().getXAxisMax() + " <= 1 + CD");
    org.altml.experiment.stats.Friedman six = org.altml.experiment.stats.Friedman.fromRanks(
        new double[] {2.1, 1.4, 4.2, 4.6, 3.3, 5.4}, 12, 0.05);
    List<String> learners = List.of("falt", "salt", "pa1", "pa2", "elm-omll", "osml-elm");
    chart = Figures.criticalDifference(six, learners);
    assertTrue(chart.getStyler().getXAxisMin() < 1 && chart.getStyler().getXAxisMax() > 6, "room for the names beyond 1 and k");
    String preview = System.getProperty("alt.figures.preview");
    if (preview != null) {
      for (String format : Figures.FORMATS) {
        try (var stream = Files.newOutputStream(Files.createDirectories(Path.of(preview)).resolve("cd-six." + format))) {
          Figures.write(chart, format, stream);
        }
      }
      Files.writeString(Path.of(preview).resolve("cd-six.caption.txt"), Captions.criticalDifference("f1", six, learners));
    }
  }

  /**
   * Dense learning curves are lines with at most a dozen markers each, and eight learners get eight looks (the
   * eighth took the first one's colour and marker again).
   */
  @Test
  void curvesCarryFewMarkersAndEveryLearnerItsOwnLook() {
    List<Experiment.LearnerOutcome> learners = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      long[] x = new long[40];
      double[][] y = new double[40][7];
      for (int p = 0; p < 40; p++) {
        x[p] = (p + 1) * 250L;
        java.util.Arrays.fill(y[p], 0.3 + 0.04 * i + 0.005 * p);
      }
      learners.add(new Experiment.LearnerOutcome("l" + i, null, LearnerRegistry.get("falt").defaults(), List.of(),
          new Experiment.Curve(x, y)));
    }
    org.knowm.xchart.XYChart chart = Figures.curves(learners, "f1");
    List<org.knowm.xchart.XYSeries> markers = chart.getSeriesCollection().stream()
        .filter(s -> !s.isShowInLegend() && !s.getName().equals(LineFigure.ANCHOR)).toList();
    assertEquals(8, markers.size());
    Set<String> looks = new java.util.HashSet<>();
    for (org.knowm.xchart.XYSeries m : markers) {
      assertTrue(m.getXData().length <= LineFigure.MARKERS, m.getName() + ": " + m.getXData().length + " markers");
      assertEquals(40 * 250.0, m.getXData()[m.getXData().length - 1], "the last point carries one");
      looks.add(m.getMarkerColor() + " " + m.getMarker().getClass().getSimpleName());
    }
    assertEquals(8, looks.size(), looks.toString());
  }
}
