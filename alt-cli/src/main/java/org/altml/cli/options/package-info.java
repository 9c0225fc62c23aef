/**
 * Options more than one command takes, each declared once as a picocli mixin ({@code DataOptions}, {@code
 * SeedOptions}, {@code ProgressOptions}, {@code MisfitOptions}, ...), the checks of their values ({@code
 * ProtocolOptions}), and the learner options built from the learner registry ({@code RegistryLearnerOptions}). Where
 * commands describe a shared option in their own words, the words are in {@code OptionHelp}, by command.
 */
package org.altml.cli.options;
