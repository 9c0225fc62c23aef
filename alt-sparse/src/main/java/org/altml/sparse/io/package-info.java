/** Readers and writers for LIBSVM multi-label and Mulan/MEKA ARFF files, plain or gzipped. */
package org.altml.sparse.io;
