/**
 * The predictors: {@link org.altml.flink.scoring.FrozenScorer} (one model that every predictor reads itself, chained to
 * its source) and {@link org.altml.flink.scoring.BroadcastScorer} (models broadcast to the predictors and swapped while
 * the job runs), both scoring through a {@link org.altml.flink.scoring.LineScorer} after a JIT warm-up.
 */
package org.altml.flink.scoring;
