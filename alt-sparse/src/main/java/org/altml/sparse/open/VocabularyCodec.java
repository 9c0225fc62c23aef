package org.altml.sparse.open;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The stored form of a {@link Vocabulary}: a magic number, a version, the length of the content, the content, and its
 * CRC-32. Names are UTF-8 with their byte length (no 64 KB limit). Reading checks every count and name, so a corrupt
 * or truncated vocabulary is an {@link IOException} saying so, never a wrong vocabulary.
 */
final class VocabularyCodec {
  static final int MAGIC = 0x414c5456; // "ALTV"
  static final int VERSION = 1;
  private static final int END = 0x454e4456; // "ENDV"
  private static final byte DICTIONARY = 1;
  private static final byte HASHING = 2;
  private static final byte NUMERIC = 3;
  private static final int CHUNK = 1 << 16;

  private VocabularyCodec() {}

  static void write(Vocabulary v, DataOutput out) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream content = new DataOutputStream(bytes);
    LabelVocabulary labels = v.labels();
    content.writeInt(labels.maxLabels());
    content.writeInt(labels.size());
    for (int id = 0; id < labels.size(); id++) {
      content.writeBoolean(labels.isNumeric(id));
      writeName(content, labels.name(id));
    }
    switch (v.features()) {
      case FeatureDictionary d -> {
        content.writeByte(DICTIONARY);
        content.writeInt(d.maxNames());
        content.writeInt(d.numRows());
        for (String name : d.names()) {
          writeName(content, name);
        }
      }
      case FeatureHashing h -> {
        content.writeByte(HASHING);
        content.writeInt(h.bits());
      }
      case NumericFeatures f -> {
        content.writeByte(NUMERIC);
        content.writeBoolean(f.zeroBased());
        content.writeInt(f.maxFeatures());
        content.writeInt(f.numRows());
      }
    }
    content.writeInt(END);
    content.flush();
    byte[] b = bytes.toByteArray();
    CRC32 crc = new CRC32();
    crc.update(b);
    out.writeInt(MAGIC);
    out.writeInt(VERSION);
    out.writeInt(b.length);
    out.write(b);
    out.writeInt((int) crc.getValue());
  }

  private static void writeName(DataOutputStream out, String name) throws IOException {
    byte[] b = name.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  static Vocabulary read(DataInput in) throws IOException {
    try {
      int magic = in.readInt();
      if (magic != MAGIC) {
        throw new IOException("not an open vocabulary (bad magic number 0x" + Integer.toHexString(magic) + ")");
      }
      int version = in.readInt();
      if (version != VERSION) {
        throw new IOException("open vocabulary of version " + version + ": this ALT reads version " + VERSION
            + " (a model written by another ALT?)");
      }
      int length = in.readInt();
      if (length < 0) {
        throw corrupt("negative length " + length);
      }
      byte[] b = readBytes(in, length);
      int stored = in.readInt();
      CRC32 crc = new CRC32();
      crc.update(b);
      if ((int) crc.getValue() != stored) {
        throw corrupt("checksum mismatch");
      }
      return parse(new DataInputStream(new ByteArrayInputStream(b)));
    } catch (EOFException e) {
      throw new IOException("the open vocabulary is truncated (the model file was cut short?)", e);
    }
  }

  /** {@code length} bytes, read in chunks so that a corrupt length fails at the end of the data, not in allocation. */
  private static byte[] readBytes(DataInput in, int length) throws IOException {
    byte[] b = new byte[Math.min(length, CHUNK)];
    int n = 0;
    while (n < length) {
      if (n == b.length) {
        b = Arrays.copyOf(b, (int) Math.min(length, 2L * b.length));
      }
      int k = Math.min(b.length - n, CHUNK);
      in.readFully(b, n, k);
      n += k;
    }
    return b;
  }

  private static Vocabulary parse(DataInputStream in) throws IOException {
    try {
      int maxLabels = in.readInt();
      int numLabels = count(in, "labels");
      LabelVocabulary labels = new LabelVocabulary(maxLabels);
      if (numLabels > maxLabels) {
        throw corrupt(numLabels + " labels, beyond their bound " + maxLabels);
      }
      for (int k = 0; k < numLabels; k++) {
        boolean numeric = in.readBoolean();
        labels.restore(readName(in), numeric);
      }
      byte kind = in.readByte();
      FeatureVocabulary features = switch (kind) {
        case DICTIONARY -> {
          int maxNames = in.readInt();
          int n = count(in, "feature names");
          String[] names = new String[n];
          for (int k = 0; k < n; k++) {
            names[k] = readName(in);
          }
          yield FeatureDictionary.of(List.of(names), maxNames);
        }
        case HASHING -> new FeatureHashing(in.readInt());
        case NUMERIC -> NumericFeatures.withRows(in.readBoolean(), in.readInt(), in.readInt());
        default -> throw corrupt("unknown feature map kind " + kind);
      };
      if (in.readInt() != END || in.available() > 0) {
        throw corrupt("bad end of content");
      }
      return new Vocabulary(labels, features);
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage());
    } catch (EOFException e) {
      throw corrupt("content shorter than its counts say");
    }
  }

  /** A count, checked against the bytes left (each entry takes at least one). */
  private static int count(DataInputStream in, String what) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw corrupt("bad number of " + what + " " + n);
    }
    return n;
  }

  private static String readName(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw corrupt("bad name length " + n);
    }
    byte[] b = new byte[n];
    in.readFully(b);
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      throw corrupt("a name is not UTF-8");
    }
  }

  private static IOException corrupt(String what) {
    return new IOException("the open vocabulary is corrupt: " + what);
  }
}
