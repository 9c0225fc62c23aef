package org.altml.core.model;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import org.altml.core.baseline.PaBinaryRelevance;
import org.altml.core.baseline.PaConfig;
import org.altml.core.learner.Scores;
import org.altml.core.linear.Falt;
import org.altml.core.linear.FaltConfig;
import org.altml.core.linear.LearnerOptions;
import org.altml.core.linear.LinearLearner;
import org.altml.core.linear.Precision;
import org.altml.core.linear.Salt;
import org.altml.core.linear.SaltConfig;
import org.altml.core.linear.WeightMatrix;
import org.altml.sparse.io.AtomicOutput;

/**
 * Saves and loads linear learners (FALT, SALT, PA-I, PA-II) as versioned binary model files.
 *
 * <p>Format version 2, big-endian ({@link DataOutputStream} conventions, strings in modified UTF-8):
 * <pre>
 *   8 bytes  magic "ALTMODEL"
 *   int      format version (2)
 *   long     total file length in bytes (detects truncation before anything else is parsed)
 *   UTF      learner name: falt | salt | pa1 | pa2
 *   config   falt: float η, int M · salt: float η, float δ, int M · pa1/pa2: float C, int M
 *   boolean  bias option
 *   byte     precision of the weights: 0 float, 1 double (LearnerOptions.precision())
 *   long     update rounds seen (provenance)
 *   int d, int L, int stride (L+1 padded to 16; checked on load)
 *   L × UTF  label names
 *   d × (L+1) values   W, feature-major, without padding, as floats or doubles (the precision byte)
 *   (L+1) values       the bias row (zeros when the option is off)
 *   salt only: d × (L+1) values G², then (L+1) values of the bias row's G²
 *   int      CRC32 of every preceding byte
 * </pre>
 * A file is written to a temporary file in the target's directory, forced to disk and moved into place
 * atomically (falling back to a plain replacing move where the file system cannot move atomically), so
 * a crash never leaves a half-written model under the target name. Version 1 (float weights only, no
 * precision byte) was never released and is not read.
 */
public final class ModelIo {
  /** The 8-byte magic number at the start of every model file. */
  public static final String MAGIC = "ALTMODEL";
  /** The format version this class writes and reads. */
  public static final int FORMAT_VERSION = 2;

  private static final byte[] MAGIC_BYTES = MAGIC.getBytes(StandardCharsets.US_ASCII);
  private static final int PREFIX_BYTES = 8 + 4 + 8;
  private static final int CHUNK_FLOATS = 1 << 14;

  private ModelIo() {}

