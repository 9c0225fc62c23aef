package org.altml.sparse.io.arff;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 * Streams a Mulan or MEKA multi-label ARFF file: the header is read when the stream opens, then one
 * example per data row, without loading the file whole.
 *
 * <p><b>Header.</b> {@code @relation}, {@code @attribute} and {@code @data} in any case; names bare or
 * quoted with {@code '} or {@code "} and backslash escapes ({@code 'Swainson\'s Thrush'}); {@code %}
 * starts a comment in header lines and data lines that start with it, after a sparse row's closing brace, and after a
 * dense row's value when a space or tab comes before it ({@code 1.5,0,1 % note}; a {@code %} inside a bare value,
 * {@code a%b}, is part of it, as a header declares such values). Types: {@code numeric},
 * {@code real}, {@code integer}, nominal {@code {v1,v2,...}}; {@code string} and {@code date} attributes
 * are accepted only when skipped with {@link ReadOptions#withIgnoredAttributes} (by name or 1-based
 * position), otherwise the file is rejected; {@code relational} and unknown types are errors.
 *
 * <p><b>Nominal values</b> map to numbers by this rule, per attribute: if every declared value is a
 * number, each value maps to its number (so birds' {@code location {2,10,1,...}} keeps 2, 10, 1 and
 * {@code {0,1}} maps "1" to 1); else if the declared values are all yes/no or all true/false (any case),
 * yes/true map to 1 and no/false to 0 (genbase's {@code {YES,NO}}); else each value maps to its
 * declaration index 0, 1, 2, ... A value that is not declared is an error.
 *
 * <p><b>Labels.</b> Which attributes are labels is decided in this order: an explicit XML file
 * ({@link ReadOptions#labelFile()}); an explicit count ({@link ReadOptions#labelsFirst()} or
 * {@link ReadOptions#labelsLast()}); the Mulan XML file beside the ARFF file
 * ({@link MulanLabels#findBeside}); names given by the caller ({@link ReadOptions#labelNames()}: a saved model's
 * labels); MEKA's {@code -C N} in the relation name (labels are the first N
 * attributes, or the last |N| when negative; the XML wins because {@code -C} may be stale, with a warning when they
 * differ; a {@code -C} alone gets a warning when it may be stale: {@link MekaCount}). With none of
 * these the file is rejected. Label attributes may be anywhere in the attribute list; label ids follow
 * the XML order (or attribute order for counts), features are the remaining attributes in order. XML
 * names are matched against the unquoted attribute names; a name that is not an attribute is an error.
 * A label attribute must be binary: nominal values that map to 0 and 1, or a numeric attribute whose
 * values are 0 or 1; the value 1 means relevant.
 *
 * <p><b>Rows.</b> Dense rows give one value per attribute (a different count is an error). Sparse rows
 * {@code {i v, j w, ...}} give 0-based indices into the full attribute list, each at most once; an
 * omitted attribute takes its first declared value for nominal attributes (0 for {@code {0,1}}) and 0
 * for numeric ones. Missing values {@code ?} are an error (impute or remove them first). Zero feature
 * values are not stored; NaN and infinite values are errors. Instance weights are not supported.
 *
 * <p>Every problem raises a {@link DataFormatException} naming the file, the 1-based line, the token
 * where useful and what was expected. Data rows are parsed on the bytes of a reused buffer; the features
 * and labels handed out are valid until the next {@link #advance()}. Not thread-safe.
 */
public final class ArffReader implements ExampleStream {
  private final LineInput in;
  private final ArffHeader header;
  private final ArffAttribute[] attributes;
  private final int[] featureOf;
  private final int[] labelOf;
  private final boolean[] ignored;
  /** Attributes whose values take the one-pass numeric fast path: numeric and not ignored. */
  private final boolean[] fastNumeric;
  private final int[] nonZeroDefaults;
  private final int[] seen;
  private final int numFeatures;
  /** Where the one-pass numeric path leaves a value ({@link Numbers#scanFloat(byte[], int, int, float[], int)}). */
  private final float[] scanned = new float[1];
  private final int numLabels;
  private final List<String> labelNames;
  private final List<String> featureNames;
  private final SparseVector x = new SparseVector();
  private final LabelSet y = new LabelSet();
  private int stamp;
  private int[] indices = new int[256];
  private float[] values = new float[256];
  private final EntrySorter sorter = new EntrySorter();
  private int[] labels = new int[16];
  private int nnz;
  private int numRelevant;
  private int lastFeature;
  private boolean sorted;
  private boolean closed;

  /** The digest of the label file read, or null (none read, or no hashing). */
  private final InputDigest xmlDigest;
  /** Added to errors about a label attribute: where the labels came from when that may be wrong ({@link MekaCount#staleHint}). */
  private final String labelHint;
  /** The check of a MEKA -C that alone decided the labels, over the data; null when there is none (or it is done). */
  private MekaCount meka;

  private ArffReader(LineInput in, Path file, ReadOptions options) throws IOException {
    this.in = in;
    this.header = ArffHeader.read(in);
    int n = header.attributes.size();
    this.attributes = header.attributes.toArray(new ArffAttribute[0]);
    ArffColumns columns = ArffColumns.decide(header, attributes, in.file(), file, options);
    this.ignored = columns.ignored;
    this.labelOf = columns.labelOf;
    List<String> names = columns.labelNames;
    this.xmlDigest = columns.xmlDigest;
    this.labelHint = columns.labelHint;
    this.meka = columns.meka;
    this.featureOf = new int[n];
    List<String> featureNames = new ArrayList<>();
    int features = 0;
    List<Integer> defaults = new ArrayList<>();
    for (int a = 0; a < n; a++) {
      ArffAttribute attr = attributes[a];
      featureOf[a] = -1;
      if (ignored[a]) {
        continue;
      }
      if (attr.kind == ArffAttribute.Kind.STRING || attr.kind == ArffAttribute.Kind.DATE) {
        throw new DataFormatException(in.file(), 0, attr.kind.name().toLowerCase(Locale.ROOT)
            + " attribute " + Numbers.quote(attr.name) + " (attribute " + (a + 1) + ") cannot be a "
            + (labelOf[a] >= 0 ? "label" : "feature") + ": ignore it (--ignore-attributes "
            + (ArffWriter.quote(attr.name).equals(attr.name) && attr.name.indexOf(',') < 0 ? attr.name : Integer.toString(a + 1))
            + ", ReadOptions.withIgnoredAttributes)" + (labelOf[a] >= 0 ? labelHint : ""));
      }
      if (labelOf[a] >= 0) {
        if (attr.kind == ArffAttribute.Kind.NOMINAL) {
          for (float v : attr.mapped) {
            if (v != 0f && v != 1f) {
              throw new DataFormatException(in.file(), 0, "label attribute " + Numbers.quote(attr.name)
                  + " is not binary: declared " + attr.declaredForMessage() + ", expected values 0 and 1" + labelHint);
            }
          }
        }
      } else {
        featureOf[a] = features++;
        featureNames.add(attr.name);
      }
      if (attr.sparseDefault() != 0f) {
        defaults.add(a);
      }
    }
    this.fastNumeric = new boolean[n];
    for (int a = 0; a < n; a++) {
      fastNumeric[a] = !ignored[a] && attributes[a].kind == ArffAttribute.Kind.NUMERIC;
    }
    this.nonZeroDefaults = defaults.stream().mapToInt(Integer::intValue).toArray();
    this.seen = new int[n];
    if (options.numFeatures() >= 0 && options.numFeatures() < features) {
      throw new DataFormatException(in.file(), 0, "the file has " + features + " features, more than the declared " + options.numFeatures());
    }
    if (options.numLabels() >= 0 && options.numLabels() < names.size()) {
      throw new DataFormatException(in.file(), 0, "the file has " + names.size() + " labels, more than the declared " + options.numLabels());
    }
    this.numFeatures = Math.max(features, options.numFeatures());
    this.numLabels = Math.max(names.size(), options.numLabels());
    this.labelNames = org.altml.sparse.data.IndexNames.padded(List.copyOf(names), numLabels);
    this.featureNames = featureNames.size() == numFeatures ? List.copyOf(featureNames) : List.of();
    if (columns.xmlOverridesMeka != null) {
      options.warnings().accept(columns.xmlOverridesMeka);
    }
    PositionalNominals.warn(in.file(), attributes, featureOf, options.warnings());
  }

  /**
   * Opens {@code file} (gzip detected by its magic bytes; {@code "-"} is standard input, for which no XML
   * file is looked for), reads its header and decides its labels.
   *
   * @throws DataFormatException if the header or the label information is invalid
   */
  public static ArffReader open(Path file, ReadOptions options) throws IOException {
    return over(Inputs.lines(file, options), file, options);
  }

  /**
   * Opens a stream over {@code in} (plain or gzip); {@code fileName} is used in messages. No XML file
   * is looked for: give the labels in {@code options} or by MEKA's {@code -C}. Takes ownership of
   * {@code in}.
   */
  public static ArffReader open(InputStream in, String fileName, ReadOptions options) throws IOException {
    return over(Inputs.lines(in, fileName, options), null, options);
  }

  /**
   * A stream over lines already opened; {@code file} is where to look for the XML beside (null or
   * {@code "-"}: nowhere). Closes {@code in} when the header or labels are invalid. For the format dispatch
   * ({@link org.altml.sparse.io.files.DataFiles}); {@link LineInput} is internal to this module.
   */
  @SuppressWarnings("exports") // LineInput is internal: only this module can call it
  public static ArffReader over(LineInput in, Path file, ReadOptions options) throws IOException {
    try {
      return new ArffReader(in, file == null || InputNames.isStandardInput(file) ? null : file, options);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** Reads the whole file into a dataset named after the file, with the label and feature names. */
  public static Dataset read(Path file, ReadOptions options) throws IOException {
    try (ArffReader reader = open(file, options)) {
      return Inputs.load(reader, InputNames.datasetName(file), options, reader.labelNames(), reader.featureNames());
    }
  }

  /** The relation name of the header. */
  public String relation() {
    return header.relation;
  }

  /**
   * Label names, one per label id (XML order, or attribute order for counts); the labels a declared L adds beyond the
   * file's are named by their index, with leading underscores where the file already has that name.
   */
  public List<String> labelNames() {
    return labelNames;
  }

  /**
   * Feature names, one per feature: the names of the attributes that are neither labels nor ignored, in
   * file order (empty when more features are declared than the file has).
   */
  public List<String> featureNames() {
    return featureNames;
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
  public boolean advance() throws IOException {
    if (closed) {
      return false;
    }
    while (in.next()) {
      if (parseRow()) {
        return true;
      }
    }
    if (meka != null) {
      meka.end();
      meka = null;
    }
    return false;
  }

  /** Parses the current line of the input (one fed by {@link org.altml.sparse.io.files.RecordParser}); false for a blank or comment line. */
  public boolean parseCurrent() throws DataFormatException {
    return parseRow();
  }

  /** The input, for {@link org.altml.sparse.io.files.RecordParser}. */
  @SuppressWarnings("exports") // LineInput is internal: only this module can call it
  public LineInput input() {
    return in;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\r';
  }

  private static int skipSpace(byte[] b, int p, int e) {
    while (p < e && isSpace(b[p])) {
      p++;
    }
    return p;
  }

  private boolean parseRow() throws DataFormatException {
    final byte[] b = in.buf;
    final int e = in.end;
    int p = skipSpace(b, in.start, e);
    if (p == e || b[p] == '%') {
      return false;
    }
    nnz = 0;
    numRelevant = 0;
    lastFeature = -1;
    sorted = true;
    if (b[p] == '{') {
      parseSparse(b, p + 1, e);
    } else {
      parseDense(b, p, e);
    }
    if (!sorted) {
      sorter.sort(indices, values, nnz); // repeated attributes were rejected while parsing
    }
    for (int k = 1; k < numRelevant; k++) {
      int v = labels[k];
      int j = k - 1;
      while (j >= 0 && labels[j] > v) {
        labels[j + 1] = labels[j];
        j--;
      }
      labels[j + 1] = v;
    }
    x.reset(indices, values, 0, nnz);
    y.reset(labels, 0, numRelevant);
    if (meka != null) {
      meka.endExample(numRelevant);
    }
    return true;
  }

  private void parseDense(byte[] b, int p, int e) throws DataFormatException {
    int n = attributes.length;
    int a = 0;
    while (true) {
      p = skipSpace(b, p, e);
      if (a == n) {
        int found = n + 1;
        for (int i = p; i < e && !(b[i] == '%' && isSpace(b[i - 1])); i++) { // not the commas of a trailing comment
          if (b[i] == ',') {
            found++;
          }
        }
        throw new DataFormatException(in.file(), in.line, "expected " + n + " values, found " + found);
      }
      p = value(b, p, e, a, false);
      a++;
      p = skipSpace(b, p, e);
      if (p == e || b[p] == '%') { // the row's end, or a comment to its end (value() stops only at " %")
        break;
      }
      if (b[p] != ',') {
        throw error(p, Math.min(e, p + 20), "expected ',' between values");
      }
      p++;
    }
    if (a != n) {
      throw new DataFormatException(in.file(), in.line, "expected " + n + " values, found " + a);
    }
  }

  private void parseSparse(byte[] b, int p, int e) throws DataFormatException {
    int n = attributes.length;
    if (++stamp == Integer.MAX_VALUE) {
      Arrays.fill(seen, 0);
      stamp = 1;
    }
    p = skipSpace(b, p, e);
    if (p < e && b[p] == '}') {
      p++;
    } else {
      while (true) {
        p = skipSpace(b, p, e);
        int ts = p;
        long raw = 0;
        // the index is accumulated while scanning (one pass); at 10 digits or more parseIndex decides
        while (p < e && b[p] >= '0' && b[p] <= '9') {
          raw = raw * 10 + (b[p] - '0');
          p++;
          if (p - ts == 10) {
            while (p < e && b[p] >= '0' && b[p] <= '9') {
              p++;
            }
            raw = Numbers.parseIndex(b, ts, p);
            break;
          }
        }
        if (p == ts) {
          int te = ts;
          while (te < e && !isSpace(b[te]) && b[te] != ',' && b[te] != '}') {
            te++;
          }
          throw error(ts, te, "expected a non-negative attribute index in a sparse row");
        }
        if (raw < 0 || raw >= n) {
          throw error(ts, p, "sparse index out of range [0, " + n + ")");
        }
        int a = (int) raw;
        if (p == e || !isSpace(b[p])) {
          throw error(ts, Math.min(e, p + 1), "expected a space between the attribute index and its value");
        }
        if (seen[a] == stamp) {
          throw error(ts, p, "attribute index given twice in a sparse row");
        }
        seen[a] = stamp;
        p = value(b, skipSpace(b, p, e), e, a, true);
        p = skipSpace(b, p, e);
        if (p < e && b[p] == ',') {
          p++;
        } else if (p < e && b[p] == '}') {
          p++;
          break;
        } else {
          throw error(p, Math.min(e, p + 20), p == e ? "unterminated sparse row (missing '}')" : "expected ',' or '}' in a sparse row");
        }
      }
    }
    p = skipSpace(b, p, e);
    if (p < e && b[p] != '%') {
      throw error(p, e, "unexpected text after '}' (instance weights are not supported)");
    }
    for (int a : nonZeroDefaults) {
      if (seen[a] != stamp) {
        accept(a, attributes[a].sparseDefault(), 0, 0);
      }
    }
  }

  /** Parses the value of attribute {@code a} at {@code p}; returns the position after it. */
  private int value(byte[] b, int p, int e, int a, boolean sparse) throws DataFormatException {
    if (p < e && (b[p] == '\'' || b[p] == '"')) {
      byte quote = b[p];
      StringBuilder sb = new StringBuilder();
      int ts = p;
      p++;
      int runStart = p;
      while (true) {
        if (p >= e) {
          throw error(ts, e, "unterminated quoted value");
        }
        byte c = b[p];
        if (c == quote) {
          sb.append(new String(b, runStart, p - runStart, StandardCharsets.UTF_8));
          p++;
          break;
        }
        if (c == '\\' && p + 1 < e) {
          sb.append(new String(b, runStart, p - runStart, StandardCharsets.UTF_8));
          byte n = b[p + 1];
          sb.append(n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : (char) n);
          p += 2;
          runStart = p;
          continue;
        }
        p++;
      }
      if (!ignored[a]) {
        byte[] v = sb.toString().getBytes(StandardCharsets.UTF_8);
        handle(a, v, 0, v.length, ts, p, true);
      }
      return p;
    }
    if (fastNumeric[a]) {
      // one pass: parse the number where it stands and check what follows it; anything the fast path
      // does not take ('?', a word, an exponent it cannot round exactly, a missing delimiter) falls
      // through to the general path below, which re-scans the token and gives the same value or error
      int end = Numbers.scanFloat(b, p, e, scanned, 0);
      if (end != Numbers.NO_FAST_END) {
        int q = skipSpace(b, end, e);
        if (q == e || b[q] == ',' || (sparse ? b[q] == '}' : b[q] == '%' && q > end)) {
          accept(a, scanned[0], p, end);
          return q;
        }
      }
    }
    int ts = p;
    if (sparse) {
      while (p < e && b[p] != ',' && b[p] != '}') {
        p++;
      }
    } else {
      // an unquoted dense value ends at a comment too: a '%' after a space or tab (a%b is a value, as declared)
      while (p < e && b[p] != ',' && !(b[p] == '%' && p > ts && isSpace(b[p - 1]))) {
        p++;
      }
    }
    int te = p;
    while (te > ts && isSpace(b[te - 1])) {
      te--;
    }
    if (!ignored[a]) {
      handle(a, b, ts, te, ts, te, false);
    }
    return p;
  }

  private void handle(int a, byte[] v, int s, int e, int ts, int te, boolean quoted) throws DataFormatException {
    ArffAttribute attr = attributes[a];
    if (!quoted && e - s == 1 && v[s] == '?') {
      // a label unknown ('?', Weka's unlabelled instance) says what to write: predicting does not read the labels
      throw error(ts, te, "missing value '?' for " + (labelOf[a] >= 0 ? "label attribute " : "attribute ") + Numbers.quote(attr.name)
          + " (missing values are not supported" + (labelOf[a] >= 0 ? "; for data whose labels are unknown, to be predicted,"
          + " write 0: predicting does not read them" : "") + ")");
    }
    float value;
    if (attr.kind == ArffAttribute.Kind.NUMERIC) {
      value = Numbers.parseFloat(v, s, e);
      if (!Float.isFinite(value)) {
        throw error(ts, te, Numbers.floatProblem(v, s, e) + " (attribute " + Numbers.quote(attr.name) + " is numeric)");
      }
    } else {
      int k = attr.lookup(v, s, e);
      if (k < 0) {
        throw error(ts, te, "value not declared for nominal attribute " + Numbers.quote(attr.name)
            + " " + attr.declaredForMessage());
      }
      value = attr.mapped[k];
    }
    accept(a, value, ts, te);
  }

  private void accept(int a, float value, int ts, int te) throws DataFormatException {
    if (meka != null) {
      meka.value(a, value);
    }
    int feature = featureOf[a];
    if (feature >= 0) {
      if (value == 0f) {
        return;
      }
      if (nnz == indices.length) {
        indices = Arrays.copyOf(indices, nnz * 2);
        values = Arrays.copyOf(values, nnz * 2);
      }
      if (feature <= lastFeature) {
        sorted = false;
      }
      lastFeature = feature;
      indices[nnz] = feature;
      values[nnz] = value;
      nnz++;
      return;
    }
    int label = labelOf[a];
    if (value == 1f) {
      if (numRelevant == labels.length) {
        labels = Arrays.copyOf(labels, numRelevant * 2);
      }
      labels[numRelevant++] = label;
    } else if (value != 0f) {
      throw error(ts, te, "label attribute " + Numbers.quote(attributes[a].name) + " must be 0 or 1" + labelHint);
    }
  }

  private DataFormatException error(int s, int e, String problem) {
    return new DataFormatException(in.file(), in.line, "token " + Numbers.quote(Numbers.token(in.buf, s, e)) + ": " + problem);
  }

  @Override
  public SparseVector features() {
    return x;
  }

  @Override
  public LabelSet labels() {
    return y;
  }

  /** Number of labels L, known from the header and the label information. */
  @Override
  public int numLabels() {
    return numLabels;
  }

  /** Number of features d, known from the header (attributes that are neither labels nor ignored). */
  @Override
  public int numFeatures() {
    return numFeatures;
  }

  /**
   * The digests of the label file (when one was read) and of the data file, as read
   * ({@link ReadOptions#withInputHashing}); empty without hashing.
   *
   * @throws IllegalStateException if hashing but not yet at the end of the file
   */
  @Override
  public List<InputDigest> inputDigests() {
    return in.digests(xmlDigest);
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }
}
