package org.altml.sparse.open;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.Inputs;
import org.altml.sparse.io.internal.LineInput;

/**
 * An open stream (docs/spec.md#open-streams): records of an {@link OpenFormat}, one per line, each mapped through a
 * {@link Vocabulary} that grows as it goes (or, for prediction, one that does not: unknown features are ignored and
 * unknown labels left out, {@link OpenRecord#unknownLabels()}). {@link #numLabels()} and {@link #numFeatures()} are the
 * vocabulary's sizes so far, L_t and d_t after the current record. Every bad record is a {@link DataFormatException}
 * naming the file, the line and the problem, and a refused record leaves the vocabulary as it was.
 *
 * <p>Decided edge cases: a feature or a label given twice in one record is an error (never merged), as in LIBSVM; a
 * feature whose value is zero carries nothing and gives its name no row; hashed names that share a row add their signed
 * values (a sum of zero is dropped). Not thread-safe.
 */
public final class OpenStream implements ExampleStream {
  private final Lines lines;
  private final OpenFormat format;
  private final Vocabulary vocabulary;
  private final boolean grow;
  private final OpenRecord record = new OpenRecord();
  private boolean closed;

  private OpenStream(Lines lines, OpenFormat format, Vocabulary vocabulary, boolean grow) {
    this.lines = lines;
    this.format = Objects.requireNonNull(format, "format");
    this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
    this.grow = grow;
  }

  /**
   * Opens {@code file} (gzip detected by its magic bytes; {@code "-"} is standard input) as a stream that grows
   * {@code vocabulary}.
   *
   * @throws DataFormatException if the file is empty, not UTF-8 text or not valid gzip when it claims to be
   * @throws IOException if the file cannot be opened
   */
  public static OpenStream open(Path file, OpenFormat format, Vocabulary vocabulary) throws IOException {
    return open(file, format, vocabulary, true, ReadOptions.defaults());
  }

  /**
   * As {@link #open(Path, OpenFormat, Vocabulary)}, growing the vocabulary only when {@code grow}, with the options'
   * input hashing ({@link #inputDigests()}) and longest line (the others do not apply).
   */
  public static OpenStream open(Path file, OpenFormat format, Vocabulary vocabulary, boolean grow, ReadOptions options)
      throws IOException {
    LineInput in = Inputs.lines(file, options);
    return new OpenStream(new FileLines(in), format, vocabulary, grow);
  }

  /** A stream over the text of {@code reader}, named {@code name} in messages, that grows {@code vocabulary}. */
  public static OpenStream open(Reader reader, String name, OpenFormat format, Vocabulary vocabulary) {
    return open(reader, name, format, vocabulary, true);
  }

  /** As {@link #open(Reader, String, OpenFormat, Vocabulary)}, growing the vocabulary only when {@code grow}. */
  public static OpenStream open(Reader reader, String name, OpenFormat format, Vocabulary vocabulary, boolean grow) {
    return new OpenStream(new ReaderLines(reader, name), format, vocabulary, grow);
  }

  /**
   * Parses one record, {@code line}, into {@code out}, mapped through {@code vocabulary} (grown when {@code grow}); for
   * engines that split the records themselves (Kafka, Flink) and for tests. Errors name {@code where} (as in
   * {@code "topic t offset 12"}).
   *
   * @return false for a blank or comment line (no record; {@code out} is then empty)
   * @throws DataFormatException naming {@code where} for a bad record, which leaves the vocabulary as it was (and
   *     {@code out} empty)
   */
  public static boolean parse(String line, OpenFormat format, Vocabulary vocabulary, boolean grow, String where,
      OpenRecord out) throws DataFormatException {
    return parse(line, format, vocabulary, grow, where, 0, out);
  }

