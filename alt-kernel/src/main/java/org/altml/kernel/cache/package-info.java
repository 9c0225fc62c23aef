/**
 * The Gram cache ({@link org.altml.kernel.cache.GramCache}): squared distances between the examples of one
 * dataset, by example id, shared by every kernel learner of a tuning run (all σ², folds and orders) through
 * {@link org.altml.core.learner.SharedResources}, each thread reading it through its own {@link
 * org.altml.kernel.cache.GramCursor}. Depends on no other package of alt-kernel.
 */
package org.altml.kernel.cache;
