/**
 * Documentation generated from the command line's picocli model: {@code CliReference} writes {@code docs/cli.md}, the
 * option reference of {@code alt} and every subcommand (a test in alt-cli fails when the committed page is stale).
 */
package org.altml.cli.doc;
