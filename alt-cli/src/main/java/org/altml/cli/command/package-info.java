/**
 * The subcommands of {@code alt}, one class each ({@code EvaluateCommand}, {@code TuneCommand}, {@code
 * ExperimentCommand}, ...), listed in {@link org.altml.cli.AltCommand}. A command declares its own options, mixes in
 * the shared ones of {@link org.altml.cli.options}, checks its files with {@link org.altml.cli.data.CommandFiles}
 * before any work, reads through {@link org.altml.cli.data.DataLoading} and writes through {@link
 * org.altml.cli.output}; the protocols themselves are library entry points (alt-core, alt-experiment).
 */
package org.altml.cli.command;
