/** Sparse feature vectors ({@link org.altml.sparse.SparseVector}) and label sets ({@link org.altml.sparse.LabelSet}). */
package org.altml.sparse;
