/**
 * Data files of either format: {@link org.altml.sparse.io.files.DataFiles} reads, streams and writes them, choosing
 * LIBSVM or ARFF by the options, the name or the content; {@link org.altml.sparse.io.files.RecordParser} parses one
 * line at a time with the readers' own checks, for engines that cut a file into records themselves.
 */
package org.altml.sparse.io.files;
