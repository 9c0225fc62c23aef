package org.altml.core.model;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.Scores;
import org.altml.sparse.SparseVector;

/**
 * Coverage-guided fuzz target (Jazzer) for the model-file reader: {@link ModelIo#fromBytes} on any bytes
 * either loads a model that can predict and be saved again, or fails with a {@link ModelFormatException};
 * anything else (a {@link NullPointerException}, an index out of bounds, an {@link OutOfMemoryError}, a
 * hang, a loaded model that cannot be saved) is a bug. One more outcome is allowed, from predicting rather
 * than reading: a structurally valid model whose finite weights are too large for the float scores (a
 * double weight beyond 3.4e38, found by fuzzing) fails its prediction with the learner's
 * {@link DivergenceException}, which says the model is unusable. Each input is also tried with its checksum and
 * length fields recomputed (for format 3, and for format 2), so that the fuzzer reaches past the CRC into
 * the codecs instead of stopping at a checksum mismatch.
 *
 * <p>{@code mvn verify} runs it in regression mode over
 * {@code src/test/resources/org/altml/core/model/ModelIoFuzzTestInputs/fromBytes/}, which keeps every input
 * that once found a bug; to fuzz it, see the README's "Fuzzing" section.
 */
class ModelIoFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void fromBytes(byte[] input) throws IOException {
    load(input);
    if (input.length >= 24) {
      load(withVersion3Footer(input));
      load(withVersion2Framing(input));
    }
  }

  private static void load(byte[] bytes) throws IOException {
    SavedModel model;
    try {
      model = ModelIo.fromBytes(bytes, "fuzz.model");
    } catch (ModelFormatException expected) {
      return;
    }
    Scores scores = new Scores(model.learner().numLabels());
    try {
      model.learner().predict(model.scaler().transform(SparseVector.of(new int[] {0, 3}, new float[] {1f, -2f})), scores);
    } catch (DivergenceException unusable) {
      // finite weights whose scores overflow float: the learner refuses loudly (see the class comment)
    }
    ModelIo.toBytes(model);
  }

  /** Format 3: the last 12 bytes are the CRC32 of everything before them and that length. */
  private static byte[] withVersion3Footer(byte[] input) {
    byte[] b = input.clone();
    int body = b.length - 12;
    CRC32 crc = new CRC32();
    crc.update(b, 0, body);
    ByteBuffer.wrap(b).putInt(body, (int) crc.getValue()).putLong(body + 4, body);
    return b;
  }

  /** Format 2: the total length after magic and version, and the CRC32 of everything before the last 4 bytes. */
  private static byte[] withVersion2Framing(byte[] input) {
    byte[] b = input.clone();
    ByteBuffer.wrap(b).putLong(12, b.length);
    CRC32 crc = new CRC32();
    crc.update(b, 0, b.length - 4);
    ByteBuffer.wrap(b).putInt(b.length - 4, (int) crc.getValue());
    return b;
  }
}
