/**
 * What every data format shares: {@link org.altml.sparse.io.ReadOptions}, {@link org.altml.sparse.io.DataFormat},
 * the {@link org.altml.sparse.io.DataFormatException} that names file, line and problem, the names of inputs
 * ({@link org.altml.sparse.io.InputNames}: {@code "-"} is standard input), strict gzip and the outputs.
 *
 * <p>Reading goes through {@link org.altml.sparse.io.files.DataFiles} (the formats are in
 * {@link org.altml.sparse.io.libsvm} and {@link org.altml.sparse.io.arff}): one pass over every input, so FIFOs and
 * standard input work; UTF-8 only (a byte order mark is skipped, UTF-16 is refused with a message that says how to
 * convert it); optional SHA-256 of what was read for provenance ({@link org.altml.sparse.io.ReadOptions#withInputHashing}).
 *
 * <p>Writing: every output goes through {@link org.altml.sparse.io.AtomicOutput} (whole or not at all;
 * devices, FIFOs and {@code /dev/stdout} in place; symbolic links written through);
 * {@link org.altml.sparse.io.OutputPaths#sameFile} tells whether an output would overwrite an input.
 */
package org.altml.sparse.io;
