package org.altml.flink.source;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.files.RecordParser;

/**
 * One {@link RecordParser} per input file, opened on first use, for one operator instance: parses a
 * {@link TextLine} and says why it is bad when it is. Not thread-safe (one per subtask).
 */
public final class Parsing {
  private final DataSpec spec;
  private final int numLabels;
  private final Map<String, RecordParser> parsers = new HashMap<>();
  private String reason;
  private String id;
  private JsonRecords json; // made on the first JSON record

  /** Parsers of {@code spec} for data of L = {@code numLabels} (an ARFF file with another L is refused). */
  public Parsing(DataSpec spec, int numLabels) {
    this.spec = spec;
    this.numLabels = numLabels;
  }

  /**
   * Parses {@code line}; the example is then {@link #parser(String)}'s view.
   *
   * @return the parser holding the example, or null when the line holds none: then {@link #reason()} is null
   *     for a blank, comment or header line and the problem for a bad record
   * @throws IOException when the file's header cannot be read (the job cannot go on without it; a {@link
   *     PermanentFailure} when the header itself is bad)
   */
  public RecordParser parse(TextLine line) throws IOException {
    reason = null;
    id = line.id;
    RecordParser p = parser(line.file);
    // a UTF-8 byte order mark before line 1 is skipped, as the command line's readers skip it
    int skip = line.line == 1 && RecordParser.startsWithByteOrderMark(line.text, 0, line.text.length) ? 3 : 0;
    // a Kafka record's line is its offset, from 0: the parser takes line numbers from 1 (line 0 would be a header's)
    long number = Math.max(line.line, 1);
    try {
      if (spec.isJson(line.file)) {
        // a JSON record is read as the LIBSVM record it is: the same checks, the same example
        if (json == null) {
          json = new JsonRecords(spec.zeroBased());
        }
        byte[] libSvm = json.toLibSvm(line.text, skip, line.text.length - skip);
        if (json.id() != null) {
          id = json.id();
        }
        if (libSvm == null) {
          reason = json.reason();
          return null;
        }
        if (spec.requireLabels() && !json.labelled()) {
          reason = "no \"labels\": the job learns from labelled records (\"labels\": [] for an example with no relevant label)";
          return null;
        }
        if (!p.parse(libSvm, 0, libSvm.length, number)) {
          return null;
        }
      } else if (!p.parse(line.text, skip, line.text.length - skip, number)) {
        return null;
      }
      int max = p.labels().maxLabel();
      if (numLabels > 0 && max >= numLabels) {
        // a LIBSVM record beside ARFF inputs that set L: bad, as with --num-labels, not the end of the job
        reason = "label " + max + " is not below the job's " + numLabels + " labels";
        return null;
      }
      return p;
    } catch (DataFormatException e) {
      reason = spec.isJson(line.file) ? "in LIBSVM form, " + problem(e) : problem(e);
      if (!spec.isJson(line.file) && line.text.length > skip && line.text[skip] == '{') {
        reason += " (a JSON record? give --format json)";
      }
      return null;
    }
  }

  /** Why the last record was bad, or null. */
  public String reason() {
    return reason;
  }

  /**
   * The id of the last record parsed (bad or not): a JSON record's {@code "id"} when it has one, else its transport's
   * ({@link TextLine#id}, a Kafka record's key), else null.
   */
  public String id() {
    return id;
  }

  /** The parser of {@code file}. */
  public RecordParser parser(String file) throws IOException {
    RecordParser p = parsers.get(file);
    if (p == null) {
      try {
        p = spec.parser(file);
      } catch (DataFormatException e) { // a header the job cannot read: so would a restart
        throw new PermanentFailure(e.getMessage(), e);
      }
      if (p.numLabels() > 0 && p.numLabels() != numLabels) {
        throw new PermanentFailure(file + ": has " + p.numLabels() + " labels, the job's learners " + numLabels, null);
      }
      parsers.put(file, p);
    }
    return p;
  }

  /** The problem alone: the exception's message without its "file:line: " prefix (for the other packages' operators). */
  public static String problemOf(DataFormatException e) {
    return problem(e);
  }

  /** The problem alone: the exception's message without its "file:line: " prefix. */
  static String problem(DataFormatException e) {
    String m = e.getMessage();
    String prefix = e.file() + (e.line() > 0 ? ":" + e.line() : "") + ": ";
    return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
  }
}
