package org.altml.flink.serve;

import java.util.Arrays;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.Parsing;
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
  private transient Parsing parsing;

  /** Parsing of {@code spec}'s records, for a job of L = {@code numLabels}. */
  public RecordParsing(DataSpec spec, int numLabels) {
    this.spec = spec;
    this.numLabels = numLabels;
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
    parsing = new Parsing(spec, numLabels);
  }

  @Override
  public void processElement(TextLine line, Context ctx, Collector<ServeRecord> out) throws Exception {
    ServeRecord r = new ServeRecord();
    r.file = line.file;
    r.line = line.line;
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
