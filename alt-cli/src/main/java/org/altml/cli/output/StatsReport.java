package org.altml.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.altml.sparse.data.DatasetStats;

/** Formats dataset statistics as the paper's Table 1 (a text table) or as JSON. */
public final class StatsReport {
  /** Statistics of one named dataset. */
  public record Row(String name, DatasetStats stats) {}

  private static final String[] HEADERS = {
    "name", "instances", "features", "labels", "cardinality", "density", "feat.density", "mean nnz",
    "label sets", "no label"
  };

  private StatsReport() {}

  /** Prints an aligned table, one row per dataset, numbers right-aligned. */
  public static void printTable(List<Row> rows, PrintWriter out) {
    String[][] cells = new String[rows.size() + 1][];
    cells[0] = HEADERS;
    for (int r = 0; r < rows.size(); r++) {
      DatasetStats s = rows.get(r).stats();
      cells[r + 1] =
          new String[] {
            rows.get(r).name(),
            Long.toString(s.instances()),
            Integer.toString(s.features()),
            Integer.toString(s.labels()),
            String.format(Locale.ROOT, "%.3f", s.labelCardinality()),
            String.format(Locale.ROOT, "%.4f", s.labelDensity()),
            String.format(Locale.ROOT, "%.4f", s.featureDensity()),
            String.format(Locale.ROOT, "%.1f", s.meanNonZeros()),
            Long.toString(s.distinctLabelSets()),
            Long.toString(s.examplesWithoutLabels())
          };
    }
    int[] width = new int[HEADERS.length];
    for (String[] row : cells) {
      for (int c = 0; c < row.length; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    for (String[] row : cells) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < row.length; c++) {
        if (c > 0) {
          line.append("  ");
        }
        String pad = " ".repeat(width[c] - row[c].length());
        // the name column is left-aligned, numbers right-aligned
        line.append(c == 0 ? row[c] + pad : pad + row[c]);
      }
      out.println(line.toString().stripTrailing());
    }
    out.flush();
  }

  /** Prints a JSON array with one object per dataset. */
  public static void printJson(List<Row> rows, PrintWriter out) throws IOException {
    JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    try (JsonGenerator g = factory.createGenerator(out)) {
      g.useDefaultPrettyPrinter();
      g.writeStartArray();
      for (Row row : rows) {
        DatasetStats s = row.stats();
        g.writeStartObject();
        g.writeStringField("name", row.name());
        g.writeNumberField("instances", s.instances());
        g.writeNumberField("features", s.features());
        g.writeNumberField("labels", s.labels());
        g.writeNumberField("cardinality", s.labelCardinality());
        g.writeNumberField("density", s.labelDensity());
        g.writeNumberField("featureDensity", s.featureDensity());
        g.writeNumberField("meanNonZeros", s.meanNonZeros());
        g.writeNumberField("distinctLabelSets", s.distinctLabelSets());
        g.writeNumberField("examplesWithoutLabels", s.examplesWithoutLabels());
        g.writeNumberField("totalNonZeros", s.totalNonZeros());
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    out.println();
    out.flush();
  }
}
