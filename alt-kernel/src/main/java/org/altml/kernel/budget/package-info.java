/**
 * Budgeted support-vector storage: {@link org.altml.kernel.budget.SupportVectorStore} (contiguous
 * features, norms, padded coefficient rows and an exact age list) and the {@link
 * org.altml.kernel.budget.BudgetPolicy} strategies that keep it at a budget B, found by name in {@link
 * org.altml.kernel.budget.BudgetPolicies}: {@code oldest}, {@code random}, {@code smallest} and
 * {@code merge} (SPEC.md, "Kernelized FALT").
 */
package org.altml.kernel.budget;
