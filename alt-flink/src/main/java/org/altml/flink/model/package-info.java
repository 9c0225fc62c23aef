/**
 * Learners and metric suites as bytes through their codecs ({@link org.altml.flink.model.Models}): in the {@link
 * org.altml.flink.model.ModelMessage}s that carry models between operators, and in Flink state ({@link
 * org.altml.flink.model.CodecSerializer}).
 */
package org.altml.flink.model;
