package org.altml.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.core.eval.RunRecord;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;

/**
 * Formatting shared by the learning commands: metric reports and run records as JSON (fractions; NaN,
 * an average over no example, as {@code null}) and as the paper's Table 3 (percentages), and simple
 * aligned text tables.
 */
public final class Reports {
  /** The paper's seven metrics in the paper's order. */
  static final List<Measure> PAPER_MEASURES =
      List.of(Measure.PRECISION, Measure.RECALL, Measure.F1, Measure.MACRO_F1, Measure.MICRO_F1,
          Measure.HAMMING_LOSS, Measure.RANKING_LOSS);

  /** Column headers of {@link #PAPER_MEASURES} in human tables. */
  public static final List<String> PAPER_HEADERS = List.of("P%", "R%", "F1%", "MacroF1%", "MicroF1%", "Hamming%", "RankLoss%");

  private Reports() {}

  /** A JSON generator on {@code out} that leaves {@code out} open. */
  public static JsonGenerator json(Writer out, boolean pretty) throws IOException {
    JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    JsonGenerator g = factory.createGenerator(out);
    if (pretty) {
      g.useDefaultPrettyPrinter();
    }
    return g;
  }

  /** Writes a double, NaN and infinities as null (JSON has no NaN). */
  public static void number(JsonGenerator g, String field, double value) throws IOException {
    g.writeFieldName(field);
    if (Double.isFinite(value)) {
      g.writeNumber(value);
    } else {
      g.writeNull();
    }
  }

  /** Every metric of {@code report} by name (fractions), as the fields of an object being written. */
  static void metricFields(JsonGenerator g, MetricReport report) throws IOException {
    for (Map.Entry<String, Double> e : report.values().entrySet()) {
      number(g, e.getKey(), e.getValue());
    }
  }

  /** {@code "field": {every metric}, "fieldLeftOut"...}: the metrics object with its counts. */
  public static void metrics(JsonGenerator g, String field, MetricReport report) throws IOException {
    g.writeObjectFieldStart(field);
    metricFields(g, report);
    g.writeEndObject();
  }

  /** The counts behind a report: examples and those left out of the ranking metrics. */
  public static void counts(JsonGenerator g, MetricReport report) throws IOException {
    g.writeNumberField("rankingLossLeftOut", report.rankingLossLeftOut());
    g.writeNumberField("emptyTruthLeftOut", report.emptyTruthLeftOut());
  }

  /**
   * {@code "model": {...}}: the learner kind, the bytes of heap the model holds ({@link
   * OnlineMultiLabelLearner#ramBytesUsed()}) and what it reports about itself ({@link
   * OnlineMultiLabelLearner#statistics()}: a kernel learner's support vectors and kernel evaluations, a
   * feature map's kind, D and σ², say), for every learner alike.
   */
  public static void model(JsonGenerator g, OnlineMultiLabelLearner learner) throws IOException {
    g.writeObjectFieldStart("model");
    g.writeStringField("learner", learner.name());
    g.writeNumberField("ramBytesUsed", learner.ramBytesUsed());
    for (Map.Entry<String, Object> e : learner.statistics().entrySet()) {
      Object v = e.getValue();
      if (v == null) {
        g.writeNullField(e.getKey());
      } else if (v instanceof Number n) {
        number(g, e.getKey(), n);
      } else if (v instanceof Boolean b) {
        g.writeBooleanField(e.getKey(), b);
      } else {
        g.writeStringField(e.getKey(), String.valueOf(v));
      }
    }
    g.writeEndObject();
  }

