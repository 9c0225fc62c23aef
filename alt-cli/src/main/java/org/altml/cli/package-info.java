/**
 * The {@code alt} command line: {@link org.altml.cli.AltCommand} and one class per subcommand, shared
 * options as mixins ({@link org.altml.cli.DataOptions}, {@link org.altml.cli.SeedOptions}), and
 * {@link org.altml.cli.DataLoading}, the one place that reads and writes data files. The learning
 * commands (evaluate, prequential, train) take {@code --learner} and its parameter options from
 * {@code LearnerOptions}, which builds them from the learner registry: the CLI knows no learner by hand.
 * The commands share {@code Reports} (JSON with the run record, the paper's Table 3 in percent), {@link
 * org.altml.sparse.io.AtomicOutput} (outputs moved into place only on success) and {@code Predictions}
 * (the prediction-line format of predict and evaluate --predictions). Commands parse, build config
 * records, call library entry points and print; only {@code AltCommand.main} exits.
 *
 * <p>Reliability (issue 8) lives in a few classes every command goes through: {@code CommandFiles}
 * checks the inputs and outputs before any work (no output is an input, standard input is read once),
 * {@code CliOutput} writes an output or standard output for {@code -}, {@code ModelFit} checks that data
 * fits a saved model, {@code Messages} puts library messages in command-line words, {@code Warnings}
 * prints the one-line warnings and {@code Progress} the progress bar on a terminal.
 */
package org.altml.cli;
