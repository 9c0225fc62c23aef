/**
 * Model files and checkpoints: {@link org.altml.core.model.ModelIo} frames any learner kind's state (written
 * by its own {@link org.altml.core.learner.ModelCodec}, found by name in the registry, so this package knows
 * no learner) with a header (magic, format version, learner name, codec version, settings, provenance,
 * label names, preprocessing) and a CRC32 footer computed while streaming; file methods add an atomic
 * write. A {@link org.altml.core.model.SavedModel} loads ready to predict and to continue training exactly
 * where it stopped; problems are reported as {@link org.altml.core.model.ModelFormatException}.
 */
package org.altml.core.model;
