package org.altml.bench.state;

import java.util.Map;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The learner of a learner benchmark, named by the JMH parameter {@code learner} and built through the
 * registry ({@link RegisteredLearners}) at the registry's defaults with weights in {@code precision},
 * plus the scratch and the stream cursor of the measured loop. The subclasses are the {@code @State}
 * classes and say when a learner is built: afresh every iteration, or once per trial and trained.
 *
 * <p>The {@code learner} parameter's default, {@value org.altml.bench.BenchMain#LINEAR}, is not a list of learners: the
 * benchmarks jar's main class ({@link org.altml.bench.BenchMain}) draws the registered linear kinds from the registry in
 * its place. Any registered name works with {@code -p learner=NAME} (e.g. {@code -p learner=salt}, or a kind another
 * module registers); an unregistered name fails the trial at set-up, naming the registered ones.
 */
@State(Scope.Thread)
public abstract class LearnerState {
  /** Seed of the learner's {@link LearnerContext} (the linear learners draw nothing). */
  public static final long SEED = 1L;

  /** A registered learner kind ({@code LearnerRegistry.names()}), or {@value org.altml.bench.BenchMain#LINEAR}. */
  @Param({org.altml.bench.BenchMain.LINEAR})
  public String learner;

  /**
   * Weight precision, the values of the {@code precision} parameter: float (the fast option) or double
   * (the library default, float64-faithful). A kind without that parameter runs only as the default.
   */
  @Param({"float", "double"})
  public String precision;

  /** The learner measured. */
  public OnlineMultiLabelLearner model;

  /** Its output, reused for every example. */
  public Scores scores;

  /** The next example of the stream. */
  public int cursor;

  /** Example scratch. */
  public final SparseVector x = new SparseVector();

  /** Label scratch. */
  public final LabelSet y = new LabelSet();

  private Settings settings;

  /** Creates the state; JMH sets the parameters. */
  protected LearnerState() {}

  /**
   * Fails the trial before any measurement when {@code learner} is not registered or does not take
   * {@code precision}.
   */
  @Setup(Level.Trial)
  public void checkLearner() {
    settings();
  }

  /**
   * The settings measured: the registry's defaults of {@code learner} in {@code precision}.
   *
   * @throws IllegalArgumentException naming the registered kinds, or the precision values
   */
  protected final Settings settings() {
    if (settings == null) {
      if (learner.equals(org.altml.bench.BenchMain.LINEAR)) {
        throw new IllegalArgumentException("learner=" + learner + " stands for the registered linear kinds ("
            + String.join(", ", org.altml.bench.BenchMain.linearKinds()) + "), which org.altml.bench.BenchMain (java -jar"
            + " benchmarks.jar) expands; with another launcher name them: -p learner=NAME,...");
      }
      Settings s = RegisteredLearners.settings(learner, Map.of(CommonParameters.PRECISION.name(), precision));
      if (!s.spec().hasParameter(CommonParameters.PRECISION.name())
          && !precision.equals(CommonParameters.PRECISION.defaultValue())) {
        throw new IllegalArgumentException(learner + " has no precision parameter: run it with -p precision="
            + CommonParameters.PRECISION.defaultValue());
      }
      settings = s;
    }
    return settings;
  }

  /**
   * A fresh, untrained learner at the start of {@code data}. d is not given (the context's numFeatures
   * is 0): W grows as the stream reveals features, as the learner benchmarks have always measured.
   */
  protected final void startFresh(Dataset data) {
    Settings s = settings();
    model = s.spec().create(s, new LearnerContext(data.numLabels(), 0, data.size(), SEED));
    scores = new Scores(data.numLabels());
    cursor = 0;
  }
}
