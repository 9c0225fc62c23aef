/** The dense vector kernel facade {@link org.altml.core.math.VectorMath}. */
package org.altml.core.math;
