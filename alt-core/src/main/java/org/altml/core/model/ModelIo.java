package org.altml.core.model;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.learner.CorruptStateException;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.files.DataFiles;

/**
 * Saves and loads models of every learner kind, as Lucene frames its codec files: a header, a body
 * written by the learner kind's own {@link ModelCodec} (found by name in {@link LearnerRegistry}, so this
 * class knows no learner), and a checksum footer computed while streaming. The stream methods serve
 * checkpoints and byte arrays (a streaming engine's state); the file methods wrap them with an atomic
 * write and a length check.
 *
 * <p>Format version 4, big-endian ({@link java.io.DataOutputStream} conventions, strings in modified UTF-8):
 * <pre>
 *   8 bytes  magic "ALTMODEL"
 *   int      format version (3)
 *   UTF      learner name (a {@link LearnerSpec#name()})
 *   int      codec version ({@link ModelCodec#version()})
 *   int      L, int d (of the training data; 0 when unknown)
 *   int n, n × (UTF name, UTF value)   the settings ({@link Settings#asText()})
 *   int n, n × (UTF key, UTF value)    provenance
 *   L × UTF  label names
 *   scaler   the feature scaling and its statistics ({@link FeatureScaler#write})
 *   boolean  open; when true, the vocabulary ({@link org.altml.sparse.open.Vocabulary#write}) (version 4 on)
 *   body     the codec's state
 *   int      CRC32 of every preceding byte
 *   long     number of bytes before this footer
 * </pre>
 * Every size is checked against the bytes that remain before anything is allocated, so a corrupt or crafted
 * file fails with a {@link ModelFormatException} naming it, not with an {@link OutOfMemoryError}; and against
 * the heap, so a valid model too large for this JVM fails with an
 * {@link org.altml.sparse.InsufficientMemoryException} saying how much it needs. Version 2 files (the linear
 * learners' format before the registry) are still read. Files are read in one pass, so {@code "-"}
 * (standard input) and FIFOs work.
 */
public final class ModelIo {
  /** The 8-byte magic number at the start of every model file. */
  public static final String MAGIC = "ALTMODEL";
  /** The format version this class writes. */
  public static final int FORMAT_VERSION = 4;

  private static final byte[] MAGIC_BYTES = MAGIC.getBytes(StandardCharsets.US_ASCII);
  private static final int FOOTER_BYTES = Integer.BYTES + Long.BYTES;
  private static final int MAX_UTF = 65535 / 3;

  private ModelIo() {}

  /**
   * Saves {@code model} to {@code file}, replacing it atomically (a crash never leaves a half-written model
   * under the target name).
   *
   * @throws IllegalArgumentException if a name is too long
   * @throws org.altml.core.learner.DivergenceException if the model holds a non-finite value (nothing is written)
   * @throws IOException if writing fails; the target file is then left as it was
   */
  public static void write(SavedModel model, Path file) throws IOException {
    try (AtomicOutput output = AtomicOutput.create(file)) {
      write(model, output.stream());
      output.commit();
    }
  }

  /**
   * Saves {@code learner} with label names (or null) and no preprocessing; see {@link #write(SavedModel, Path)}. A
   * learner trained on scaled features is saved with its scaling by {@code write(SavedModel.of(result, train), file)}.
   */
  public static void write(OnlineMultiLabelLearner learner, List<String> labelNames, Path file) throws IOException {
    write(new SavedModel(learner, labelNames, 0, FeatureScaler.of(org.altml.core.eval.FeatureScaling.NONE), Map.of()),
        file);
  }

