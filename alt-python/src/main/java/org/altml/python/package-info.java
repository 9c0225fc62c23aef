/**
 * The Java side of the Python package {@code altml}: entry points that take and give primitive arrays (a CSR
 * matrix as its three arrays, a label-indicator matrix as two), so that data crosses between Python and the JVM
 * once per call, never one Python call per example. Nothing here is meant for Java callers: they use alt-core,
 * alt-kernel and alt-experiment directly.
 */
package org.altml.python;
