package org.altml.experiment.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Selection;
import org.altml.experiment.TuningResult;
import org.altml.experiment.stats.Friedman;
import org.altml.experiment.store.StoredRun;
import org.altml.sparse.io.AtomicOutput;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.IChart;

/**
 * Writes an experiment's outputs into one folder, each file atomically: {@code experiment.json} (every
 * run's metrics, seed, settings and the {@code alt evaluate} command that recomputes it; the tuning results;
 * the statistics), {@code table3.md|tex}, {@code table4.md|tex}, {@code tables.csv}, {@code friedman.md}, and
 * under {@code figures/} the sensitivity heatmaps, learning curves and critical-difference diagrams, each as PNG,
 * PDF and SVG with its caption file.
 */
public final class Outputs {
  private Outputs() {}

  /** What the outputs say about how they were made. */
  public record Provenance(String command, Experiment.Config config, String gridMode, String selection, boolean wilcoxon) {}

  /** The files {@link #write} always writes into its folder, beside the subfolder {@link #FIGURES}. */
  public static final List<String> FILES = List.of("table3.md", "table4.md", "table3.tex", "table4.tex", "tables.csv",
      "friedman.md", "experiment.json");
  /** The subfolder of the figures, whose file names come from the datasets, learners and metrics. */
  public static final String FIGURES = "figures";

  /**
   * Writes every output into {@code dir} and returns their names, relative to {@code dir}: {@link #FILES} and the
   * figures under {@link #FIGURES}. All or none: each is written to a temporary file first, and they are moved
   * into place together once every one is complete and on disk ({@link AtomicOutput#commitAll}, {@code
   * experiment.json} last), so a failure part-way (a full disk) or an interrupt while they are written leaves the
   * folder's earlier outputs as they were; only an interruption within the renames at the very end could mix
   * them. Figures of an earlier run that this one does not draw (a learner or dataset dropped since) are
   * removed afterwards, so the folder shows one run.
   */
  public static List<String> write(Path dir, List<Experiment.DatasetOutcome> outcomes, Analysis analysis, Provenance provenance)
      throws IOException {
    Files.createDirectories(dir.resolve(FIGURES));
    try (Pending pending = new Pending(dir)) {
      writeAll(pending, outcomes, analysis, provenance);
      pending.commitAll();
      removeEarlierFigures(dir, pending.names);
      return List.copyOf(pending.names);
    }
  }

  /**
   * The names of the figures {@link #write} draws: {@code sensitivity-*}, {@code curves-*}, {@code cd-*}, each as
   * {@code .png}, {@code .pdf}, {@code .svg} and {@code .caption.txt}.
   */
  private static final java.util.regex.Pattern FIGURE_NAME =
      java.util.regex.Pattern.compile("(sensitivity|curves|cd)-.+\\.(png|pdf|svg|caption\\.txt)");

