/**
 * The one learner architecture every learner kind plugs into.
 *
 * <h2>The pieces</h2>
 * <ul>
 *   <li>{@link org.altml.core.learner.OnlineMultiLabelLearner}: predict, update, predict-then-update (with an
 *       optional example id, the example's position in its dataset), metadata ({@link
 *       org.altml.core.learner.OnlineMultiLabelLearner#settings()}, examples seen, {@code ramBytesUsed()}),
 *       {@link org.altml.core.learner.OnlineMultiLabelLearner#predictor()} for per-thread prediction scratch
 *       (no {@code ThreadLocal}: a thread-confined object the caller owns), and a finiteness check.</li>
 *   <li>{@link org.altml.core.learner.LearnerSpec}: a learner kind found by name through
 *       {@link java.util.ServiceLoader} ({@link org.altml.core.learner.LearnerRegistry}), as Lucene finds its
 *       codecs: its typed {@link org.altml.core.learner.Parameter}s (default, range, the paper's symbol and
 *       grid), a factory taking a {@link org.altml.core.learner.LearnerContext} (L, d when known, training
 *       size when known, seed), and its {@link org.altml.core.learner.ModelCodec}.</li>
 *   <li>{@link org.altml.core.learner.Settings}: a kind's parameter values with defaults filled in (the only
 *       configuration: a learner reads every value from the settings it is created with, and {@code settings()}
 *       returns them; a config record such as {@code FaltConfig} is a view of them, never a source of defaults), and a
 *       stable {@link org.altml.core.learner.Settings#key()}, the provenance of a configuration (after
 *       Tribuo's provenance, much lighter). Parameters shared by several kinds are defined once in
 *       {@link org.altml.core.learner.CommonParameters}, so their defaults live in one place.</li>
 *   <li>{@link org.altml.core.learner.ModelCodec} over {@link org.altml.core.learner.StateOutput} /
 *       {@link org.altml.core.learner.StateInput}: a kind writes its complete state (so a restored
 *       learner continues exactly where it stopped) and reads it back checking every size against the
 *       bytes that remain; {@code org.altml.core.model.ModelIo} frames it with a header and a checksum
 *       footer, as Lucene's {@code CodecUtil} does.</li>
 *   <li>{@link org.altml.core.learner.InnerSteps}: the M-step round of docs/spec.md#m-steps as a template with a
 *       rescoring hook (linear learners recompute x·W, kernel learners update the scores incrementally);
 *       learning decisions are made in double whatever the storage precision.</li>
 * </ul>
 *
 * <h2>Adding a learner kind</h2>
 * Write the learner (implement {@link org.altml.core.learner.OnlineMultiLabelLearner}), its spec
 * (implement {@link org.altml.core.learner.LearnerSpec} with a public no-argument constructor) and its
 * codec, and add one line naming the spec class to {@code META-INF/services/org.altml.core.learner.LearnerSpec}
 * in the module that owns it. Nothing else changes: {@code alt --learner NAME} and its options and help,
 * the protocols, model files, checkpoints and benchmarks find it by name. The tests register a minimal
 * example this way ({@code MeanScore} in {@code src/test}: it predicts the labels seen in more than a share
 * of the examples, with one parameter and a ten-line codec):
 *
 * <pre>{@code
 * final class MeanScore implements OnlineMultiLabelLearner {
 *   public static final class Spec implements LearnerSpec {
 *     static final Parameter<Float> SHARE = Parameter.positiveFloat("share", "", "...", 0.5f, List.of());
 *     public String name() { return "mean-score"; }
 *     public String description() { return "predicts the labels seen in more than a share of the examples"; }
 *     public List<Parameter<?>> parameters() { return List.of(SHARE); }
 *     public OnlineMultiLabelLearner create(Settings s, LearnerContext c) {
 *       s.requireKind(this); // another kind's settings are refused
 *       return new MeanScore(this, s, c.numLabels());
 *     }
 *     public ModelCodec codec() { return CODEC; }   // writes examples and the label counts
 *     ...
 *   }
 *   ...
 * }
 * // src/test/resources/META-INF/services/org.altml.core.learner.LearnerSpec:
 * //   org.altml.core.learner.MeanScore$Spec
 * }</pre>
 *
 * <h2>The conformance kit</h2>
 * A registered kind is checked with nothing more to write. alt-core's test-jar holds the conformance kit,
 * {@code org.altml.core.learner.kit.BaseLearnerKindTestCase} (as Lucene's {@code BaseDocValuesFormatTestCase} is for
 * its formats): its checks run once per kind the registry supplies, each on the kind's default settings and on
 * settings drawn from its parameters' ranges: the codec round trip is bit-equal; training n, saving, loading and
 * training m equals training n + m; thread-confined predictors agree with one thread; the same seed gives the same
 * model (another seed another, for the kinds declared randomized); training and predicting by hand gives the
 * metrics of {@code TrainThenTest}; {@code create(s).settings().equals(s)}; non-finite inputs and divergence are
 * reported, never returned or saved; {@code ramBytesUsed()} tracks the model file's size. Each module runs it
 * through one subclass in its tests ({@code CoreLearnerKindsTest} here, {@code KernelLearnerKindsTest} in
 * alt-kernel, which also checks every {@code LEARNER+MAP} composition), which names the kinds from the registry
 * and says which are randomized.
 *
 * <p>{@code mean-score} is the proof: adding it touched its own file ({@code MeanScore.java}) and one line of the
 * service file above, and {@code CoreLearnerKindsTest} runs every check on it, as on {@code falt}. A kind of a
 * module that already runs the kit needs nothing else; a module with its first kinds adds a test-scoped dependency
 * on {@code alt-core}'s {@code test-jar} and one subclass:
 *
 * <pre>{@code
 * class MyKindsTest extends BaseLearnerKindTestCase {
 *   protected List<String> kinds() { return registeredKinds().stream().filter(k -> k.startsWith("my-")).toList(); }
 *   protected boolean randomized(Settings s) { return false; } // true where the context's seed decides the model
 * }
 * }</pre>
 *
 * <p>If a check fails for a new kind, the kind is wrong (or its randomness undeclared), not the kit: the kit found
 * that {@code elm-omll solver=coupled} did not continue bit for bit after a load.
 */
package org.altml.core.learner;
