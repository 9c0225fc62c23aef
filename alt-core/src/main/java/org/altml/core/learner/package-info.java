/** The online multi-label learner contract and the {@link org.altml.core.learner.Scores} buffer. */
package org.altml.core.learner;
