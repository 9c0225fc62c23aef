/**
 * Kernels for the kernelized learners ({@link org.altml.kernel.RbfKernel}, computed from one dot product
 * and cached squared norms) and the kernel parameters alt-kernel's learner kinds share ({@link
 * org.altml.kernel.KernelParameters}: {@code sigma2}). The bottom of the module: it imports none of its
 * subpackages ({@code store}, {@code budget}, {@code cache}, {@code learner}, {@code features}), which all build on it.
 */
package org.altml.kernel;