  /**
   * Saves {@code learner} and its label names to {@code file}, replacing it atomically.
   *
   * @param labelNames one name per label, or null to name labels by their index ("0", "1", ...)
   * @throws IllegalArgumentException if the number of names is not L, a name is null or too long, or
   *     the model holds a non-finite weight (a diverged learner is never saved)
   * @throws IOException if writing fails; the target file is then left as it was
   */
  public static void write(LinearLearner learner, List<String> labelNames, Path file) throws IOException {
    int numLabels = learner.numLabels();
    List<String> names = labelNames != null ? labelNames : indexNames(numLabels);
    if (names.size() != numLabels) {
      throw new IllegalArgumentException(names.size() + " label names for " + numLabels + " labels");
    }
    WeightMatrix w = learner.weights();
    Salt salt = learner instanceof Salt s ? s : null;
    boolean dbl = w.isDouble();
    boolean biasFinite = dbl ? finite(learner.biasWeightsDouble()) : finite(learner.biasWeights());
    boolean accFinite = salt == null || (salt.accumulator().allFinite()
        && (dbl ? finite(salt.biasAccumulatorDouble()) : finite(salt.biasAccumulator())));
    if (!w.allFinite() || !biasFinite || !accFinite) {
      throw new IllegalArgumentException("refusing to save " + learner.describe() + ": it holds a non-finite weight");
    }
    ByteArrayOutputStream metaBytes = new ByteArrayOutputStream();
    DataOutputStream meta = new DataOutputStream(metaBytes);
    meta.writeUTF(learner.name());
    switch (learner.config()) {
      case FaltConfig f -> {
        meta.writeFloat(f.eta());
        meta.writeInt(f.maxUpdatesPerExample());
      }
      case SaltConfig s -> {
        meta.writeFloat(s.eta());
        meta.writeFloat(s.delta());
        meta.writeInt(s.maxUpdatesPerExample());
      }
      case PaConfig p -> {
        meta.writeFloat(p.c());
        meta.writeInt(p.maxUpdatesPerExample());
      }
      default -> throw new IllegalArgumentException("no model format for " + learner.describe());
    }
    meta.writeBoolean(learner.options().bias());
    meta.writeByte(dbl ? 1 : 0);
    meta.writeLong(learner.examplesSeen());
    int d = w.numRows();
    meta.writeInt(d);
    meta.writeInt(numLabels);
    meta.writeInt(w.stride());
    for (String name : names) {
      if (name == null) {
        throw new IllegalArgumentException("label name is null");
      }
      if (name.length() > 65535 / 3) {
        throw new IllegalArgumentException("label name longer than " + 65535 / 3 + " characters");
      }
      meta.writeUTF(name);
    }
    meta.flush();
    long floats = (long) (d + 1) * (numLabels + 1) * (salt != null ? 2 : 1);
    long length = PREFIX_BYTES + metaBytes.size() + (dbl ? 8 : 4) * floats + 4;

    try (AtomicOutput output = AtomicOutput.create(file)) {
      CheckedOutputStream checked = new CheckedOutputStream(output.stream(), new CRC32());
      DataOutputStream out = new DataOutputStream(checked);
      out.write(MAGIC_BYTES);
      out.writeInt(FORMAT_VERSION);
      out.writeLong(length);
      metaBytes.writeTo(out);
      ByteBuffer buf = ByteBuffer.allocate(8 * CHUNK_FLOATS);
      writeRows(out, w, buf);
      if (dbl) {
        writeDoubles(out, learner.biasWeightsDouble(), 0, numLabels + 1, buf);
      } else {
        writeFloats(out, learner.biasWeights(), 0, numLabels + 1, buf);
      }
      if (salt != null) {
        writeRows(out, salt.accumulator(), buf);
        if (dbl) {
          writeDoubles(out, salt.biasAccumulatorDouble(), 0, numLabels + 1, buf);
        } else {
          writeFloats(out, salt.biasAccumulator(), 0, numLabels + 1, buf);
        }
      }
      flush(out, buf);
      out.flush();
      out.writeInt((int) checked.getChecksum().getValue());
      out.flush();
      output.commit();
    }
  }

