/**
 * The experiment's reports: {@link org.altml.experiment.report.Analysis} (means, standard deviations, paired
 * tests and bold marks, Friedman/Nemenyi), {@link org.altml.experiment.report.Tables} (the paper's Tables 3
 * and 4 as Markdown, LaTeX and CSV), {@link org.altml.experiment.report.Figures} (PNG, PDF and SVG via XChart, with
 * {@link org.altml.experiment.report.Captions}) and
 * {@link org.altml.experiment.report.Outputs} (everything into one folder, atomically).
 */
package org.altml.experiment.report;
