/**
 * ALT's online learners on Apache Flink 2.x, through the learner registry and the codecs only (no learner is
 * named here): {@link org.altml.flink.LineFormat} (file source with exact line numbers, split at line ends),
 * per-record parsing with a bad-record side output ({@link org.altml.flink.Output#BAD}),
 * {@link org.altml.flink.FrozenScorer} (a frozen model read by every predictor, chained to its source),
 * {@link org.altml.flink.BroadcastScorer} (broadcast model, hot swap), {@link org.altml.flink.KeyedPrequential}
 * (one model per key, keyed state), {@link org.altml.flink.ParallelWorker} and
 * {@link org.altml.flink.ModelMixer} (data-parallel training with model averaging, each worker chained to the
 * {@link org.altml.flink.ShareSource} subtask that reads its share of the lines), state through
 * {@link org.altml.flink.CodecSerializer}; {@link org.altml.flink.Jobs} builds the pipelines and
 * {@link org.altml.flink.FlinkMain} runs them ({@code ./alt flink}, or {@code flink run}).
 * {@link org.altml.flink.ParameterMixing} computes the data-parallel training in one thread, for measurements.
 */
package org.altml.flink;
