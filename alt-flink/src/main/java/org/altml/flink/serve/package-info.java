/**
 * The delayed-label job ({@code alt flink serve}): records from a topic are predicted at once by the current model, their
 * labels arrive later on a feedback topic, and the job learns from each example when its labels come and scores the
 * prediction it served. One learner ({@link org.altml.flink.serve.ServeOperator}, parallelism 1) holds the model; the
 * examples waiting for labels are keyed state by id, bounded by a time to live and a size limit.
 */
package org.altml.flink.serve;
