/**
 * What the jobs emit and what becomes of it: the JSON lines of predictions, bad records and reports ({@link
 * org.altml.flink.output.Output}), the counting and end-of-job operators that time a job, and on the client the files
 * under {@code --out} ({@link org.altml.flink.output.CollectedResults}, or {@link
 * org.altml.flink.output.StreamedResults} for a job that runs until cancelled), the model files ({@link
 * org.altml.flink.output.ModelFileWriter}), the merged test metrics and the summary line.
 */
package org.altml.flink.output;
