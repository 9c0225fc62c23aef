/**
 * The readers' and writers' machinery, not exported: opening an input in one pass ({@code Inputs}: hashing, gzip by
 * its magic bytes), lines and chunks of bytes with the encoding checks ({@code LineInput}), number parsing and
 * quoting ({@code Numbers}), SHA-256 of what was read, sorting of a row's entries and buffered text output.
 */
package org.altml.sparse.io.internal;
