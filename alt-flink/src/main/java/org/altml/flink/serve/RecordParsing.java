package org.altml.flink.serve;

import java.util.Arrays;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.OpenParsing;
import org.altml.flink.source.OpenSpec;
import org.altml.flink.source.Parsing;
import org.altml.sparse.open.OpenRecord;
import org.altml.flink.source.TextLine;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.files.RecordParser;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Parses the records topic's lines (LIBSVM) into {@link ServeRecord}s, a bad one with its reason. Labels a record carries
 * are read and ignored: the job learns only from the feedback topic's labels.
 */
public final class RecordParsing extends ProcessFunction<TextLine, ServeRecord> {
  private static final long serialVersionUID = 1L;
  private final DataSpec spec;
  private final int numLabels;
  private final OpenSpec open;
  private transient Parsing parsing;
  private transient OpenParsing openParsing;

  /** Parsing of {@code spec}'s records, for a job of L = {@code numLabels}. */
  public RecordParsing(DataSpec spec, int numLabels) {
    this(spec, numLabels, null);
  }

  /**
   * Parsing for an open job when {@code open} is not null: a record is checked and its id read here, through a
   * vocabulary of its own, and passed on as text for the learner to map through the model's vocabulary.
   */
  public RecordParsing(DataSpec spec, int numLabels, OpenSpec open) {
    this.spec = spec;
    this.numLabels = numLabels;
    this.open = open;
  }

  /**
   * The id of the record just parsed: a JSON record's own {@code "id"}, else its Kafka key, else {@code
   * TOPIC#PARTITION:OFFSET}. The one place that says it.
   */
  static String recordId(Parsing parsing, TextLine line) {
    String id = parsing.id();
    return id != null && !id.isEmpty() ? id : line.file + ":" + line.line;
  }

  @Override
  public void open(OpenContext context) {
    if (open != null) {
      openParsing = new OpenParsing(open);
    } else {
      parsing = new Parsing(spec, numLabels);
    }
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<ServeRecord> out) throws Exception {
    ServeRecord r = new ServeRecord();
    r.file = line.file;
    r.line = line.line;
    if (open != null) {
      OpenRecord o = openParsing.parse(line, open.newVocabulary(), true, false);
      if (o == null) {
        r.id = line.file + ":" + line.line;
        r.reason = openParsing.reason() != null ? openParsing.reason() : "no example in the record (empty, blank or a comment)";
      } else {
        r.id = o.id() != null && !o.id().isEmpty() ? o.id() : line.id != null && !line.id.isEmpty() ? line.id : line.file + ":" + line.line;
        r.text = new String(line.text, java.nio.charset.StandardCharsets.UTF_8);
      }
      out.collect(r);
      return;
    }
    RecordParser p = parsing.parse(line); // a Kafka offset 0 is read as line 1 there, for every job
    if (p == null) {
      r.id = line.file + ":" + line.line;
      r.reason = parsing.reason() != null ? parsing.reason() : "no example in the record (empty, blank or a comment)";
      out.collect(r);
      return;
    }
    r.id = recordId(parsing, line);
    SparseVector x = p.features();
    r.indices = Arrays.copyOfRange(x.indices(), x.offset(), x.offset() + x.nnz());
    r.values = Arrays.copyOfRange(x.values(), x.offset(), x.offset() + x.nnz());
    out.collect(r);
  }
}
