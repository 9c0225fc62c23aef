package org.altml.flink.source;

import java.nio.charset.StandardCharsets;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.open.OpenRecord;
import org.altml.sparse.open.OpenStream;
import org.altml.sparse.open.Vocabulary;

/**
 * Parses the {@link TextLine}s of an open job through a model's {@link Vocabulary} (docs/spec.md#open-features): the
 * vocabulary grows with the record's new labels and features, unless the record is bad, which leaves it as it was and
 * says why ({@link #reason()}). Not thread-safe (one per subtask).
 */
public final class OpenParsing {
  private static final String NO_LABELS = "no \"labels\": the job learns from labelled records (\"labels\": [] for an"
      + " example with no relevant label)";
  private final OpenSpec spec;
  private final OpenRecord record = new OpenRecord();
  private String reason;

  /** Parses records as {@code spec} says. */
  public OpenParsing(OpenSpec spec) {
    this.spec = spec;
  }

  /**
   * Parses {@code line} through {@code vocabulary}, growing it when {@code grow}.
   *
   * @param requireLabels whether a record must say its labels (a JSON record without {@code "labels"} is then bad)
   * @return the record, valid until the next parse, or null when the line holds none: {@link #reason()} is then null for a
   *     blank or comment line, else the problem
   */
  public OpenRecord parse(TextLine line, Vocabulary vocabulary, boolean grow, boolean requireLabels) {
    reason = null;
    String text = new String(line.text, StandardCharsets.UTF_8);
    if (line.line <= 1 && text.startsWith("\uFEFF")) { // a byte order mark, as the command line's readers skip it
      text = text.substring(1);
    }
    try {
      // an unlabelled record is refused before it can grow the vocabulary: read once without growth to see
      if (requireLabels && grow && spec.format() == org.altml.sparse.open.OpenFormat.JSON
          && OpenStream.parse(text, spec.format(), vocabulary, false, line.file, Math.max(line.line, 1), record) && !record.labelled()) {
        reason = NO_LABELS;
        return null;
      }
      if (!OpenStream.parse(text, spec.format(), vocabulary, grow, line.file, Math.max(line.line, 1), record)) {
        return null;
      }
    } catch (DataFormatException e) {
      reason = Parsing.problem(e);
      if (spec.format() != org.altml.sparse.open.OpenFormat.JSON && text.startsWith("{")) {
        reason += " (a JSON record? give --format json)";
      }
      return null;
    }
    if (requireLabels && !record.labelled()) {
      reason = NO_LABELS;
      return null;
    }
    return record;
  }

  /** Why the last record was bad, or null. */
  public String reason() {
    return reason;
  }
}
