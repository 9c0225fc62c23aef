/**
 * Plan files of {@code alt experiment --plan}: {@link org.altml.experiment.plan.PlanFile} reads one dataset per line,
 * {@code NAME: options}, into {@link org.altml.experiment.plan.PlanLine}s (the words of the options split as a shell
 * would, paths resolved against the plan's folder); {@link org.altml.experiment.plan.PlanLearners} turns a block's
 * {@code --learners}, {@code --given} and {@code --fix} into the {@link org.altml.experiment.Experiment.Learner}s to
 * tune and run. The command line parses each line's words with its own options; errors here name the plan file and
 * line.
 */
package org.altml.experiment.plan;
