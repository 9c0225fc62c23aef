package org.altml.sparse.io.arff;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.DataFormat;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.io.libsvm.LibSvmWriter;
import org.junit.jupiter.api.Assertions;

/**
 * Coverage-guided fuzz targets (Jazzer) for the readers of untrusted input: LIBSVM, ARFF and Mulan XML
 * label files. The only allowed outcomes are a result or a {@link DataFormatException}; anything else
 * (a {@link NullPointerException}, an index out of bounds, an {@link OutOfMemoryError}, a
 * {@link NumberFormatException}, a hang) is a bug. What a reader accepts must also survive a write and a
 * read back unchanged, so a silently wrong parse is a finding too.
 *
 * <p>{@code mvn verify} runs every target in regression mode over its committed corpus,
 * {@code src/test/resources/org/altml/sparse/io/arff/DataReadersFuzzTestInputs/<method>/}, which keeps every
 * input that once found a bug. To fuzz one target (see the README's "Fuzzing" section):
 * {@code JAZZER_FUZZ=1 mvn -pl alt-sparse test -Dtest=DataReadersFuzzTest#libSvm}.
 */
class DataReadersFuzzTest {
  /** Line limit while fuzzing: a long line must be an error, not a large buffer. */
  private static final ReadOptions BASE = ReadOptions.defaults().withMaxLineBytes(1 << 16).withInputHashing(true);

  @FuzzTest(maxDuration = "60s")
  void libSvm(byte[] input) throws IOException {
    Dataset d = readOrNull(input, "fuzz.svm", BASE.withFormat(DataFormat.LIBSVM));
    if (d == null) {
      return;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ExampleStream s = d.stream()) {
      LibSvmWriter.write(s, out);
    }
    Dataset back = DataFiles.read(new ByteArrayInputStream(out.toByteArray()), "written.svm",
        ReadOptions.defaults().withFormat(DataFormat.LIBSVM).withNumFeatures(d.numFeatures()).withNumLabels(d.numLabels()));
    IoTestSupport.assertSameExamples(d, back, "LIBSVM write and read back");
  }

  @FuzzTest(maxDuration = "60s")
  void arff(byte[] input) throws IOException {
    // the relation's MEKA -C decides, then an explicit count of labels at the end
    for (ReadOptions options : List.of(BASE.withFormat(DataFormat.ARFF), BASE.withFormat(DataFormat.ARFF).withLabelsLast(1))) {
      Dataset d = readOrNull(input, "fuzz.arff", options);
      if (d == null) {
        continue;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ArffWriter.write(d, out, "written");
      Dataset back = DataFiles.read(new ByteArrayInputStream(out.toByteArray()), "written.arff", ReadOptions.defaults());
      IoTestSupport.assertSameExamples(d, back, "ARFF write and read back");
      Assertions.assertEquals(d.labelNames(), back.labelNames(), "label names");
      Assertions.assertEquals(d.featureNames(), back.featureNames(), "feature names");
    }
  }

  @FuzzTest(maxDuration = "60s")
  void mulanLabels(byte[] input) throws IOException {
    try {
      List<String> names = MulanLabels.parse(input, "fuzz.xml");
      for (String name : names) {
        Assertions.assertFalse(name.isEmpty(), "a label without a name was accepted");
      }
    } catch (DataFormatException expected) {
      // the only acceptable failure
    }
  }

  /** Reads {@code input} whole and by streaming; null when it is malformed (a {@link DataFormatException}). */
  private static Dataset readOrNull(byte[] input, String name, ReadOptions options) throws IOException {
    try {
      try (ExampleStream s = DataFiles.open(new ByteArrayInputStream(input), name, options)) {
        DatasetStats.of(s);
        s.inputDigests();
      }
      return DataFiles.read(new ByteArrayInputStream(input), name, options);
    } catch (DataFormatException expected) {
      return null;
    }
  }
}
