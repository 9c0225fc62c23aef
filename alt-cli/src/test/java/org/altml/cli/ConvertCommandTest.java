package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {
  @TempDir Path dir;

  @Test
  void libSvmToArffGzAndBackKeepsEveryValue() throws IOException {
    SparseTextGenerator.Config c =
        SparseTextGenerator.Config.defaults().withNumFeatures(500).withMeanNonZeros(10).withNumLabels(8)
            .withLabelCardinality(1.5).withModelNonZerosPerLabel(40).withSeed(12);
    Dataset original = new SparseTextGenerator(c).generate(100);
    Path svm = dir.resolve("a.svm");
    DataFiles.write(original, svm);
    Path arff = dir.resolve("a.arff.gz");
    Path back = dir.resolve("b.svm");
    assertEquals(0, CliRun.of("convert", "--num-labels", "8", svm.toString(), arff.toString()).exitCode());
    CliRun r = CliRun.of("convert", arff.toString(), back.toString());
    assertEquals(0, r.exitCode(), r.err());
    Dataset read = DataFiles.read(back);
    assertEquals(original.size(), read.size());
    for (int i = 0; i < original.size(); i++) {
      assertEquals(original.example(i), read.example(i), "example " + i + ", seed 12");
    }
  }

  @Test
  void failedConversionLeavesAnExistingOutputUntouched() throws IOException {
    Path bad = dir.resolve("bad.svm");
    Files.writeString(bad, "0 1:1\n0 1:x\n", StandardCharsets.UTF_8);
    Path out = dir.resolve("out.svm");
    Files.writeString(out, "keep me\n", StandardCharsets.UTF_8);
    CliRun r = CliRun.of("convert", bad.toString(), out.toString());
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("bad.svm:2:"), r.err());
    assertEquals("keep me\n", Files.readString(out));
    try (var files = Files.list(dir)) {
      assertFalse(files.anyMatch(p -> p.getFileName().toString().startsWith(".alt-tmp-")));
    }
  }

  @Test
  void needsTwoFiles() {
    assertEquals(2, CliRun.of("convert", "only-one.svm").exitCode());
  }

  /** An ARFF file of labels only is ARFF: its --labels-last was refused as a LIBSVM file's (a review). */
  @Test
  void anArffFileOfLabelsOnlyTakesArffOptions() throws Exception {
    Path arff = Files.writeString(dir.resolve("labels.arff"), "@relation t\n@attribute a {0,1}\n@attribute b {0,1}\n@data\n1,0\n0,1\n");
    CliRun r = CliRun.of("convert", "--labels-last", "2", arff.toString(), dir.resolve("o.svm").toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("2 examples, 0 features, 2 labels"), r.out());
  }
}
