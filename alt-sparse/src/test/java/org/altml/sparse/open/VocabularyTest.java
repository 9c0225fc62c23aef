package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.altml.sparse.SparseVectorBuilder;
import org.junit.jupiter.api.Test;

class VocabularyTest {
  private static byte[] bytes(Vocabulary v) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(b)) {
      v.write(out);
      out.writeUTF("after"); // what a model file writes next must still be there
    }
    return b.toByteArray();
  }

  private static Vocabulary read(byte[] b) throws IOException {
    return Vocabulary.read(new DataInputStream(new ByteArrayInputStream(b)));
  }

  private static Vocabulary grown(FeatureVocabulary features) throws Exception {
    LabelVocabulary labels = new LabelVocabulary(50);
    labels.add("sports", false, "t");
    labels.add("3", true, "t");
    labels.add("économie", false, "t");
    SparseVectorBuilder out = new SparseVectorBuilder();
    for (String name : List.of("12", "7", "40")) {
      if (features instanceof NumericFeatures) {
        features.add(name, 1f, out, "t");
      } else {
        features.add("w" + name, 1f, out, "t");
      }
    }
    return new Vocabulary(labels, features);
  }

  @Test
  void everyKindRoundTrips() throws Exception {
    for (FeatureVocabulary f : List.of(new FeatureDictionary(100), new FeatureHashing(18), new NumericFeatures(true, 1000))) {
      Vocabulary v = grown(f);
      byte[] b = bytes(v);
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
      Vocabulary back = Vocabulary.read(in);
      assertEquals(v, back, f.describe());
      assertEquals("after", in.readUTF(), "reads exactly its own bytes");
      assertEquals(v.labels().names(), back.labels().names());
      assertTrue(back.labels().isNumeric(1));
      assertEquals(50, back.labels().maxLabels());
      assertEquals(f.numRows(), back.features().numRows());
      assertEquals(f.describe(), back.features().describe());
      // the restored vocabulary goes on as the original does
      back.labels().add("new", false, "t");
      v.labels().add("new", false, "t");
      assertEquals(v, back);
    }
    Vocabulary empty = new Vocabulary(new LabelVocabulary(), new FeatureDictionary(5));
    assertEquals(empty, read(bytes(empty)));
  }

  @Test
  void differentVocabulariesAreNotEqual() throws Exception {
    assertNotEquals(grown(new FeatureHashing(18)), grown(new FeatureHashing(19)));
    assertNotEquals(grown(new FeatureDictionary(100)), grown(new FeatureDictionary(101)));
    Vocabulary a = grown(new FeatureDictionary(100));
    Vocabulary b = grown(new FeatureDictionary(100));
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    b.features().add("more", 1f, new SparseVectorBuilder(), "t");
    assertNotEquals(a, b);
  }

  @Test
  void everyTruncationIsAnIoExceptionSayingSo() throws Exception {
    byte[] b = bytes(grown(new FeatureDictionary(100)));
    int length = b.length - 7; // without the trailing writeUTF("after")
    for (int n = 0; n < length; n++) {
      byte[] cut = Arrays.copyOf(b, n);
      IOException e = assertThrows(IOException.class, () -> read(cut), "cut at " + n);
      assertTrue(e.getMessage().contains("truncated"), n + ": " + e.getMessage());
    }
  }

  @Test
  void everyCorruptedByteIsAnIoException() throws Exception {
    for (FeatureVocabulary f : List.of(new FeatureDictionary(100), new FeatureHashing(18), new NumericFeatures())) {
      byte[] b = bytes(grown(f));
      int length = b.length - 7;
      for (int i = 0; i < length; i++) {
        for (int flip : new int[] {0x01, 0x80, 0xff}) {
          byte[] bad = b.clone();
          bad[i] ^= (byte) flip;
          IOException e = assertThrows(IOException.class, () -> read(bad), f.describe() + " byte " + i + " ^ " + flip);
          String m = e.getMessage();
          assertTrue(m.contains("corrupt") || m.contains("truncated") || m.contains("not an open vocabulary")
              || m.contains("version"), m);
        }
      }
    }
  }

  @Test
  void aHugeCorruptLengthFailsAtTheEndOfTheDataNotInAllocation() throws Exception {
    byte[] b = bytes(grown(new FeatureHashing(4)));
    b[8] = 0x7f; // the content's length, now some 2 GB
    IOException e = assertThrows(IOException.class, () -> read(b));
    assertTrue(e.getMessage().contains("truncated"), e.getMessage());
  }

  @Test
  void otherDataIsNotAVocabulary() {
    IOException e = assertThrows(IOException.class, () -> read("{\"json\": 1}".getBytes()));
    assertTrue(e.getMessage().startsWith("not an open vocabulary"), e.getMessage());
  }
}
