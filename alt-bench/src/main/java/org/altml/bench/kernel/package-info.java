/** Benchmarks of alt-kernel: the Gram cache on a cross-validated σ² sweep ({@link org.altml.bench.kernel.GramCacheSweep}). */
package org.altml.bench.kernel;
