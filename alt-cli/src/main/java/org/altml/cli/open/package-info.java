/**
 * The open-stream side of the commands (docs/spec.md#open-labels): {@code --open} runs whose labels and features grow
 * with the stream ({@code alt prequential --open}, {@code alt train --open}), and open models applied to records
 * ({@code alt predict}).
 */
package org.altml.cli.open;
