/**
 * Model files: {@link org.altml.core.model.ModelIo} saves a trained linear learner (FALT, SALT, PA-I,
 * PA-II) with its settings and label names in a versioned, checksummed binary format and loads it back
 * ready to predict and to continue training ({@link org.altml.core.model.SavedModel}); problems with a
 * file are reported as {@link org.altml.core.model.ModelFormatException}.
 */
package org.altml.core.model;
