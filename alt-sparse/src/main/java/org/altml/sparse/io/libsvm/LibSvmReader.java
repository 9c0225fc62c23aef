package org.altml.sparse.io.libsvm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.InputNames;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.EntrySorter;
import org.altml.sparse.io.internal.Inputs;
import org.altml.sparse.io.internal.LineInput;
import org.altml.sparse.io.internal.Numbers;

/**
 * Streams a LIBSVM multi-label file, one example per line, without ever loading the file whole.
 *
 * <p>Format: {@code l1,l2,... idx:val idx:val ...}. Labels are non-negative decimal integers separated
 * by commas without spaces; a line without labels starts directly with the features (its first token
 * contains {@code ':'}). Feature indices are 1-based unless {@link ReadOptions#zeroBased()} and are
 * converted to 0-based here; values are decimal floats, parsed with correct rounding. Everything after
 * {@code '#'} is a comment; blank and comment-only lines are skipped (they are not examples). Tokens are
 * separated by spaces or tabs; LF and CRLF line ends are accepted.
 *
 * <p>Decided edge cases: indices given out of order are <b>sorted</b> (not an error); a repeated
 * feature index or a repeated label is an <b>error</b> (never merged); values equal to zero are
 * dropped; NaN and infinite values are errors. With a declared {@link ReadOptions#numFeatures()} or
 * {@link ReadOptions#numLabels()}, an index or label at or beyond it is an error (a zero value there is
 * dropped like any zero); otherwise
 * {@link #numFeatures()}/{@link #numLabels()} return -1 and {@link #read} uses the largest index + 1.
 * Without a declared number of labels, a label id of at least {@value #FAR_LABEL} that is more than
 * {@value #FAR_FACTOR} times beyond the largest label so far is an error (a stray id such as
 * 2000000000 among labels below 100 would make every per-label array of the program that large);
 * declaring the number of labels allows it.
 *
 * <p>Parsing works on the bytes of a reused buffer: no String or array is allocated per line, and the
 * features and labels handed out are views into reused arrays, valid until the next {@link #advance()}.
 * Every malformed input raises a {@link DataFormatException} naming the file, the 1-based line, the
 * offending token and what was expected. Not thread-safe.
 */
public final class LibSvmReader implements ExampleStream {
  /** Label ids below this are always accepted (see the class comment). */
  public static final int FAR_LABEL = 1_000_000;
  /** How far beyond the largest label so far an id of at least {@link #FAR_LABEL} may be. */
  public static final int FAR_FACTOR = 64;

  private final LineInput in;
  private final int declaredFeatures;
  private final int declaredLabels;
  private final int indexBase;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private int[] indices = new int[256];
  private float[] values = new float[256];
  private final EntrySorter sorter = new EntrySorter();
  private int[] labels = new int[16];
  private long maxLabel = -1;
  private boolean deferFarLabels;
  private boolean farLabelSeen;
  private boolean closed;

  private LibSvmReader(LineInput in, ReadOptions options) {
    this.in = in;
    this.declaredFeatures = options.numFeatures();
    this.declaredLabels = options.numLabels();
    this.indexBase = options.zeroBased() ? 0 : 1;
  }

  /**
   * Opens {@code file} (gzip detected by its magic bytes; {@code "-"} is standard input) as a stream.
   *
   * @throws DataFormatException if the file is empty, not UTF-8 text or not valid gzip when it claims to be
   * @throws IOException if the file cannot be opened
   */
  public static LibSvmReader open(Path file, ReadOptions options) throws IOException {
    return new LibSvmReader(Inputs.lines(file, options), options);
  }

  /**
   * Opens a stream over {@code in} (plain or gzip, detected by magic bytes); {@code fileName} is used
   * in messages. The stream takes ownership of {@code in} and closes it.
   */
  public static LibSvmReader open(InputStream in, String fileName, ReadOptions options) throws IOException {
    return new LibSvmReader(Inputs.lines(in, fileName, options), options);
  }

  /**
   * A stream over lines already opened (by {@link org.altml.sparse.io.files.DataFiles}, which looked at the first block,
   * or {@link org.altml.sparse.io.files.RecordParser}); {@link LineInput} is internal to this module.
   */
  @SuppressWarnings("exports") // LineInput is internal: only this module can call it
  public static LibSvmReader over(LineInput in, ReadOptions options) {
    return new LibSvmReader(in, options);
  }

  /**
   * Reads the whole file ({@code "-"}: standard input) into a dataset named after the file; d and L are
   * the declared values or the largest index and label + 1.
   */
  public static Dataset read(Path file, ReadOptions options) throws IOException {
    try (LibSvmReader reader = open(file, options)) {
      return Inputs.load(reader, InputNames.datasetName(file), options, null, List.of());
    }
  }

