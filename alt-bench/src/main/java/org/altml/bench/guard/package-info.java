/**
 * The speed guard: a few seconds of alternating measurements that the test command runs, failing only when a ratio
 * within one run (the Panama FALT round against the scalar specification's, the block-scored kernel pass against the
 * per-example one) falls under half the ratio a JMH run recorded ({@link org.altml.bench.guard.SpeedGuard}); the
 * workloads are those of {@link org.altml.bench.guard.GuardBenchmark}, which recorded them.
 */
package org.altml.bench.guard;
