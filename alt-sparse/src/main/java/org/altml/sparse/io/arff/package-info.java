/**
 * Mulan/MEKA ARFF: {@link org.altml.sparse.io.arff.ArffReader} (the header, the label columns decided by a Mulan XML
 * file, a count, MEKA's {@code -C} or a model's names, nominal values), {@link org.altml.sparse.io.arff.ArffWriter},
 * and the Mulan XML label files ({@link org.altml.sparse.io.arff.MulanLabels}, parsed without DTDs, entities or
 * external access).
 */
package org.altml.sparse.io.arff;
