/**
 * What the commands write: {@code Reports} (human tables and JSON with the run record), {@code Predictions} (the
 * prediction-line format of predict and evaluate --predictions), {@code CurveWriter} (learning curves), {@code
 * StatsReport}, {@code Progress} (the progress bar on a terminal), {@code Warnings} and {@code Messages} (one-line
 * warnings and library messages in command-line words), {@code CliOutput} (a file, atomically, or standard output
 * for {@code -}) and {@code ToolkitVersion}.
 */
package org.altml.cli.output;
