package org.altml.sparse.io.libsvm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.internal.TextOutput;

/**
 * Writes LIBSVM multi-label text: one line per example, the comma-separated labels (nothing for an
 * empty label set), then {@code idx:val} with 1-based indices in increasing order. Values are written
 * with {@link Float#toString} (integral values without {@code .0}), the shortest decimal that parses
 * back to the same float, so a read after a write is float-exact. An example with neither labels nor
 * features is written as {@code 1:0} (a blank line would be skipped; the zero is dropped on reading), and
 * a stream without examples as the comment line {@code # no examples} (the readers refuse an empty file,
 * which is more often a failed download than a dataset). LIBSVM cannot record d, L or label
 * names: read the file back with {@link ReadOptions#withNumFeatures}/{@link ReadOptions#withNumLabels}
 * to keep trailing empty features or labels.
 */
public final class LibSvmWriter {
  private LibSvmWriter() {}

  /**
   * Writes {@code data} to {@code file} (gzip when the name ends in {@code .gz}) through
   * {@link AtomicOutput}: the file appears only once it is complete.
   */
  public static void write(Dataset data, Path file) throws IOException {
    try (ExampleStream s = data.stream();
        AtomicOutput out = AtomicOutput.createCompressedByName(file)) {
      write(s, out.stream());
      out.commit();
    }
  }

  /**
   * Writes every remaining example of {@code stream} to {@code out} and closes {@code out} (not the
   * stream). Returns the number of examples written.
   */
  public static long write(ExampleStream stream, OutputStream out) throws IOException {
    long n = 0;
    try (TextOutput text = new TextOutput(out)) {
      while (stream.advance()) {
        writeExample(stream.features(), stream.labels(), text);
        n++;
      }
      if (n == 0) {
        text.write("# no examples\n");
      }
    }
    return n;
  }

  static void writeExample(SparseVector x, LabelSet y, TextOutput text) throws IOException {
    int[] ly = y.array();
    for (int k = 0; k < y.size(); k++) {
      if (k > 0) {
        text.write(',');
      }
      text.write(ly[y.offset() + k]);
    }
    int[] ix = x.indices();
    float[] vx = x.values();
    for (int k = x.offset(), end = x.offset() + x.nnz(); k < end; k++) {
      if (k > x.offset() || y.size() > 0) {
        text.write(' ');
      }
      text.write(ix[k] + 1).write(':').write(vx[k]);
    }
    if (x.nnz() == 0 && y.size() == 0) {
      // a blank line would be skipped on reading: an explicit zero keeps the empty example
      text.write("1:0");
    }
    text.write('\n');
  }
}
