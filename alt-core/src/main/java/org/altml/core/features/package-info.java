/**
 * Feature maps that make any linear learner nonlinear, by composition.
 *
 * <h2>The pieces</h2>
 * <ul>
 *   <li>{@link org.altml.core.features.FeatureMap}: z: R^d → R^D, with a life cycle for maps fitted on the
 *       first training examples (Nyström's landmarks) and per-thread {@link
 *       org.altml.core.features.FeatureMap.Mapper}s for parallel prediction.</li>
 *   <li>{@link org.altml.core.features.FeatureMapSpec}: a map kind found by name through {@link
 *       java.util.ServiceLoader} ({@link org.altml.core.features.FeatureMapRegistry}), as learner kinds are: its
 *       typed parameters ({@link org.altml.core.features.MapParameters}, σ² shared with the kernel
 *       learners as {@link org.altml.core.learner.CommonParameters#SIGMA2}), a factory and a {@link
 *       org.altml.core.features.FeatureMapCodec}. The maps themselves live in alt-kernel
 *       ({@code org.altml.kernel.features}: {@code rff}, {@code nystrom}), which registers them.</li>
 *   <li>{@link org.altml.core.features.MappedSpec} and {@link org.altml.core.features.MappedLearner}: the
 *       learner kind {@code LEARNER+MAP} (e.g. {@code salt+rff}) and its learner, which maps every example and
 *       hands z(x) to an ordinary learner of a linear kind ({@link
 *       org.altml.core.learner.LearnerSpec#isLinear()}). Its settings hold the learner's parameters and the
 *       map's; its model body holds the map's state and the inner learner's body, written by their own
 *       codecs.</li>
 *   <li>{@link org.altml.core.features.FeatureMapComposer}: the {@link org.altml.core.learner.LearnerComposer}
 *       through which {@link org.altml.core.learner.LearnerRegistry#get} resolves {@code LEARNER+MAP} names,
 *       so model files, run records, protocols and the CLI need no case for maps.</li>
 * </ul>
 *
 * <pre>{@code
 * Settings s = LearnerRegistry.get("salt+rff").defaults().with("mapDim", 2000).with("sigma2", 0.5);
 * OnlineMultiLabelLearner salt = s.spec().create(s, new LearnerContext(numLabels, 0, -1, seed));
 * }</pre>
 */
package org.altml.core.features;
