/** Seeded synthetic example streams: RCV1-shaped sparse text and dense nonlinear data. */
package org.altml.sparse.synth;
