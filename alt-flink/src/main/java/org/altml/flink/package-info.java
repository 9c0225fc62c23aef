/**
 * ALT's online learners on Apache Flink 2.x, through the learner registry and the codecs only (no learner is named
 * here). This package wires the jobs: {@link org.altml.flink.FlinkMain} is the command line ({@code ./alt flink}, or
 * {@code flink run}) with its commands {@code run} and {@code predict}, and {@link org.altml.flink.Jobs} builds the
 * pipelines from the parts in the packages below it:
 * <ul>
 *   <li>{@link org.altml.flink.source}: the lines of the input files with exact line numbers ({@code LineFormat},
 *       {@code ShareSource}), per-record parsing ({@code Parsing}, {@code DataSpec}), watched model files;
 *   <li>{@link org.altml.flink.scoring}: a frozen model read by every predictor ({@code FrozenScorer}) or a broadcast
 *       model swapped while the job runs ({@code BroadcastScorer});
 *   <li>{@link org.altml.flink.training}: one model per key ({@code KeyedPrequential}), data-parallel training with
 *       model averaging ({@code ParallelWorker}, {@code ModelMixer});
 *   <li>{@link org.altml.flink.model}: learners and metrics as bytes, the messages that carry them and the state
 *       serializers;
 *   <li>{@link org.altml.flink.output}: the JSON lines the jobs emit, and what the client does with them (the files
 *       under {@code --out}, the model files, the summary);
 *   <li>{@link org.altml.flink.options}: the options both commands take, as picocli mixins, and their checks.
 * </ul>
 * Nothing below this package depends on it.
 */
package org.altml.flink;
