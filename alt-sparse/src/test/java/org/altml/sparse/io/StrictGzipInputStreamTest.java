package org.altml.sparse.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrictGzipInputStreamTest {
  @TempDir Path dir;

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(data);
    }
    return out.toByteArray();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** Everything the stream gives, read {@code chunk} bytes at a time (1: one byte at a time), buffers of {@code buffer}. */
  private static byte[] strict(byte[] compressed, int buffer, int chunk) throws IOException {
    try (InputStream in = new StrictGzipInputStream(new ByteArrayInputStream(compressed), buffer)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] b = new byte[chunk];
      while (true) {
        int n = chunk == 1 ? in.read() : in.read(b, 0, chunk);
        if (n < 0) {
          return out.toByteArray();
        }
        if (chunk == 1) {
          out.write(n);
        } else {
          out.write(b, 0, n);
        }
      }
    }
  }

  private static byte[] random(int n, long seed) {
    byte[] b = new byte[n];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : 'a' + r.nextInt(4)); // compressible, not trivially
    }
    return b;
  }

  @Test
  void decompressesWhatTheJdkWritesInAnyBufferAndChunkSize() throws IOException {
    for (int n : new int[] {0, 1, 100, 70_000, 300_000}) {
      byte[] data = random(n, n);
      byte[] z = gzip(data);
      for (int buffer : new int[] {1, 7, 512, 1 << 16}) {
        for (int chunk : new int[] {1, 3, 8192}) {
          if (chunk == 1 && n > 100_000) {
            continue;
          }
          assertArrayEquals(data, strict(z, buffer, chunk), n + " bytes, buffer " + buffer + ", chunk " + chunk);
        }
      }
    }
  }

  @Test
  void readsEveryMemberOfAConcatenation() throws IOException {
    byte[] a = random(5000, 1);
    byte[] b = random(0, 2);
    byte[] c = random(90_000, 3);
    byte[] z = concat(gzip(a), gzip(b), gzip(c));
    for (int buffer : new int[] {1, 100, 1 << 16}) {
      assertArrayEquals(concat(a, b, c), strict(z, buffer, 4096), "buffer " + buffer);
    }
  }

  /** A header with every optional field (extra, name, comment, its CRC-16), written by hand. */
  @Test
  void readsHeadersWithEveryOptionalField() throws IOException {
    byte[] data = "1 1:0.5\n".getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    h.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
    h.writeBytes(new byte[] {3, 0, 'x', 'y', 'z'});
    h.writeBytes("name.svm\0".getBytes(StandardCharsets.ISO_8859_1));
    h.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
    CRC32 headerCrc = new CRC32();
    headerCrc.update(h.toByteArray());
    int crc16 = (int) headerCrc.getValue() & 0xffff;
    h.write(crc16 & 0xff);
    h.write(crc16 >>> 8);
    byte[] header = h.toByteArray();
    byte[] body = deflateAndTrailer(data);
    byte[] z = concat(header, body);
    assertArrayEquals(data, new GZIPInputStream(new ByteArrayInputStream(z)).readAllBytes(), "the JDK agrees");
    assertArrayEquals(data, strict(z, 3, 100));
    byte[] badCrc = z.clone();
    badCrc[header.length - 1] ^= 1;
    ZipException e = assertThrows(ZipException.class, () -> strict(badCrc, 64, 100));
    assertTrue(e.getMessage().contains("CRC-16"), e.getMessage());
    byte[] reserved = z.clone();
    reserved[3] |= 0x20;
    assertThrows(ZipException.class, () -> strict(reserved, 64, 100));
  }

  private static byte[] deflateAndTrailer(byte[] data) {
    Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    d.setInput(data);
    d.finish();
    byte[] buf = new byte[data.length + 64];
    int n = d.deflate(buf);
    d.end();
    CRC32 crc = new CRC32();
    crc.update(data);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(buf, 0, n);
    long c = crc.getValue();
    for (int i = 0; i < 4; i++) {
      out.write((int) (c >>> (8 * i)) & 0xff);
    }
    for (int i = 0; i < 4; i++) {
      out.write((data.length >>> (8 * i)) & 0xff);
    }
    return out.toByteArray();
  }

  /**
   * Bytes after the last member that do not start another one: the JDK's stream stops there without a word
   * (so a reader would see part of the data as all of it); this one names them.
   */
  @Test
  void trailingBytesAfterTheLastMemberAreAnError() throws IOException {
    byte[] data = random(20_000, 4);
    byte[] z = gzip(data);
    for (byte[] tail : new byte[][] {{0}, {0, 0, 0, 0}, "garbage".getBytes(StandardCharsets.UTF_8), {0x1f}, {0x1f, 0x00}}) {
      byte[] bad = concat(z, tail);
      assertArrayEquals(data, new GZIPInputStream(new ByteArrayInputStream(bad)).readAllBytes(),
          "the JDK ignores " + Arrays.toString(tail));
      for (int buffer : new int[] {1, 13, 1 << 16}) {
        ZipException e = assertThrows(ZipException.class, () -> strict(bad, buffer, 4096), Arrays.toString(tail));
        assertTrue(e.getMessage().contains("trailing data after the last gzip member: " + tail.length + " byte(s) at byte "
            + z.length), e.getMessage());
      }
    }
    // a second member damaged in its header: the JDK silently drops all of it
    byte[] second = gzip(random(3000, 5));
    second[2] = 7; // compression method
    byte[] damaged = concat(z, second);
    assertArrayEquals(data, new GZIPInputStream(new ByteArrayInputStream(damaged)).readAllBytes());
    assertThrows(ZipException.class, () -> strict(damaged, 1 << 16, 4096));
  }

  @Test
  void truncatedOrCorruptDataIsAnError() throws IOException {
    byte[] z = gzip(random(50_000, 6));
    for (int cut : new int[] {1, 2, 5, 10, z.length / 2, z.length - 8, z.length - 1}) {
      byte[] t = Arrays.copyOf(z, cut);
      assertThrows(EOFException.class, () -> strict(t, 512, 4096), "cut at " + cut);
    }
    byte[] crc = z.clone();
    crc[z.length - 6] ^= 1;
    ZipException e = assertThrows(ZipException.class, () -> strict(crc, 512, 4096));
    assertTrue(e.getMessage().contains("corrupt trailer"), e.getMessage());
    byte[] size = z.clone();
    size[z.length - 2] ^= 1;
    assertThrows(ZipException.class, () -> strict(size, 512, 4096));
    byte[] body = z.clone();
    body[20] ^= (byte) 0xff;
    assertThrows(ZipException.class, () -> strict(body, 512, 4096));
    assertThrows(ZipException.class, () -> strict("plain text".getBytes(StandardCharsets.UTF_8), 512, 4096));
  }

  /** The readers: a gzip file with bytes appended is a format error naming the file, not a silently shorter dataset. */
  @Test
  void theReadersRejectAGzipFileWithSomethingAppended() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 500; i++) {
      text.append("1 1:").append(i).append(" 3:0.5\n");
    }
    Path ok = dir.resolve("ok.svm.gz");
    Files.write(ok, gzip(text.toString().getBytes(StandardCharsets.UTF_8)));
    assertEquals(500, DataFiles.read(ok).size());
    Path bad = dir.resolve("bad.svm.gz");
    Files.write(bad, concat(Files.readAllBytes(ok), "1 1:7\n".getBytes(StandardCharsets.UTF_8)));
    DataFormatException e = assertThrows(DataFormatException.class, () -> DataFiles.read(bad));
    assertTrue(e.getMessage().contains("bad.svm.gz") && e.getMessage().contains("trailing data"), e.getMessage());
  }
}
