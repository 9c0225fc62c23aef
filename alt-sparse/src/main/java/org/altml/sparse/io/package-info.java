/**
 * Readers and writers for LIBSVM multi-label and Mulan/MEKA ARFF files, plain or gzipped.
 *
 * <p>Reading ({@link org.altml.sparse.io.DataFiles}): one pass over every input, so FIFOs and standard
 * input ({@code "-"}) work; UTF-8 only (a byte order mark is skipped, UTF-16 is refused with a message
 * that says how to convert it); every malformed input is a {@link org.altml.sparse.io.DataFormatException}
 * naming file, line and problem; optional SHA-256 of what was read for provenance
 * ({@link org.altml.sparse.io.ReadOptions#withInputHashing}). Mulan XML label files are parsed without
 * DTDs, entities or external access ({@link org.altml.sparse.io.MulanLabels}).
 *
 * <p>Writing: every output goes through {@link org.altml.sparse.io.AtomicOutput} (whole or not at all;
 * devices, FIFOs and {@code /dev/stdout} in place; symbolic links written through);
 * {@link org.altml.sparse.io.OutputPaths#sameFile} tells whether an output would overwrite an input.
 */
package org.altml.sparse.io;
