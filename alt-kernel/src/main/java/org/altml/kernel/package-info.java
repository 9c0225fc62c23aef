/**
 * Kernels for the kernelized learners ({@link org.altml.kernel.RbfKernel}, computed from one dot product
 * and cached squared norms) and the parameters alt-kernel's learner kinds share ({@link
 * org.altml.kernel.KernelParameters}: {@code sigma2}, {@code budget}, {@code budgetPolicy}).
 */
package org.altml.kernel;
