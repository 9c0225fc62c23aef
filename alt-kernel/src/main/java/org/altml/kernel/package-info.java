/** Kernels on sparse vectors ({@link org.altml.kernel.RbfKernel}) for the kernelized learners. */
package org.altml.kernel;
