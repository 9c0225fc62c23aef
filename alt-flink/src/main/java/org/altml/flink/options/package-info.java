/**
 * The options of {@code alt flink}'s commands that more than one command takes, each declared once as a picocli mixin
 * (data, job, output, shape), and {@link org.altml.flink.options.FlinkOptionChecks}, which refuses the values a job
 * cannot take before anything runs.
 */
package org.altml.flink.options;
