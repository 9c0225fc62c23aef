/**
 * LIBSVM multi-label text ({@code l1,l2 idx:val ...}): {@link org.altml.sparse.io.libsvm.LibSvmReader}, which parses
 * on the caller's thread or, with {@link org.altml.sparse.io.ReadOptions#parseThreads()} above 1, on threads ahead of
 * it (the same examples, errors and digests), and {@link org.altml.sparse.io.libsvm.LibSvmWriter}.
 */
package org.altml.sparse.io.libsvm;