  /**
   * Deletes the figures under {@link #FIGURES} named as {@link #write} names its figures but not written this time:
   * an earlier run's, of a learner, dataset or metric this run does not have. Other files there stay.
   */
  private static void removeEarlierFigures(Path dir, List<String> written) throws IOException {
    java.util.Set<String> keep = new java.util.HashSet<>(written);
    try (java.util.stream.Stream<Path> files = Files.list(dir.resolve(FIGURES))) {
      for (Path p : (Iterable<Path>) files::iterator) {
        String name = p.getFileName().toString();
        if (FIGURE_NAME.matcher(name).matches() && !keep.contains(FIGURES + "/" + name)
            && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** The outputs of one {@link #write}, each in its temporary file until {@link #commitAll}; closing discards the rest. */
  private static final class Pending implements AutoCloseable {
    private final Path dir;
    private final List<AtomicOutput> outputs = new java.util.ArrayList<>();
    private final List<String> names = new java.util.ArrayList<>();

    Pending(Path dir) {
      this.dir = dir;
    }

    /** A new output named {@code name} relative to the folder. */
    AtomicOutput open(String name) throws IOException {
      AtomicOutput out = AtomicOutput.create(dir.resolve(name));
      outputs.add(out);
      names.add(name);
      return out;
    }

    /** Every output finished and on disk first, then all moved into place together, {@code experiment.json} last. */
    void commitAll() throws IOException {
      List<AtomicOutput> ordered = new java.util.ArrayList<>(outputs);
      int json = names.indexOf("experiment.json");
      if (json >= 0) {
        ordered.add(ordered.remove(json));
      }
      AtomicOutput.commitAll(ordered);
    }

    @Override
    public void close() throws IOException {
      IOException first = null;
      for (AtomicOutput out : outputs) {
        try {
          out.close();
        } catch (IOException e) {
          first = first == null ? e : first;
        }
      }
      if (first != null) {
        throw first;
      }
    }
  }

  private static void writeAll(Pending dir, List<Experiment.DatasetOutcome> outcomes, Analysis analysis,
      Provenance provenance) throws IOException {
    text(dir, "table3.md", "# Table 3: test metrics [%], mean (standard deviation) over " + provenance.config().runs()
        + " runs; bold: the best and those not significantly different (paired t-test, 95%)\n\n" + Tables.table3Markdown(analysis));
    text(dir, "table4.md", "# Table 4: train and test seconds, mean (standard deviation) over " + provenance.config().runs()
        + " runs\n\n" + Tables.table4Markdown(analysis));
    text(dir, "table3.tex", Tables.table3Latex(analysis));
    text(dir, "table4.tex", Tables.table4Latex(analysis));
    text(dir, "tables.csv", Tables.csv(analysis));
    text(dir, "friedman.md", "# Friedman test over datasets, Nemenyi critical difference (Demšar 2006)\n\n"
        + Tables.friedmanMarkdown(analysis));
    json(dir.open("experiment.json"), outcomes, analysis, provenance);
    java.util.Set<String> taken = new java.util.HashSet<>();
    for (Experiment.DatasetOutcome d : outcomes) {
      // names that differ only where file names cannot hold them (a+b, a_b) get -2, -3, ...: one figure each
      String ds = file(d.plan().name());
      for (int k = 2; !taken.add(ds); k++) {
        ds = file(d.plan().name()) + "-" + k;
      }
      for (Experiment.LearnerOutcome l : d.learners()) {
        if (l.tuning() != null) {
          IChart h = Figures.sensitivity(l.tuning(), "f1");
          if (h != null) {
            figure(dir, "figures/sensitivity-" + ds + "-" + file(l.name()), h, Captions.sensitivity(d.plan().name(), l.name(),
                l.tuning(), "f1", d.plan().train().size(), d.plan().train().numLabels()));
          }
        }
      }
      XYChart c = Figures.curves(d.learners(), "f1");
      if (c != null) {
        figure(dir, "figures/curves-" + ds, c, Captions.curves(d.plan().name(), d.learners(), "f1", d.plan().train().size(),
            provenance.config().firstSeed()));
      }
    }
    for (Map.Entry<String, Friedman> e : analysis.friedman().entrySet()) {
      XYChart cd = Figures.criticalDifference(e.getValue(), analysis.friedmanLearners());
      figure(dir, "figures/cd-" + e.getKey(), cd, Captions.criticalDifference(e.getKey(), e.getValue(), analysis.friedmanLearners()));
    }
  }

  /** One figure: {@code base} plus {@code .png}, {@code .pdf}, {@code .svg}, and its caption as {@code base.caption.txt}. */
  private static void figure(Pending dir, String base, IChart chart, String caption) throws IOException {
    for (String format : Figures.FORMATS) {
      Figures.write(chart, format, dir.open(base + "." + format).stream());
    }
    text(dir, base + CAPTION, caption);
  }

  /** The suffix of a figure's caption file. */
  public static final String CAPTION = ".caption.txt";

  private static String file(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static void text(Pending dir, String name, String content) throws IOException {
    dir.open(name).stream().write(content.getBytes(StandardCharsets.UTF_8));
  }

  private static void json(AtomicOutput out, List<Experiment.DatasetOutcome> outcomes, Analysis analysis, Provenance p)
      throws IOException {
    Writer w = out.writer();
    try (JsonGenerator g = JsonFactory.builder().disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET).build()
        .createGenerator(w)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("command", p.command());
      g.writeObjectFieldStart("protocol");
      g.writeNumberField("folds", p.config().tuning().folds());
      g.writeNumberField("cvSeed", p.config().tuning().seed());
      g.writeStringField("grid", p.gridMode());
      g.writeStringField("search", p.config().tuning().search().cliName());
      g.writeStringField("select", p.selection());
      g.writeNumberField("runs", p.config().runs());
      g.writeNumberField("firstSeed", p.config().firstSeed());
      g.writeStringField("zeroDivision", p.config().zeroDivision().name().toLowerCase(Locale.ROOT));
      g.writeStringField("tTest", "paired, two-sided, alpha " + Analysis.ALPHA + ", against the best mean");
      g.writeEndObject();
      g.writeArrayFieldStart("datasets");
      for (int d = 0; d < outcomes.size(); d++) {
        dataset(g, outcomes.get(d), analysis.datasets().get(d));
      }
      g.writeEndArray();
      g.writeObjectFieldStart("friedman");
      g.writeArrayFieldStart("learners");
      for (String l : analysis.friedmanLearners()) {
        g.writeString(l);
      }
      g.writeEndArray();
      for (Map.Entry<String, Friedman> e : analysis.friedman().entrySet()) {
        Friedman f = e.getValue();
        g.writeObjectFieldStart(e.getKey());
        g.writeArrayFieldStart("averageRanks");
        for (double r : f.averageRanks()) {
          g.writeNumber(r);
        }
        g.writeEndArray();
        num(g, "chiSquare", f.chiSquare());
        num(g, "chiSquareP", f.chiSquareP());
        num(g, "imanDavenport", f.imanDavenport());
        num(g, "imanDavenportP", f.imanDavenportP());
        num(g, "criticalDifference", f.criticalDifference());
        g.writeNumberField("datasets", f.datasets());
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    w.write('\n');
    w.flush();
  }

  private static void dataset(JsonGenerator g, Experiment.DatasetOutcome d, Analysis.DatasetTable table) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", d.plan().name());
    g.writeStringField("train", Experiment.hash(d.plan().train()));
    g.writeStringField("test", Experiment.hash(d.plan().test()));
    g.writeNumberField("trainExamples", d.plan().train().size());
    g.writeNumberField("testExamples", d.plan().test().size());
    g.writeNumberField("rankingLossLeftOut", table.rankingLossLeftOut());
    g.writeNumberField("numLabels", d.plan().train().numLabels());
    g.writeStringField("scaling", d.plan().scaling().cliName());
    // the caches the permutation runs shared, by key (a Gram cache's hits and misses); {} when none was made
    g.writeObjectFieldStart("runCaches");
    for (Map.Entry<String, Map<String, Object>> cache : d.runCaches().entrySet()) {
      g.writeObjectFieldStart(cache.getKey());
      for (Map.Entry<String, Object> e : cache.getValue().entrySet()) {
        switch (e.getValue()) {
          case Boolean b -> g.writeBooleanField(e.getKey(), b);
          case Double v -> num(g, e.getKey(), v);
          case Float v -> num(g, e.getKey(), v);
          case Number n -> g.writeNumberField(e.getKey(), n.longValue());
          default -> g.writeStringField(e.getKey(), String.valueOf(e.getValue()));
        }
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeArrayFieldStart("learners");
    for (Experiment.LearnerOutcome l : d.learners()) {
      g.writeStartObject();
      g.writeStringField("learner", l.name());
      // M as run on this dataset's L (maxUpdates beside a factor is the M it resolves to, not the unused default)
      map(g, "settings", org.altml.core.learner.CommonParameters.asTextAsRun(l.settings(), d.plan().train().numLabels()));
      g.writeStringField("evaluateOptions", Experiment.learnerArgs(l.settings()));
      TuningResult t = l.tuning();
      if (t == null) {
        g.writeNullField("tuning");
      } else {
        g.writeObjectFieldStart("tuning");
        g.writeStringField("search", t.config().search().cliName());
        g.writeStringField("select", t.config().selection().name());
        g.writeStringField("grid", t.grid().describe());
        g.writeObjectFieldStart("axes");
        for (Map.Entry<String, List<String>> e : t.grid().asText().entrySet()) {
          g.writeArrayFieldStart(e.getKey());
          for (String v : e.getValue()) {
            g.writeString(v);
          }
          g.writeEndArray();
        }
        g.writeEndObject();
        g.writeNumberField("foldRuns", t.evaluations());
        g.writeNumberField("candidates", t.candidates().size());
        g.writeObjectFieldStart("selectedCvMeans");
        for (int m = 0; m < Selection.PAPER_MEASURES.size(); m++) {
          num(g, Selection.PAPER_MEASURES.get(m).metricName(), t.best().means()[m]);
        }
        g.writeEndObject();
        g.writeArrayFieldStart("cells");
        Grid grid = t.grid();
        for (TuningResult.Candidate c : t.candidates()) {
          g.writeStartObject();
          g.writeNumberField("gridIndex", c.gridIndex());
          int[] at = grid.coordinates(c.gridIndex());
          for (int a = 0; a < at.length; a++) {
            g.writeStringField(grid.axes().get(a).parameter().name(), grid.axes().get(a).labels().get(at[a]));
          }
          num(g, "score", c.score());
          for (int m = 0; m < Selection.PAPER_MEASURES.size(); m++) {
            num(g, Selection.PAPER_MEASURES.get(m).metricName(), c.means()[m]);
          }
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeArrayFieldStart("runs");
      for (StoredRun r : l.runs()) {
        g.writeStartObject();
        g.writeNumberField("run", r.index());
        g.writeNumberField("seed", r.seed());
        g.writeStringField("runKey", r.runKey());
        g.writeStringField("evaluate", "alt evaluate " + d.plan().evaluateArgs() + " " + Experiment.learnerArgs(l.settings())
            + " --seed " + r.seed() + " --json");
        g.writeObjectFieldStart("metrics");
        for (Map.Entry<String, Double> e : r.metrics().entrySet()) {
          num(g, e.getKey(), e.getValue());
        }
        g.writeEndObject();
        num(g, "trainSeconds", r.trainSeconds());
        num(g, "testSeconds", r.testSeconds());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeObjectFieldStart("summary");
      for (Map.Entry<String, Analysis.Cell> e : table.cells().get(l.name()).entrySet()) {
        Analysis.Cell c = e.getValue();
        g.writeObjectFieldStart(e.getKey());
        num(g, "mean", c.summary().mean());
        num(g, "std", c.summary().std());
        g.writeBooleanField("best", c.best());
        g.writeBooleanField("bold", c.bold());
        num(g, "tP", c.tP());
        num(g, "wilcoxonP", c.wilcoxonP());
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void map(JsonGenerator g, String field, Map<String, String> m) throws IOException {
    g.writeObjectFieldStart(field);
    for (Map.Entry<String, String> e : m.entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }

  private static void num(JsonGenerator g, String field, double v) throws IOException {
    g.writeFieldName(field);
    if (Double.isFinite(v)) {
      g.writeNumber(v);
    } else {
      g.writeNull();
    }
  }
}
