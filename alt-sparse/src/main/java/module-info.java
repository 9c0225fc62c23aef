/**
 * Sparse multi-label data: examples, datasets, the readers and writers of LIBSVM, ARFF/MEKA/MULAN and CSV
 * files, open streams whose named features and labels grow ({@code org.altml.sparse.open}), and synthetic
 * generators. Every package is API except {@code org.altml.sparse.io.internal}, the readers' machinery.
 */
module org.altml.sparse {
  requires it.unimi.dsi.fastutil;
  requires ch.randelshofer.fastdoubleparser;
  requires com.fasterxml.jackson.core;
  requires org.apache.commons.codec;
  requires java.logging;
  requires java.xml;

  exports org.altml.sparse;
  exports org.altml.sparse.data;
  exports org.altml.sparse.io;
  exports org.altml.sparse.io.arff;
  exports org.altml.sparse.io.files;
  exports org.altml.sparse.io.libsvm;
  exports org.altml.sparse.open;
  exports org.altml.sparse.synth;
}
