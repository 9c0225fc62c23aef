/**
 * The experiment protocol of the paper (section 6.4; docs/spec.md#tuning and docs/spec.md#runs) as a library:
 * {@link org.altml.experiment.Grid} (search grids from the learner registry), {@link org.altml.experiment.Tuner}
 * (k-fold cross-validated tuning on the training set, full or adaptive {@link org.altml.experiment.Search}),
 * {@link org.altml.experiment.Selection} (the paper's many-metrics rule as a Copeland count, or one metric),
 * and {@link org.altml.experiment.Experiment} (tune, then R seeded train-then-test runs per learner, resumable
 * through {@link org.altml.experiment.store.RunStore}), and {@link org.altml.experiment.plan} (plan files of
 * several datasets, and a block's learners to tune or run). alt-cli's {@code tune} and {@code experiment} commands
 * parse options and call these; nothing here prints.
 */
package org.altml.experiment;
