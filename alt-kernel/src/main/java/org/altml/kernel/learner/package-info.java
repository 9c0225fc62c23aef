/**
 * The kernel learner kinds: {@code falt-k} ({@link org.altml.kernel.learner.KernelFalt}, the paper's
 * section 5) and {@code pa1-k} / {@code pa2-k} ({@link org.altml.kernel.learner.KernelPaBinaryRelevance}),
 * on a {@link org.altml.kernel.store.SupportVectorStore}, budgeted or not, and registered through
 * {@code META-INF/services/org.altml.core.learner.LearnerSpec}.
 */
package org.altml.kernel.learner;
