package org.altml.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;

/** Small seeded synthetic text corpora for the command-line tests, written as data files. */
public final class SmallCorpus {
  private SmallCorpus() {}

  /** {@code n} examples of RCV1-shaped text: d features (6 non-zeros each), L labels (1.5 per example). */
  public static Dataset generate(int d, int labels, int n, long seed) {
    SparseTextGenerator.Config c = SparseTextGenerator.Config.defaults().withModelNonZerosPerLabel(20).withMeanNonZeros(6)
        .withNumFeatures(d).withNumLabels(labels).withLabelCardinality(1.5).withSeed(seed);
    return new SparseTextGenerator(c).generate(n);
  }

  /** Writes the examples {@code from} (inclusive) to {@code to} of {@code data} to {@code file}; returns it. */
  public static Path write(Dataset data, int from, int to, Path file) throws IOException {
    DataFiles.write(data.subset(EvaluateCommandTest.range(from, to)), file);
    return file;
  }
}
