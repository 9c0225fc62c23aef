/**
 * Open streams (docs/spec.md#open-streams): records whose labels and features are named and grow as the stream
 * brings them. A {@link org.altml.sparse.open.Vocabulary} pairs the label names, in the order of first appearance
 * ({@link org.altml.sparse.open.LabelVocabulary}), with a map of feature names to rows (a growing
 * {@link org.altml.sparse.open.FeatureDictionary}, {@link org.altml.sparse.open.FeatureHashing} into 2^B rows, or the
 * numeric indices as they are, {@link org.altml.sparse.open.NumericFeatures}); an
 * {@link org.altml.sparse.open.OpenStream} reads LIBSVM, {@code name:value} LIBSVM and JSON lines records through it.
 */
package org.altml.sparse.open;