  /** Writes a number field: integers as integers, other values as {@link #number(JsonGenerator, String, double)}. */
  public static void number(JsonGenerator g, String field, Number value) throws IOException {
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      g.writeNumberField(field, value.longValue());
    } else {
      number(g, field, value.doubleValue());
    }
  }

  /**
   * The learner's statistics in one line for human output ({@code key=value ...}), or "" when it has none: without the
   * ELMs' matrix diagnostics ({@link org.altml.core.elm.ElmLearner#DIAGNOSTICS}) unless {@code verbose}.
   */
  public static String statisticsLine(OnlineMultiLabelLearner learner, boolean verbose) {
    return wrap("learner: ", statisticsItems(learner, verbose), 100);
  }

  /** The learner's statistics as {@code name=value} items (doubles to 4 significant digits), diagnostics if {@code verbose}. */
  static List<String> statisticsItems(OnlineMultiLabelLearner learner, boolean verbose) {
    List<String> items = new ArrayList<>();
    for (Map.Entry<String, Object> e : learner.statistics().entrySet()) {
      if (!verbose && org.altml.core.elm.ElmLearner.DIAGNOSTICS.contains(e.getKey())) {
        continue;
      }
      Object v = e.getValue();
      String text = v instanceof Double d ? String.format(Locale.ROOT, "%.4g", d) : String.valueOf(v);
      items.add(e.getKey() + '=' + text);
    }
    return items;
  }

  /**
   * {@code prefix} and the items separated by spaces, in lines of at most {@code width} characters where the items
   * allow (an item is never split), continuation lines indented under the first item; "" when there are no items.
   */
  static String wrap(String prefix, List<String> items, int width) {
    if (items.isEmpty()) {
      return "";
    }
    String indent = " ".repeat(prefix.length());
    StringBuilder sb = new StringBuilder(prefix);
    int lineStart = 0;
    for (int i = 0; i < items.size(); i++) {
      String item = items.get(i);
      if (i > 0 && sb.length() - lineStart + 1 + item.length() > width) {
        sb.append(System.lineSeparator());
        lineStart = sb.length();
        sb.append(indent);
      } else if (i > 0) {
        sb.append(' ');
      }
      sb.append(item);
    }
    return sb.toString();
  }

  /** {@code "runKey": "...", "run": {...}}: the run record's stable key, then the record. */
  public static void runRecord(JsonGenerator g, RunRecord run) throws IOException {
    g.writeStringField("runKey", run.key());
    g.writeObjectFieldStart("run");
    g.writeStringField("protocol", run.protocol());
    g.writeStringField("learner", run.learner());
    g.writeObjectFieldStart("settings");
    for (Map.Entry<String, String> e : run.settings().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeObjectFieldStart("seeds");
    for (Map.Entry<String, Long> e : run.seeds().entrySet()) {
      g.writeNumberField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeStringField("order", run.order());
    g.writeStringField("scaling", run.scaling().cliName());
    g.writeStringField("zeroDivision", run.zeroDivision().name().toLowerCase(Locale.ROOT));
    g.writeArrayFieldStart("dataFiles");
    for (RunRecord.DataFile f : run.dataFiles()) {
      g.writeStartObject();
      g.writeStringField("path", f.path());
      g.writeNumberField("bytes", f.bytes());
      g.writeStringField("sha256", f.sha256());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeStringField("vectorization", run.vectorization());
    g.writeStringField("jdk", run.jdk());
    g.writeStringField("toolkitVersion", run.toolkitVersion());
    g.writeEndObject();
  }

  /** {@code run} with other seeds and data files (what the commands learn only after the library built the record). */
  public static RunRecord record(RunRecord run, Map<String, Long> seeds, List<RunRecord.DataFile> dataFiles) {
    return new RunRecord(run.protocol(), run.learner(), run.settings(), seeds, run.order(), run.scaling(),
        run.zeroDivision(), dataFiles, run.vectorization(), run.jdk(), run.toolkitVersion());
  }

  /**
   * A learner in one line for human output: its settings ({@link Settings#describe()}, M resolved) and L,
   * e.g. {@code falt eta=1.0 maxUpdates=1 bias=false precision=double numLabels=6}.
   */
  public static String describe(OnlineMultiLabelLearner learner) {
    return CommonParameters.asRun(learner.settings(), learner.numLabels()).describe() + " numLabels=" + learner.numLabels();
  }

  /** The seven paper metrics of {@code report} as percentages with two decimals ({@code -} for NaN). */
  public static List<String> paperPercentages(MetricReport report) {
    List<String> cells = new ArrayList<>();
    for (Measure m : PAPER_MEASURES) {
      cells.add(percent(report.get(m)));
    }
    return cells;
  }

  /**
   * The paper's table of one learner's test metrics (percentages), and a note when ranking loss leaves out some of the
   * {@code examples}.
   */
  public static void paperTable(String learner, MetricReport report, long examples, String testName, java.io.PrintWriter out) {
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("learner"));
    header.addAll(PAPER_HEADERS);
    rows.add(header);
    List<String> row = new ArrayList<>(List.of(learner));
    row.addAll(paperPercentages(report));
    rows.add(row);
    table(rows, out);
    if (report.rankingLossLeftOut() > 0) {
      out.printf(Locale.ROOT, "(ranking loss leaves out %d of %d %s: no relevant or no irrelevant label)%n",
          report.rankingLossLeftOut(), examples, testName);
    }
  }

  /** Nanoseconds per example of a pass of {@code seconds} over {@code examples} (NaN for none). */
  public static double nanosPerExample(double seconds, long examples) {
    return examples == 0 ? Double.NaN : seconds * 1e9 / examples;
  }

  /** A fraction as a percentage with two decimals, {@code -} for NaN. */
  public static String percent(double fraction) {
    return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.2f", 100 * fraction) : "-";
  }

  /** Prints rows as an aligned table: the first column left-aligned, the others right-aligned. */
  public static void table(List<List<String>> rows, java.io.PrintWriter out) {
    table(rows, 1, out);
  }

  /** Prints rows as an aligned table: the first {@code leftAligned} columns left-aligned (text), the others right-aligned. */
  public static void table(List<List<String>> rows, int leftAligned, java.io.PrintWriter out) {
    int columns = rows.stream().mapToInt(List::size).max().orElse(0);
    int[] width = new int[columns];
    for (List<String> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.size(); c++) {
        if (c > 0) {
          line.append("  ");
        }
        String cell = row.get(c);
        String pad = " ".repeat(width[c] - cell.length());
        line.append(c < leftAligned ? cell + pad : pad + cell);
      }
      out.println(line.toString().stripTrailing());
    }
  }
}
