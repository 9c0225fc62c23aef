/**
 * The support vectors of every kernel learner, budgeted or not, and the passes that score against them: {@link
 * org.altml.kernel.store.SupportVectorStore} (contiguous features, norms, padded coefficient rows and an exact age
 * list), its per-thread scratch {@link org.altml.kernel.store.KernelRow}, and {@link
 * org.altml.kernel.store.BlockScorer} (a block of examples against a range of slots in two matrix products).
 *
 * <p>A package of its own because all of alt-kernel's learners use it while only some keep a budget: it depends on
 * the kernels ({@code org.altml.kernel}) and the Gram cache it can read distances from ({@code
 * org.altml.kernel.cache}); the budget policies ({@code org.altml.kernel.budget}) and the learners ({@code
 * org.altml.kernel.learner}) build on it, and it on neither.
 */
package org.altml.kernel.store;
