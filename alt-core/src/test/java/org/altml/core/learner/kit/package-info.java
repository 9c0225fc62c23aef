/**
 * The learner conformance kit, published in alt-core's test-jar: {@link
 * org.altml.core.learner.kit.BaseLearnerKindTestCase}, whose checks every registered learner kind runs through one
 * subclass per module, with its seeded synthetic data ({@link org.altml.core.learner.kit.KitData}) and settings drawn
 * from the parameters' ranges ({@link org.altml.core.learner.kit.RandomSettings}).
 */
package org.altml.core.learner.kit;
