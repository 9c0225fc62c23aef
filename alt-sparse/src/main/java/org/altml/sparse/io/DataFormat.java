package org.altml.sparse.io;

import java.nio.file.Path;

/** File formats the toolkit reads and writes. */
public enum DataFormat {
  /** Decide by the file name: {@code .arff} (optionally {@code .arff.gz}) is ARFF, anything else LIBSVM. */
  AUTO,
  /** LIBSVM multi-label text: {@code l1,l2 idx:val idx:val ...}. */
  LIBSVM,
  /** Mulan/MEKA ARFF with the labels named by an XML file, a count, or the relation name. */
  ARFF;

  /** Resolves {@link #AUTO} by the file name; other constants are returned unchanged. */
  public DataFormat resolve(Path file) {
    if (this != AUTO) {
      return this;
    }
    return InputNames.plainName(file).endsWith(".arff") ? ARFF : LIBSVM;
  }
}