  @Override
  public boolean advance() throws IOException {
    if (closed) {
      return false;
    }
    while (in.next()) {
      if (parseLine()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A reader of records ({@link LineInput#setRecord}) that leaves the far-label check to its caller: a line
   * with a label id of at least {@link #FAR_LABEL} is parsed without it and flagged ({@link #farLabelSeen()}).
   * That check depends on every line before, which a parser of one block of a file split into blocks has not
   * seen ({@link ParallelLibSvmStream} re-parses the flagged lines in file order).
   */
  static LibSvmReader deferringFarLabels(LineInput in, ReadOptions options) {
    LibSvmReader reader = new LibSvmReader(in, options);
    reader.deferFarLabels = true;
    return reader;
  }

  /** Whether the line just parsed (or failed) by a {@link #deferringFarLabels} reader had a far label id. */
  boolean farLabelSeen() {
    return farLabelSeen;
  }

  /** Makes the far-label check count {@code label} as seen on an earlier line. */
  void raiseMaxLabel(long label) {
    if (label > maxLabel) {
      maxLabel = label;
    }
  }

  /**
   * A LIBSVM stream over {@code in}: parsed as it is read, or on threads ahead ({@link ReadOptions#parseThreads()}
   * above 1, the same examples, errors and digests). For the format dispatch.
   */
  @SuppressWarnings("exports") // LineInput is internal: only this module can call it
  public static ExampleStream stream(LineInput in, ReadOptions options) {
    return options.parseThreads() > 1 ? new ParallelLibSvmStream(in, options) : over(in, options);
  }

  /** Parses the current line of the input (one fed by {@link org.altml.sparse.io.files.RecordParser}); false for a blank or comment line. */
  public boolean parseCurrent() throws DataFormatException {
    return parseLine();
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\r';
  }

  /** Parses the current line into the reused arrays; false for a blank or comment-only line. */
  private boolean parseLine() throws DataFormatException {
    farLabelSeen = false;
    final byte[] b = in.buf;
    final int e = in.end;
    int p = in.start;
    while (p < e && isSpace(b[p])) {
      p++;
    }
    if (p == e || b[p] == '#') {
      return false;
    }
    int numLabels = 0;
    int t = p;
    boolean firstHasColon = false;
    while (t < e && !isSpace(b[t]) && b[t] != '#') {
      if (b[t] == ':') {
        firstHasColon = true;
        break;
      }
      t++;
    }
    if (!firstHasColon) {
      numLabels = parseLabels(b, p, t);
      p = t;
    }
    int nnz = 0;
    int previous = -1;
    boolean sorted = true;
    while (true) {
      while (p < e && isSpace(b[p])) {
        p++;
      }
      if (p == e || b[p] == '#') {
        break;
      }
      int ts = p;
      // fused fast path for the common "digits:[-]digits[.digits]" token: one pass, no re-scan
      long fastIndex = 0;
      int q = p;
      if (e - p >= 8) {
        // the index's digits counted and read without a branch per digit (their number varies from token to
        // token, and a data-dependent loop exit mispredicts); eight or more digits take the loop below
        int k = Numbers.leadingDigits(b, p);
        if (k < 8) {
          fastIndex = Numbers.digitsValue(b, p, k);
          q = p + k;
        }
      }
      while (q < e && q - p < 9) {
        int c = b[q] - '0';
        if (c < 0 || c > 9) {
          break;
        }
        fastIndex = fastIndex * 10 + c;
        q++;
      }
      if (q > p && q < e && b[q] == ':' && fastIndex >= indexBase) {
        q++;
        if (nnz == indices.length) {
          indices = Arrays.copyOf(indices, nnz * 2);
          values = Arrays.copyOf(values, nnz * 2);
        }
        int valueEnd = Numbers.scanFloat(b, q, e, values, nnz); // the value into values[nnz], kept only if taken
        int index = (int) (fastIndex - indexBase);
        if (valueEnd != Numbers.NO_FAST_END
            && (valueEnd == e || isSpace(b[valueEnd]) || b[valueEnd] == '#')
            && (declaredFeatures < 0 || index < declaredFeatures)) {
          if (index <= previous) {
            sorted = false;
          }
          previous = index;
          indices[nnz] = index;
          nnz++;
          p = valueEnd;
          continue;
        }
      }
      int colon = -1;
      while (p < e && !isSpace(b[p]) && b[p] != '#') {
        if (b[p] == ':' && colon < 0) {
          colon = p;
        }
        p++;
      }
      if (colon < 0) {
        throw error(ts, p, "expected index:value (missing ':')");
      }
      long raw = Numbers.parseIndex(b, ts, colon);
      if (raw < 0) {
        throw error(ts, p, raw == Numbers.NEGATIVE ? "negative feature index"
            : raw == Numbers.TOO_LARGE ? "feature index too large"
            : "feature index is not a non-negative integer");
      }
      if (raw < indexBase) {
        throw error(ts, p, "feature index 0 in a 1-based file (indices start at 1; read with zeroBased)");
      }
      if (raw - indexBase >= Integer.MAX_VALUE) {
        // d = index + 1 must be an int too (a 0-based 2147483647 made d overflow to -2147483648)
        throw error(ts, p, "feature index too large");
      }
      int index = (int) (raw - indexBase);
      float value = Numbers.parseFloat(b, colon + 1, p);
      if (!Float.isFinite(value)) {
        throw error(ts, p, Numbers.floatProblem(b, colon + 1, p));
      }
      if (declaredFeatures >= 0 && index >= declaredFeatures) {
        if (value == 0f) {
          continue; // an explicit zero carries nothing (the writer's "1:0" for an empty example, even when d = 0)
        }
        throw error(ts, p, "feature index beyond the declared " + declaredFeatures + " features");
      }
      if (nnz == indices.length) {
        indices = Arrays.copyOf(indices, nnz * 2);
        values = Arrays.copyOf(values, nnz * 2);
      }
      if (index <= previous) {
        sorted = false;
      }
      previous = index;
      indices[nnz] = index;
      values[nnz] = value;
      nnz++;
    }
    if (!sorted) {
      sortEntries(nnz);
    }
    nnz = dropZeros(nnz);
    x.reset(indices, values, 0, nnz);
    y.reset(labels, 0, numLabels);
    return true;
  }

  private void sortEntries(int nnz) throws DataFormatException {
    int duplicate = sorter.sort(indices, values, nnz);
    if (duplicate >= 0) {
      throw new DataFormatException(in.file(), in.line,
          "duplicate feature index " + (indices[duplicate] + indexBase) + " (each index may appear once per line)");
    }
  }

  private int dropZeros(int nnz) {
    int m = 0;
    for (int k = 0; k < nnz; k++) {
      if (values[k] != 0f) {
        indices[m] = indices[k];
        values[m] = values[k];
        m++;
      }
    }
    return m;
  }

  private int parseLabels(byte[] b, int s, int e) throws DataFormatException {
    int n = 0;
    int p = s;
    boolean sorted = true;
    while (true) {
      int ts = p;
      while (p < e && b[p] != ',') {
        p++;
      }
      long raw = Numbers.parseIndex(b, ts, p);
      if (raw < 0) {
        throw error(ts, p, raw == Numbers.NEGATIVE ? "negative label (labels are non-negative integers)"
            : raw == Numbers.TOO_LARGE ? "label too large"
            : "label is not a non-negative integer (expected l1,l2,... or index:value)");
      }
      if (declaredLabels >= 0 && raw >= declaredLabels) {
        throw error(ts, p, "label beyond the declared " + declaredLabels + " labels");
      }
      if (deferFarLabels && declaredLabels < 0 && raw >= FAR_LABEL) {
        farLabelSeen = true;
      } else if (raw > maxLabel) {
        if (declaredLabels < 0 && raw >= FAR_LABEL && raw > FAR_FACTOR * (maxLabel + 1)) {
          throw error(ts, p, "label id " + raw + " is far beyond the others ("
              + (maxLabel < 0 ? "no label before it" : "max so far " + maxLabel)
              + "); if it is right, give the number of labels explicitly (--num-labels, ReadOptions.withNumLabels)");
        }
        maxLabel = raw;
      }
      if (n == labels.length) {
        labels = Arrays.copyOf(labels, n * 2);
      }
      if (n > 0 && raw <= labels[n - 1]) {
        sorted = false;
      }
      labels[n++] = (int) raw;
      if (p == e) {
        break;
      }
      p++;
    }
    if (!sorted) {
      Arrays.sort(labels, 0, n);
      for (int k = 1; k < n; k++) {
        if (labels[k] == labels[k - 1]) {
          throw error(s, e, "duplicate label " + labels[k]);
        }
      }
    }
    return n;
  }

  private DataFormatException error(int s, int e, String problem) {
    return new DataFormatException(in.file(), in.line, "token " + Numbers.quote(Numbers.token(in.buf, s, e)) + ": " + problem);
  }

  /** The 1-based number of the line of the current example (after {@link #advance()} returned true). */
  @Override
  public long lineNumber() {
    return in.line;
  }

  /** Bytes of (decompressed) text consumed so far; for throughput reports. */
  public long bytesRead() {
    return in.bytesRead();
  }

  @Override
  public SparseVector features() {
    return x;
  }

  @Override
  public LabelSet labels() {
    return y;
  }

  /** The declared number of labels, or -1 (LIBSVM files do not declare it). */
  @Override
  public int numLabels() {
    return declaredLabels;
  }

  /** The declared number of features, or -1 (LIBSVM files do not declare it). */
  @Override
  public int numFeatures() {
    return declaredFeatures;
  }

  /**
   * The digest of the file as read ({@link ReadOptions#withInputHashing}); empty without hashing.
   *
   * @throws IllegalStateException if hashing but not yet at the end of the file
   */
  @Override
  public List<InputDigest> inputDigests() {
    return in.digests(null);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }
}
