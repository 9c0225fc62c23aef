/**
 * Benchmarks of alt-core: the {@link org.altml.core.math.VectorMath} kernels, scalar against the
 * Vector API ({@link org.altml.bench.core.VectorMathBenchmark}), and
 * {@link org.altml.bench.core.YardstickComparison}, ALT side by side with the C yardstick.
 */
package org.altml.bench.core;
