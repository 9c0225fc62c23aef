/**
 * Budget maintenance: the {@link org.altml.kernel.budget.BudgetPolicy} strategies that keep a {@link
 * org.altml.kernel.store.SupportVectorStore} at a budget B, found by name in {@link
 * org.altml.kernel.budget.BudgetPolicies}: {@code oldest}, {@code random}, {@code smallest} and {@code merge}
 * (docs/spec.md#budget), with their parameters ({@link org.altml.kernel.budget.BudgetParameters}:
 * {@code budget}, {@code budgetPolicy}, {@code mergePartners}). Policies act on the store; the store knows
 * nothing of them.
 */
package org.altml.kernel.budget;
