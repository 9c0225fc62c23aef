/**
 * The learners in a job: {@link org.altml.flink.training.KeyedPrequential} (one model per key, in keyed state) and
 * data-parallel training ({@link org.altml.flink.training.ParallelWorker}s averaged by a {@link
 * org.altml.flink.training.ModelMixer}), created on the task managers from a {@link
 * org.altml.flink.training.LearnerSetup}; {@link org.altml.flink.training.ParameterMixing} computes the data-parallel
 * training in one thread, for measurements.
 */
package org.altml.flink.training;