  /**
   * Writes {@code model} to {@code out} (flushed, not closed): header, body, footer.
   *
   * @throws IllegalArgumentException if a name is too long
   * @throws org.altml.core.learner.DivergenceException if the model holds a non-finite value (nothing is written)
   */
  public static void write(SavedModel model, OutputStream out) throws IOException {
    OnlineMultiLabelLearner learner = model.learner();
    learner.checkFinite();
    LearnerSpec spec = learner.spec();
    ModelCodec codec = spec.codec();
    CheckedOutputStream checked = new CheckedOutputStream(out, new CRC32());
    StateOutput s = new StateOutput(checked);
    s.write(MAGIC_BYTES);
    s.writeInt(FORMAT_VERSION);
    s.writeUTF(spec.name());
    s.writeInt(codec.version());
    s.writeInt(learner.numLabels());
    s.writeInt(model.numFeatures());
    // as run: an M factor is written as the M it resolved to on L, as learners reported their settings until they kept
    // them as given (model files stay as they were)
    // (an open learner keeps its M factor, which it resolves again as its labels grow: docs/spec.md#open-labels)
    writeMap(s, learner.growsLabels() && model.isOpen() ? learner.settings().asText()
        : org.altml.core.learner.CommonParameters.asRun(learner.settings(), learner.numLabels()).asText());
    writeMap(s, model.provenance());
    for (String name : model.labelNames()) {
      writeString(s, name, "label name");
    }
    model.scaler().write(s);
    s.writeBoolean(model.isOpen());
    if (model.isOpen()) {
      model.vocabulary().write(s);
    }
    codec.write(learner, s);
    s.flush();
    long length = s.size();
    s.writeInt((int) checked.getChecksum().getValue());
    s.writeLong(length);
    s.flush();
  }

  /** The bytes of {@code model} ({@link #write(SavedModel, OutputStream)}), for checkpoints. */
  public static byte[] toBytes(SavedModel model) throws IOException {
    ChunkedBytes bytes = new ChunkedBytes();
    write(model, bytes);
    return bytes.toByteArray();
  }

  /**
   * Bytes collected in chunks of 1 MiB and joined once at the end: a large model is copied twice (into its
   * chunk, into the result), not again at every doubling of one growing array. No size is guessed up front
   * (a learner's memory is no guide: a random-feature map's Ω is counted there and regenerated, not written).
   */
  private static final class ChunkedBytes extends OutputStream {
    private static final int CHUNK = 1 << 20;
    private final List<byte[]> full = new ArrayList<>();
    private byte[] chunk = new byte[CHUNK];
    private int used;

    @Override
    public void write(int b) {
      if (used == CHUNK) {
        next();
      }
      chunk[used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      while (len > 0) {
        if (used == CHUNK) {
          next();
        }
        int n = Math.min(len, CHUNK - used);
        System.arraycopy(b, off, chunk, used, n);
        used += n;
        off += n;
        len -= n;
      }
    }

    private void next() {
      full.add(chunk);
      chunk = new byte[CHUNK];
      used = 0;
    }

    byte[] toByteArray() {
      long size = (long) full.size() * CHUNK + used;
      if (size > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException("the model takes " + size + " bytes, more than one byte array holds");
      }
      byte[] out = new byte[(int) size];
      int at = 0;
      for (byte[] c : full) {
        System.arraycopy(c, 0, out, at, CHUNK);
        at += CHUNK;
      }
      System.arraycopy(chunk, 0, out, at, used);
      return out;
    }
  }

  /** Loads a model from bytes written by {@link #toBytes}. */
  public static SavedModel fromBytes(byte[] bytes, String source) throws IOException {
    return read(new java.io.ByteArrayInputStream(bytes), bytes.length, source);
  }

  /**
   * Loads a model file ({@code "-"}: standard input): one pass, checking the magic, version, every size
   * against the file's length (when it is a regular file; otherwise against what arrives, and nothing may
   * follow the footer), the checksum and the length in the footer.
   *
   * @throws ModelFormatException naming the file and the problem when it is not a valid model
   * @throws IOException if reading fails
   */
  public static SavedModel read(Path file) throws IOException {
    if (!DataFiles.isStandardInput(file) && Files.isDirectory(file)) {
      throw new java.nio.file.FileSystemException(file.toString(), null, "is a folder, not a model file");
    }
    boolean regular = !DataFiles.isStandardInput(file) && Files.isRegularFile(file);
    try (InputStream in = DataFiles.openBytes(file)) {
      return read(in, regular ? Files.size(file) : Long.MAX_VALUE, DataFiles.displayName(file), !regular);
    }
  }

