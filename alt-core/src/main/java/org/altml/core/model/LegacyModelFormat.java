package org.altml.core.model;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;

/**
 * Reads format version 2, the linear learners' model files before the learner registry (FALT, SALT, PA-I,
 * PA-II): their settings become registry settings and their weights are transcoded, byte for byte, into the
 * linear codec's body (version 1: counters, then W with its bias row, then SALT's accumulator), which the
 * registered codec reads. Nothing here knows a learner class. Version 2 stored no update-step count
 * (restored as 0) and no preprocessing (restored as none).
 *
 * <pre>
 *   long total length · UTF name · config (falt: float η, int M · salt: float η, float δ, int M ·
 *   pa1/pa2: float C, int M) · boolean bias · byte precision (0 float, 1 double) · long examples ·
 *   int d · int L · int stride · L × UTF names · d × (L+1) W · (L+1) bias row · salt: the same for G² ·
 *   int CRC32 of every preceding byte
 * </pre>
 */
final class LegacyModelFormat {
  private LegacyModelFormat() {}

  /** Reads the rest of a version-2 model; {@code s} has read the magic and the version, and {@code crc} has seen every byte {@code s} read. */
  static SavedModel read(StateInput s, java.util.zip.CRC32 crc, long length, String source) throws IOException {
    long declared = s.readLong();
    if (length != Long.MAX_VALUE && declared != length) {
      throw new ModelFormatException(source, (length < declared ? "truncated" : "has extra bytes")
          + ": the header declares " + declared + " bytes, the file has " + length);
    }
    if (declared < 24) {
      throw new ModelFormatException(source, "bad length " + declared);
    }
    s.limit(declared - Integer.BYTES);
    String name = s.readUTF();
    Map<String, String> text = new LinkedHashMap<>();
    switch (name) {
      case "falt" -> text.put("eta", Float.toString(s.readFloat()));
      case "salt" -> {
        text.put("eta", Float.toString(s.readFloat()));
        text.put("delta", Float.toString(s.readFloat()));
      }
      case "pa1", "pa2" -> text.put("c", Float.toString(s.readFloat()));
      default -> throw new ModelFormatException(source, "unknown learner '" + name + "' in a version 2 model");
    }
    text.put("maxUpdates", Integer.toString(s.readInt()));
    text.put("bias", Boolean.toString(s.readBoolean()));
    byte precision = s.readByte();
    if (precision != 0 && precision != 1) {
      throw new ModelFormatException(source, "unknown weight precision code " + precision + " (0 float, 1 double)");
    }
    text.put("precision", precision == 1 ? "double" : "float");
    long examples = s.readLong();
    int d = s.readInt();
    int numLabels = s.readInt();
    int stride = s.readInt();
    if (d < 0 || numLabels < 1 || numLabels == Integer.MAX_VALUE || stride < numLabels + 1 || examples < 0) {
      throw new ModelFormatException(source, "bad sizes: d = " + d + ", L = " + numLabels + ", stride " + stride);
    }
    s.requireAllocation(numLabels, 2, 56, numLabels + " label names");
    List<String> names = new ArrayList<>(numLabels);
    for (int i = 0; i < numLabels; i++) {
      names.add(s.readUTF());
    }
    int bytesEach = precision == 1 ? Double.BYTES : Float.BYTES;
    long matrixBytes = (d + 1L) * (numLabels + 1) * bytesEach;
    int matrices = name.equals("salt") ? 2 : 1;
    s.requireValues(matrices, (int) Math.min(Integer.MAX_VALUE, matrixBytes), "the weights of " + d + " features");
    if (matrixBytes * matrices > Integer.MAX_VALUE - 64) {
      throw new ModelFormatException(source, "a version 2 model this large (" + matrixBytes * matrices
          + " bytes of weights) cannot be converted; retrain it with this version");
    }
    // the transcoded body, its copy for reading, and the learner's matrices
    org.altml.sparse.MemoryCheck.require(3 * matrixBytes * matrices, "converting the weights of the version 2 model " + source, null);
    ByteArrayOutputStream body = new ByteArrayOutputStream((int) (matrixBytes * matrices) + 64);
    StateOutput out = new StateOutput(body);
    out.writeLong(examples);
    out.writeLong(0L); // version 2 did not count update steps
    byte[] chunk = new byte[1 << 16];
    for (int m = 0; m < matrices; m++) {
      out.writeInt(d);
      for (long left = matrixBytes; left > 0; ) {
        int n = (int) Math.min(chunk.length, left);
        s.readFully(chunk, 0, n);
        out.write(chunk, 0, n);
        left -= n;
      }
    }
    out.flush();
    if (s.remaining() != 0) {
      throw new ModelFormatException(source, "has " + s.remaining() + " unexpected bytes before the checksum");
    }
    // the CRC covers every byte before it, as the checked stream under s has seen them
    int computed = (int) crc.getValue();
    s.limit(declared);
    int stored = s.readInt();
    ModelIo.checkChecksum(stored, computed, source);
    LearnerSpec spec = LearnerRegistry.get(name);
    Settings settings = ModelIo.parseSettings(spec, text, source);
    byte[] bytes = body.toByteArray();
    StateInput converted = new StateInput(new ByteArrayInputStream(bytes), bytes.length, source);
    OnlineMultiLabelLearner learner = spec.codec().read(settings, new LearnerContext(numLabels, 0, -1, 1L), converted, 1);
    return new SavedModel(learner, names, d, FeatureScaler.of(FeatureScaling.NONE),
        Map.of("convertedFrom", "model format version 2"));
  }
}
