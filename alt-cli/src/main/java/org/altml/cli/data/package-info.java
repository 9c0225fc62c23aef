/**
 * Data as the commands read it: {@code DataLoading} (every data file read or written, with the data options),
 * {@code CommandFiles} (inputs and outputs checked before any work: no output is an input, standard input is read
 * once), {@code ModelFit} (data checked against a saved model), {@code ReadWarnings} (the readers' warnings above the
 * progress bar) and {@code ScalingAdvice}.
 */
package org.altml.cli.data;