  /**
   * Loads a model of {@code length} bytes from {@code in} (not closed; {@code length} is
   * {@link Long#MAX_VALUE} when unknown, and then sizes are checked against what arrives). With a known length
   * exactly that many bytes are read, so the stream goes on after the model (several models, or other data, in
   * one stream); with an unknown length the stream is read ahead through a buffer and is used up.
   *
   * @param source the name of the file or stream, for messages
   * @throws ModelFormatException naming {@code source} and the problem
   */
  public static SavedModel read(InputStream in, long length, String source) throws IOException {
    java.util.Objects.requireNonNull(in, "in");
    return read(in, length, source, false);
  }

  /** As {@link #read(InputStream, long, String)}; {@code requireEnd}: nothing may follow the footer. */
  private static SavedModel read(InputStream in, long length, String source, boolean requireEnd) throws IOException {
    if (length < MAGIC_BYTES.length + Integer.BYTES + FOOTER_BYTES && length != Long.MAX_VALUE) {
      throw new ModelFormatException(source, "too short to be an ALT model file (" + length + " bytes)");
    }
    CRC32 crc = new CRC32();
    InputStream bounded = length == Long.MAX_VALUE ? in : new Bounded(in, length);
    CheckedInputStream checked = new CheckedInputStream(new BufferedInputStream(bounded, 1 << 16), crc);
    long limit = length == Long.MAX_VALUE ? Long.MAX_VALUE : length - FOOTER_BYTES;
    StateInput s = new StateInput(checked, limit, source);
    try {
      byte[] magic = new byte[MAGIC_BYTES.length];
      s.readFully(magic);
      if (!Arrays.equals(magic, MAGIC_BYTES)) {
        throw new ModelFormatException(source, "not an ALT model file (bad magic number)");
      }
      int version = s.readInt();
      if (version == 2) {
        return LegacyModelFormat.read(s, crc, length, source);
      }
      if (version != 3 && version != FORMAT_VERSION) {
        throw new ModelFormatException(source, "unsupported model format version " + version
            + " (this build reads versions 2, 3 and " + FORMAT_VERSION + "; a newer ALT wrote it)");
      }
      SavedModel model = readBody(s, source, version);
      long bytes = s.position();
      int expected = (int) crc.getValue();
      // the footer lies past the state's limit: read it from the checked stream directly
      java.io.DataInputStream footer = new java.io.DataInputStream(checked);
      int stored = footer.readInt();
      long storedLength = footer.readLong();
      checkChecksum(stored, expected, source);
      if (storedLength != bytes || (length != Long.MAX_VALUE && length != bytes + FOOTER_BYTES) || (requireEnd && checked.read() >= 0)) {
        throw new ModelFormatException(source, "has extra bytes after the model (" + bytes + " bytes of model, footer says "
            + storedLength + (length == Long.MAX_VALUE ? ", more bytes after the footer)" : ", " + length + " in all)"));
      }
      return model;
    } catch (EOFException e) {
      throw new ModelFormatException(source, "truncated: ended inside the model", e);
    } catch (ModelFormatException e) {
      throw e;
    } catch (CorruptStateException e) {
      throw new ModelFormatException(source, e.problem(), e);
    } catch (java.io.UTFDataFormatException e) {
      throw new ModelFormatException(source, "a name is not valid modified UTF-8", e);
    }
  }

  /** At most {@code remaining} bytes of a stream, which is not closed: the buffer above never reads past a model. */
  private static final class Bounded extends java.io.FilterInputStream {
    private long remaining;

    Bounded(InputStream in, long remaining) {
      super(in);
      this.remaining = remaining;
    }

