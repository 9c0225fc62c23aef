/**
 * Statistics of the experiment protocol: {@link org.altml.experiment.stats.Summary} (mean and standard
 * deviation over runs), {@link org.altml.experiment.stats.PairedTests} (paired t and Wilcoxon signed-rank,
 * through Apache Commons Statistics) and {@link org.altml.experiment.stats.Friedman} (Friedman, Iman-Davenport
 * and the Nemenyi critical difference, Demšar 2006).
 */
package org.altml.experiment.stats;
