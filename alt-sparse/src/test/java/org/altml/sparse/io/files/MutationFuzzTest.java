package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutates valid files (byte flips, insertions of structural characters, truncations, plain and gzip)
 * and asserts that reading either succeeds or raises {@link DataFormatException}: never another
 * exception, a hang or a loop. Seeded; the seed and case are in every failure message.
 */
@org.junit.jupiter.api.Tag("slow")
class MutationFuzzTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20240521L);
  private static final byte[] SPECIAL = " ,:{}'\"\\%#?-.e\n\r\t0123456789@".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path dir;

  private static final String LIBSVM = """
      # comment
      1,3 1:0.5 7:-1.25e-3 12:3
      4:2 5:1
      0
      2 3:1.5 1:2
      """;

  private static final String ARFF = """
      % comment
      @relation 'fuzz: -C -2'
      @attribute a numeric
      @attribute 'b c' {x,'y z',w}
      @attribute d real
      @attribute l1 {0,1}
      @attribute l2 {0,1}
      @data
      1.5,x,2,1,0
      {0 3,1 w,4 1}
      0,'y z',-1e2,0,1
      {}
      """;

  @Test
  void mutatedLibSvmFilesFailOnlyWithDataFormatException() throws IOException {
    fuzz(LIBSVM.getBytes(StandardCharsets.UTF_8), "f.svm", ReadOptions.defaults(), 300);
  }

  @Test
  void mutatedArffFilesFailOnlyWithDataFormatException() throws IOException {
    Files.writeString(dir.resolve("f.xml"), "<labels><label name=\"l1\"/><label name=\"l2\"/></labels>");
    fuzz(ARFF.getBytes(StandardCharsets.UTF_8), "f.arff", ReadOptions.defaults(), 300);
    // without the XML the relation's -C decides (and may be mutated)
    Files.delete(dir.resolve("f.xml"));
    fuzz(ARFF.getBytes(StandardCharsets.UTF_8), "f.arff", ReadOptions.defaults(), 150);
  }

  private void fuzz(byte[] valid, String name, ReadOptions options, int cases) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED ^ name.hashCode());
    Path file = dir.resolve(name);
    int successes = 0;
    for (int c = 0; c < cases; c++) {
      byte[] data = mutate(valid, random);
      if (random.nextInt(4) == 0) {
        data = gzip(data);
        if (random.nextBoolean()) {
          data = Arrays.copyOf(data, random.nextInt(data.length + 1));
        }
      }
      Files.write(file, data);
      try (ExampleStream s = DataFiles.open(file, options.withMaxLineBytes(1 << 12))) {
        DatasetStats.of(s);
        successes++;
      } catch (DataFormatException expected) {
        // the only acceptable failure
      } catch (Throwable t) {
        fail("seed " + SEED + " case " + c + " (" + name + "): " + t + "\ninput: "
            + new String(data, StandardCharsets.ISO_8859_1), t);
      }
    }
    if (successes == 0 || successes == cases) {
      fail("seed " + SEED + ": the mutations should sometimes keep the file valid and sometimes not: "
          + successes + " of " + cases + " read");
    }
  }

  private static byte[] mutate(byte[] valid, SplittableRandom random) {
    byte[] b = valid.clone();
    int edits = 1 + random.nextInt(4);
    for (int k = 0; k < edits && b.length > 0; k++) {
      switch (random.nextInt(5)) {
        case 0 -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        case 1 -> b[random.nextInt(b.length)] = SPECIAL[random.nextInt(SPECIAL.length)];
        case 2 -> {
          int at = random.nextInt(b.length + 1);
          byte[] n = new byte[b.length + 1];
          System.arraycopy(b, 0, n, 0, at);
          n[at] = SPECIAL[random.nextInt(SPECIAL.length)];
          System.arraycopy(b, at, n, at + 1, b.length - at);
          b = n;
        }
        case 3 -> b = Arrays.copyOf(b, random.nextInt(b.length + 1));
        default -> {
          int at = random.nextInt(b.length);
          int len = Math.min(b.length - at, 1 + random.nextInt(8));
          byte[] n = new byte[b.length - len];
          System.arraycopy(b, 0, n, 0, at);
          System.arraycopy(b, at + len, n, at, b.length - at - len);
          b = n.length == 0 ? b : n;
        }
      }
    }
    return b;
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }
}