    @Override
    public int read() throws IOException {
      if (remaining <= 0) {
        return -1;
      }
      int b = in.read();
      if (b >= 0) {
        remaining--;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (remaining <= 0) {
        return -1;
      }
      int n = in.read(b, off, (int) Math.min(len, remaining));
      if (n > 0) {
        remaining -= n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = in.skip(Math.min(n, remaining));
      remaining -= skipped;
      return skipped;
    }

    @Override
    public int available() throws IOException {
      return (int) Math.min(in.available(), remaining);
    }

    @Override
    public void close() {
      // the caller's stream stays open
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }

  /** Refuses a stored checksum that differs from the computed one. */
  static void checkChecksum(int stored, int computed, String source) throws ModelFormatException {
    if (stored != computed) {
      throw new ModelFormatException(source, String.format(
          "checksum mismatch (stored %08x, computed %08x): the file is corrupt", stored, computed));
    }
  }

  /** The settings of {@code spec} from their text in a model file. */
  static Settings parseSettings(LearnerSpec spec, Map<String, String> text, String source) throws ModelFormatException {
    try {
      return Settings.parse(spec, text);
    } catch (IllegalArgumentException e) {
      throw new ModelFormatException(source, "invalid settings: " + e.getMessage(), e);
    }
  }

  private static SavedModel readBody(StateInput s, String source, int version) throws IOException {
    String name = s.readUTF();
    if (!LearnerRegistry.contains(name)) {
      throw new ModelFormatException(source, "was written for learner '" + name + "', which this build does not have"
          + " (known: " + String.join(", ", LearnerRegistry.names()) + "; is its module on the class path?)");
    }
    LearnerSpec spec = LearnerRegistry.get(name);
    int codecVersion = s.readInt();
    int numLabels = s.readInt();
    int numFeatures = s.readInt();
    if (numLabels < 0 || numFeatures < 0) { // L = 0: an open model saved before its first label
      throw new ModelFormatException(source, "bad sizes: L = " + numLabels + ", d = " + numFeatures);
    }
    Map<String, String> settingsText = readMap(s, "settings");
    Map<String, String> provenance = readMap(s, "provenance");
    // a name costs at least 2 bytes in the file and some 56 bytes (a String and its array) in the heap
    s.requireAllocation(numLabels, 2, 56, numLabels + " label names");
    List<String> names = new ArrayList<>(numLabels);
    for (int i = 0; i < numLabels; i++) {
      names.add(s.readUTF());
    }
    FeatureScaler scaler = FeatureScaler.read(s);
    org.altml.sparse.open.Vocabulary vocabulary = null;
    if (version >= 4 && s.readBoolean()) {
      try {
        vocabulary = org.altml.sparse.open.Vocabulary.read(s);
      } catch (java.io.IOException e) {
        throw e instanceof ModelFormatException ? e : new ModelFormatException(source, "bad vocabulary: " + e.getMessage(), e);
      }
    }
    if (numLabels == 0 && vocabulary == null) {
      throw new ModelFormatException(source, "bad sizes: L = 0 in a model of fixed L");
    }
    Settings settings = parseSettings(spec, settingsText, source);
    OnlineMultiLabelLearner learner;
    try {
      learner = spec.codec().read(settings, new LearnerContext(numLabels, 0, -1, 1L), s, codecVersion);
    } catch (IllegalArgumentException e) {
      throw new ModelFormatException(source, "invalid model: " + e.getMessage(), e);
    }
    if (learner.numLabels() != numLabels) {
      throw new ModelFormatException(source, "the " + name + " body has " + learner.numLabels() + " labels, the header " + numLabels);
    }
    try {
      return new SavedModel(learner, names, numFeatures, scaler, provenance, vocabulary);
    } catch (IllegalArgumentException e) {
      throw new ModelFormatException(source, "invalid model: " + e.getMessage(), e);
    }
  }

  private static void writeMap(StateOutput s, Map<String, String> map) throws IOException {
    s.writeInt(map.size());
    for (Map.Entry<String, String> e : map.entrySet()) {
      writeString(s, e.getKey(), "key");
      writeString(s, e.getValue(), "value of " + e.getKey());
    }
  }

  private static void writeString(StateOutput s, String text, String what) throws IOException {
    if (text == null) {
      throw new IllegalArgumentException(what + " is null");
    }
    if (text.length() > MAX_UTF) {
      throw new IllegalArgumentException(what + " longer than " + MAX_UTF + " characters");
    }
    s.writeUTF(text);
  }

  private static Map<String, String> readMap(StateInput s, String what) throws IOException {
    int n = s.readInt();
    s.requireAllocation(n, 4, 160, what);
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      map.put(s.readUTF(), s.readUTF());
    }
    return map;
  }
}