  /**
   * Loads a model saved by {@link #write}: checks magic, version, length, checksum and sizes first.
   *
   * @throws ModelFormatException naming the file and the problem when the file is not a valid model
   * @throws IOException if reading fails
   */
  public static SavedModel read(Path file) throws IOException {
    long size = Files.size(file);
    if (size < PREFIX_BYTES + 4) {
      throw new ModelFormatException(file, "too short to be an ALT model file (" + size + " bytes)");
    }
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      byte[] magic = new byte[MAGIC_BYTES.length];
      in.readFully(magic);
      if (!Arrays.equals(magic, MAGIC_BYTES)) {
        throw new ModelFormatException(file, "not an ALT model file (bad magic number)");
      }
      int version = in.readInt();
      if (version != FORMAT_VERSION) {
        throw new ModelFormatException(
            file, "unsupported model format version " + version + " (this build reads version " + FORMAT_VERSION + ")");
      }
      long declared = in.readLong();
      if (declared != size) {
        throw new ModelFormatException(file, (size < declared ? "truncated" : "has extra bytes")
            + ": the header declares " + declared + " bytes, the file has " + size);
      }
    }
    checkCrc(file, size);
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      in.skipNBytes(PREFIX_BYTES);
      return parse(file, in);
    } catch (EOFException e) {
      throw new ModelFormatException(file, "truncated: ended inside the model data", e);
    }
  }

  private static SavedModel parse(Path file, DataInputStream in) throws IOException {
    String name = in.readUTF();
    float first = in.readFloat();
    float delta = name.equals("salt") ? in.readFloat() : 0f;
    int maxUpdates = in.readInt();
    boolean bias = in.readBoolean();
    byte precisionCode = in.readByte();
    if (precisionCode != 0 && precisionCode != 1) {
      throw new ModelFormatException(file, "unknown weight precision code " + precisionCode + " (0 float, 1 double)");
    }
    Precision precision = precisionCode == 1 ? Precision.DOUBLE : Precision.FLOAT;
    LearnerOptions options = new LearnerOptions(bias, precision);
    long examples = in.readLong();
    int d = in.readInt();
    int numLabels = in.readInt();
    int stride = in.readInt();
    if (d < 0 || numLabels < 1 || numLabels == Integer.MAX_VALUE) {
      throw new ModelFormatException(file, "bad sizes: d = " + d + ", L = " + numLabels);
    }
    if (stride != Scores.paddedLength(numLabels + 1)) {
      throw new ModelFormatException(file, "stride " + stride + " does not match L = " + numLabels
          + " (expected " + Scores.paddedLength(numLabels + 1) + ")");
    }
    LinearLearner learner;
    try {
      learner = switch (name) {
        case "falt" -> new Falt(numLabels, new FaltConfig(first, maxUpdates), options);
        case "salt" -> new Salt(numLabels, new SaltConfig(first, delta, maxUpdates), options);
        case "pa1" -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, first, maxUpdates), options);
        case "pa2" -> new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA2, first, maxUpdates), options);
        default -> throw new ModelFormatException(file, "unknown learner '" + name + "'");
      };
      learner.ensureFeatures(d);
    } catch (IllegalArgumentException e) {
      throw new ModelFormatException(file, "invalid settings or sizes: " + e.getMessage(), e);
    }
    List<String> names = new ArrayList<>(numLabels);
    for (int i = 0; i < numLabels; i++) {
      names.add(in.readUTF());
    }
    byte[] chunk = new byte[8 * CHUNK_FLOATS];
    boolean dbl = precision == Precision.DOUBLE;
    readRows(in, learner.weights(), chunk);
    if (dbl) {
      readDoubles(in, learner.biasWeightsDouble(), 0, numLabels + 1, chunk);
    } else {
      readFloats(in, learner.biasWeights(), 0, numLabels + 1, chunk);
    }
    if (learner instanceof Salt salt) {
      readRows(in, salt.accumulator(), chunk);
      if (dbl) {
        readDoubles(in, salt.biasAccumulatorDouble(), 0, numLabels + 1, chunk);
      } else {
        readFloats(in, salt.biasAccumulator(), 0, numLabels + 1, chunk);
      }
    }
    in.readInt(); // the CRC, already checked
    if (in.read() != -1) {
      throw new ModelFormatException(file, "extra bytes after the checksum");
    }
    if (!learner.weights().allFinite() || !(dbl ? finite(learner.biasWeightsDouble()) : finite(learner.biasWeights()))) {
      throw new ModelFormatException(file, "holds a non-finite weight");
    }
    return new SavedModel(learner, names, examples);
  }

  private static void checkCrc(Path file, long size) throws IOException {
    CRC32 crc = new CRC32();
    byte[] buf = new byte[1 << 16];
    long remaining = size - 4;
    try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
      while (remaining > 0) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, remaining));
        if (n < 0) {
          throw new ModelFormatException(file, "truncated while checking the checksum");
        }
        crc.update(buf, 0, n);
        remaining -= n;
      }
      int stored = in.readInt();
      if (stored != (int) crc.getValue()) {
        throw new ModelFormatException(file, String.format(
            "checksum mismatch (stored %08x, computed %08x): the file is corrupt", stored, (int) crc.getValue()));
      }
    }
  }

  private static List<String> indexNames(int numLabels) {
    List<String> names = new ArrayList<>(numLabels);
    for (int i = 0; i < numLabels; i++) {
      names.add(Integer.toString(i));
    }
    return names;
  }

  private static boolean finite(float[] a) {
    for (float v : a) {
      if (!Float.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  private static boolean finite(double[] a) {
    for (double v : a) {
      if (!Double.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  private static void writeRows(DataOutputStream out, WeightMatrix m, ByteBuffer buf) throws IOException {
    if (m.isDouble()) {
      double[] rows = m.rowsDouble();
      for (int f = 0, d = m.numRows(); f < d; f++) {
        writeDoubles(out, rows, f * m.stride(), m.width(), buf);
      }
      return;
    }
    float[] rows = m.rows();
    for (int f = 0, d = m.numRows(); f < d; f++) {
      writeFloats(out, rows, f * m.stride(), m.width(), buf);
    }
  }

  private static void writeFloats(DataOutputStream out, float[] a, int off, int n, ByteBuffer buf) throws IOException {
    for (int i = off; i < off + n; i++) {
      if (buf.remaining() < 4) {
        flush(out, buf);
      }
      buf.putFloat(a[i]);
    }
  }

  private static void writeDoubles(DataOutputStream out, double[] a, int off, int n, ByteBuffer buf) throws IOException {
    for (int i = off; i < off + n; i++) {
      if (buf.remaining() < 8) {
        flush(out, buf);
      }
      buf.putDouble(a[i]);
    }
  }

  private static void flush(DataOutputStream out, ByteBuffer buf) throws IOException {
    out.write(buf.array(), 0, buf.position());
    buf.clear();
  }

  private static void readRows(DataInputStream in, WeightMatrix m, byte[] chunk) throws IOException {
    if (m.isDouble()) {
      double[] rows = m.rowsDouble();
      int width = m.width();
      for (int f = 0, d = m.numRows(); f < d; f++) {
        readDoubles(in, rows, f * m.stride(), width, chunk);
      }
      return;
    }
    float[] rows = m.rows();
    int width = m.width();
    int stride = m.stride();
    int rowsPerChunk = Math.max(1, chunk.length / (4 * width));
    for (int f = 0, d = m.numRows(); f < d; ) {
      int count = Math.min(rowsPerChunk, d - f);
      if (4L * count * width > chunk.length) {
        chunk = new byte[4 * count * width];
      }
      in.readFully(chunk, 0, 4 * count * width);
      java.nio.FloatBuffer fb = ByteBuffer.wrap(chunk, 0, 4 * count * width).asFloatBuffer();
      for (int r = 0; r < count; r++, f++) {
        fb.get(rows, f * stride, width);
      }
    }
  }

  private static void readDoubles(DataInputStream in, double[] dst, int off, int n, byte[] chunk) throws IOException {
    for (int done = 0; done < n; ) {
      int count = Math.min(n - done, chunk.length / 8);
      in.readFully(chunk, 0, 8 * count);
      ByteBuffer.wrap(chunk, 0, 8 * count).asDoubleBuffer().get(dst, off + done, count);
      done += count;
    }
  }

  private static void readFloats(DataInputStream in, float[] dst, int off, int n, byte[] chunk) throws IOException {
    for (int done = 0; done < n; ) {
      int count = Math.min(n - done, chunk.length / 4);
      in.readFully(chunk, 0, 4 * count);
      ByteBuffer.wrap(chunk, 0, 4 * count).asFloatBuffer().get(dst, off + done, count);
      done += count;
    }
  }

}
