/**
 * Internal: the scalar and Panama (Vector API) kernel implementations and the provider that picks one at
 * start-up. Only {@code Panama*} classes import {@code jdk.incubator.vector}. Not API: call
 * {@link org.altml.core.math.VectorMath}.
 */
package org.altml.core.internal.vectorization;