  /** As {@link #parse(String, OpenFormat, Vocabulary, boolean, String, OpenRecord)}, errors naming {@code file:lineNumber}. */
  public static boolean parse(String line, OpenFormat format, Vocabulary vocabulary, boolean grow, String file,
      long lineNumber, OpenRecord out) throws DataFormatException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return parse(b, 0, b.length, format, vocabulary, grow, file, lineNumber, out);
  }

  static boolean parse(byte[] b, int s, int e, OpenFormat format, Vocabulary vocabulary, boolean grow, String file,
      long line, OpenRecord out) throws DataFormatException {
    out.publish(0, 0); // empty, should the record be refused
    boolean any = switch (format) {
      case LIBSVM -> TextRecords.parse(b, s, e, false, out, file, line);
      case LIBSVM_NAMES -> TextRecords.parse(b, s, e, true, out, file, line);
      case JSON -> JsonLines.parse(b, s, e, out, file, line);
    };
    if (!any) {
      return false;
    }
    RecordMapping.map(out, vocabulary, grow, file, line);
    return true;
  }

  @Override
  public boolean advance() throws IOException {
    if (closed) {
      return false;
    }
    while (lines.next()) {
      if (parse(lines.buf(), lines.start(), lines.end(), format, vocabulary, grow, lines.file(), lines.line(), record)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public SparseVector features() {
    return record.features();
  }

  @Override
  public LabelSet labels() {
    return record.labels();
  }

  /** The current record: its {@code "id"}, whether it is labelled, what the vocabulary did not know. */
  public OpenRecord record() {
    return record;
  }

  /** The vocabulary the records are mapped through. */
  public Vocabulary vocabulary() {
    return vocabulary;
  }

  /** The number of labels so far (L_t after the current record). */
  @Override
  public int numLabels() {
    return vocabulary.labels().size();
  }

  /** The rows of the features so far (d_t after the current record; 2^B for hashing). */
  @Override
  public int numFeatures() {
    return vocabulary.features().numRows();
  }

  @Override
  public long lineNumber() {
    return lines.line();
  }

  @Override
  public List<InputDigest> inputDigests() {
    return lines.digests();
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      lines.close();
    }
  }

  /** The lines of a stream: the current one is {@code buf()[start(), end())}. */
  private interface Lines {
    boolean next() throws IOException;

    byte[] buf();

    int start();

    int end();

    long line();

    String file();

    List<InputDigest> digests();

    void close() throws IOException;
  }

  /** The lines of a file, by the readers' byte-level machinery (gzip, standard input, encoding checks, hashing). */
  private record FileLines(LineInput in) implements Lines {
    @Override
    public boolean next() throws IOException {
      return in.next();
    }

    @Override
    public byte[] buf() {
      return in.buf;
    }

    @Override
    public int start() {
      return in.start;
    }

    @Override
    public int end() {
      return in.end;
    }

    @Override
    public long line() {
      return in.line;
    }

    @Override
    public String file() {
      return in.file();
    }

    @Override
    public List<InputDigest> digests() {
      return in.digests(null);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /** The lines of a reader, each encoded as UTF-8; a byte order mark at its start is skipped. */
  private static final class ReaderLines implements Lines {
    private final BufferedReader in;
    private final String file;
    private byte[] buf = new byte[0];
    private long line;

    ReaderLines(Reader reader, String file) {
      this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
      this.file = file;
    }

    @Override
    public boolean next() throws IOException {
      String text = in.readLine();
      if (text == null) {
        return false;
      }
      if (line == 0 && text.startsWith("\uFEFF")) {
        text = text.substring(1);
      }
      line++;
      buf = text.getBytes(StandardCharsets.UTF_8);
      return true;
    }

    @Override
    public byte[] buf() {
      return buf;
    }

    @Override
    public int start() {
      return 0;
    }

    @Override
    public int end() {
      return buf.length;
    }

    @Override
    public long line() {
      return line;
    }

    @Override
    public String file() {
      return file;
    }

    @Override
    public List<InputDigest> digests() {
      return List.of();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
