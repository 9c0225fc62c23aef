/** Side-by-side comparison of ALT with Tribuo, LIBLINEAR and MOA (profile {@code peers} only). */
package org.altml.bench.peers;
