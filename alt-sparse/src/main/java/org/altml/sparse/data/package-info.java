/**
 * Labelled examples: the {@link org.altml.sparse.data.ExampleStream} cursor, in-memory CSR
 * {@link org.altml.sparse.data.Dataset}s with seeded permutations and k-fold splits, and
 * {@link org.altml.sparse.data.Example} records for tests.
 */
package org.altml.sparse.data;
