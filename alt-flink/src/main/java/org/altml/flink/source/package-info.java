/**
 * What the jobs read: the lines of LIBSVM and ARFF files, each with its file and exact line number ({@link
 * org.altml.flink.source.LineFormat}, split at line ends for Flink's file source; {@link
 * org.altml.flink.source.ShareSource}, lines shared out by number among the data-parallel workers), their records
 * parsed one line at a time with the readers' own checks ({@link org.altml.flink.source.Parsing}, by a {@link
 * org.altml.flink.source.DataSpec}), the model files dropped into a watched folder ({@link
 * org.altml.flink.source.ModelFileFormat}), and the failures a restart would meet again ({@link
 * org.altml.flink.source.PermanentFailure}).
 */
package org.altml.flink.source;
