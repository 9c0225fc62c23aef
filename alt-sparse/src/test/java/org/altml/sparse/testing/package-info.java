/**
 * Test support shared by every module's tests (alt-sparse's test-jar): {@link org.altml.sparse.testing.RealDatasets},
 * the optional real datasets, and {@link org.altml.sparse.testing.RealDatasetsSummary}, which says once per run which
 * of them were missing and how to get them.
 */
package org.altml.sparse.testing;
