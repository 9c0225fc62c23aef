/**
 * Accuracy experiments that are not JMH benchmarks, run as plain {@code main}s from {@code benchmarks.jar}
 * by the scripts under {@code experiments/}: {@link org.altml.bench.experiments.KernelQuality}, FALT(k)
 * tuned by k-fold cross-validation on the training set and compared with the paper's Table 3.
 */
package org.altml.bench.experiments;
