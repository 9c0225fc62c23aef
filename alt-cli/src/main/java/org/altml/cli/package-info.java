/**
 * The {@code alt} command line: {@link org.altml.cli.AltCommand} (the root command, {@code main}, exit codes and the
 * one-line error reports) and {@link org.altml.cli.VersionProvider} ({@code --version}). Its parts are packages, each
 * depending only on those below it:
 *
 * <ul>
 *   <li>{@link org.altml.cli.command}: one class per subcommand; commands parse, build config records, call library
 *       entry points and print; only {@code AltCommand.main} exits.
 *   <li>{@link org.altml.cli.options}: the picocli mixins the commands share, each option declared once, and the
 *       learner options built from the learner registry ({@code RegistryLearnerOptions}: the CLI knows no learner by
 *       hand).
 *   <li>{@link org.altml.cli.data}: reading data ({@code DataLoading}, the one place that reads and writes data
 *       files), the inputs and outputs checked before any work ({@code CommandFiles}), data checked against a saved
 *       model ({@code ModelFit}), reader warnings and scaling advice.
 *   <li>{@link org.altml.cli.output}: what the commands write: reports ({@code Reports}, JSON with the run record,
 *       the paper's Table 3 in percent), prediction lines, learning curves, the progress bar, warnings, library
 *       messages in command-line words ({@code Messages}) and {@code CliOutput} (a file or standard output).
 * </ul>
 *
 * <p>To add a subcommand: see {@link org.altml.cli.AltCommand}.
 */
package org.altml.cli;
