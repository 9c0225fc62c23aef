/**
 * The {@code alt} command line: {@link org.altml.cli.AltCommand} and one class per subcommand, shared
 * options as mixins ({@link org.altml.cli.DataOptions}, {@link org.altml.cli.SeedOptions}), and
 * {@link org.altml.cli.DataLoading}, the one place that reads and writes data files. Commands parse,
 * build config records, call library entry points and print; only {@code AltCommand.main} exits.
 */
package org.altml.cli;
