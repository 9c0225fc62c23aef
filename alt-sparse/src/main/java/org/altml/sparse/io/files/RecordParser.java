package org.altml.sparse.io.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.arff.ArffReader;
import org.altml.sparse.io.internal.LineInput;
import org.altml.sparse.io.libsvm.LibSvmReader;

/**
 * Parses one line at a time into an example, with exactly the checks and messages of {@link LibSvmReader}
 * and {@link ArffReader} (it runs their own line parsers): for engines that split a file into records
 * themselves (a streaming source, one line per record) and need one example per line, and a
 * {@link DataFormatException} naming the file, line and token for a bad one.
 *
 * <p>LIBSVM lines need nothing else. ARFF lines need the file's header: {@link #arff} reads it (and the
 * Mulan XML beside, or the labels given in the options) once, and then every line up to and including
 * {@code @data} is skipped as not an example ({@link #headerLines()}), so the records of the whole file may
 * be fed in. The example handed out is a view valid until the next {@link #parse}. Not thread-safe: one
 * parser per thread.
 */
public final class RecordParser {
  private final LineInput input;
  private final LibSvmReader libSvm;
  private final ArffReader arff;
  private final long headerLines;

  private RecordParser(LineInput input, LibSvmReader libSvm, ArffReader arff, long headerLines) {
    this.input = input;
    this.libSvm = libSvm;
    this.arff = arff;
    this.headerLines = headerLines;
  }

  /** A parser of LIBSVM lines of {@code file} (the name is used in messages only). */
  public static RecordParser libSvm(String file, ReadOptions options) {
    LineInput in = new LineInput(file);
    return new RecordParser(in, LibSvmReader.over(in, options), null, 0);
  }

  /**
   * A parser of the data lines of the ARFF file {@code file}: reads its header and decides its labels as
   * {@link ArffReader#open(Path, ReadOptions)} does, then closes the file.
   *
   * @throws DataFormatException if the header or the label information is invalid
   */
  public static RecordParser arff(Path file, ReadOptions options) throws IOException {
    ArffReader reader = ArffReader.open(file, options);
    LineInput in = reader.input();
    long header = in.line;
    in.detach();
    return new RecordParser(in, null, reader, header);
  }

  /**
   * The position of the first LF in {@code b[from, to)}, or -1: the readers' own search, eight bytes at a
   * time, for engines that cut a file into lines themselves.
   */
  public static int indexOfNewline(byte[] b, int from, int to) {
    return LineInput.indexOfNewline(b, from, to);
  }

  /** The file this parser names in messages. */
  public String file() {
    return input.file();
  }

  /** Lines 1..headerLines() are the ARFF header (0 for LIBSVM); {@link #parse} skips them. */
  public long headerLines() {
    return headerLines;
  }

  /** L when known: the declared number of labels (LIBSVM) or the header's label count (ARFF); else -1. */
  public int numLabels() {
    return arff != null ? arff.numLabels() : libSvm.numLabels();
  }

  /** d when known: the declared number of features or the header's feature count (ARFF); else -1. */
  public int numFeatures() {
    return arff != null ? arff.numFeatures() : libSvm.numFeatures();
  }

  /** The label names of an ARFF file, else null. */
  public List<String> labelNames() {
    return arff != null ? arff.labelNames() : null;
  }

  /** The feature names of an ARFF file (its attributes that are not labels or ignored), else an empty list. */
  public List<String> featureNames() {
    return arff != null ? arff.featureNames() : List.of();
  }

  /**
   * Checks the first bytes of a data file (after gzip, for gzip data) as the readers do before its first line: a UTF-8
   * byte order mark is allowed (its length is returned, to be skipped), UTF-16, archives, compression other than
   * gzip and binary data are refused. For readers of lines outside this package (a streaming engine's file source).
   *
   * @param head the file's first bytes, {@code length} of them (up to a line end is enough)
   * @return 3 for a UTF-8 byte order mark, else 0
   * @throws DataFormatException at line 1, naming {@code file} and what the data is
   */
  public static int checkFileStart(String file, byte[] head, int length) throws DataFormatException {
    return LineInput.checkStart(file, head, length);
  }

  /** Whether {@code b[off, off + len)} starts with a UTF-8 byte order mark. */
  public static boolean startsWithByteOrderMark(byte[] b, int off, int len) {
    return LineInput.startsWithByteOrderMark(b, off, len);
  }

  /**
   * Parses {@code b[off, off + len)}, the text of line {@code lineNumber} (1-based, without its line end).
   *
   * @return false when the line holds no example (blank, comment, or part of an ARFF header)
   * @throws DataFormatException naming the file, the line and the problem, as the file's reader would
   */
  public boolean parse(byte[] b, int off, int len, long lineNumber) throws DataFormatException {
    if (lineNumber <= headerLines) {
      return false;
    }
    input.setRecord(b, off, off + len, lineNumber);
    return arff != null ? arff.parseCurrent() : libSvm.parseCurrent();
  }

  /** {@link #parse(byte[], int, int, long)} of a line given as text. */
  public boolean parse(String line, long lineNumber) throws DataFormatException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return parse(b, 0, b.length, lineNumber);
  }

  /** The features of the example just parsed (a view, valid until the next parse). */
  public SparseVector features() {
    return arff != null ? arff.features() : libSvm.features();
  }

  /** The labels of the example just parsed (a view, valid until the next parse). */
  public LabelSet labels() {
    return arff != null ? arff.labels() : libSvm.labels();
  }
}
