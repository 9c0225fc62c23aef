package org.altml.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Map;
import org.altml.core.eval.CurvePoint;
import org.altml.core.eval.Prequential;
import org.altml.core.metric.Measure;

/**
 * Writes a prequential learning curve as it is recorded: CSV (a header, then one row per point: examples,
 * learningSeconds, every cumulative metric, every window metric, then the examples left out of the cumulative
 * and of the window's ranking loss; NaN as {@code NaN}) or JSON lines (one object per point: {@code
 * {"examples":..,"learningSeconds":..,"cumulative":{..},"window":{..},"rankingLossLeftOut":..,
 * "windowRankingLossLeftOut":..}}, NaN as null). Metric values are fractions.
 */
public final class CurveWriter implements Prequential.Listener {
  /** The curve formats. */
  public enum Format {
    /** Comma-separated values with a header line. */
    csv,
    /** One JSON object per line. */
    jsonl
  }

  private final Writer out;
  private final Format format;
  private final StringBuilder line = new StringBuilder();

  /** A writer of {@code format} on {@code out}; the CSV header is written at once. */
  public CurveWriter(Writer out, Format format) throws IOException {
    this.out = out;
    this.format = format;
    if (format == Format.csv) {
      line.append("examples,learningSeconds");
      for (String prefix : new String[] {"cumulative_", "window_"}) {
        for (Measure m : Measure.values()) {
          line.append(',').append(prefix).append(m.metricName());
        }
      }
      line.append(",cumulative_rankingLossLeftOut,window_rankingLossLeftOut");
      out.append(line).append('\n');
    }
  }

  /** Writes one point; I/O errors surface as {@link UncheckedIOException}. */
  @Override
  public void onSample(CurvePoint point) {
    try {
      if (format == Format.csv) {
        line.setLength(0);
        line.append(point.examples()).append(',').append(point.learningSeconds());
        appendCsv(point.cumulative().values());
        appendCsv(point.window().values());
        line.append(',').append(point.cumulative().rankingLossLeftOut()).append(',').append(point.window().rankingLossLeftOut());
        out.append(line).append('\n');
      } else {
        try (JsonGenerator g = Reports.json(out, false)) {
          g.writeStartObject();
          g.writeNumberField("examples", point.examples());
          g.writeNumberField("learningSeconds", point.learningSeconds());
          Reports.metrics(g, "cumulative", point.cumulative());
          Reports.metrics(g, "window", point.window());
          g.writeNumberField("rankingLossLeftOut", point.cumulative().rankingLossLeftOut());
          g.writeNumberField("windowRankingLossLeftOut", point.window().rankingLossLeftOut());
          g.writeEndObject();
        }
        out.append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void appendCsv(Map<String, Double> values) {
    for (double v : values.values()) {
      line.append(',').append(v);
    }
  }
}
