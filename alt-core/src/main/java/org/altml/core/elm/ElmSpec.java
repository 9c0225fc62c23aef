package org.altml.core.elm;

import java.io.IOException;
import java.util.List;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;

/**
 * The {@code osml-elm} and {@code elm-omll} learner kinds (the ALT paper's ELM baselines, section 6; docs/spec.md#elm):
 * H ({@code hidden}), the initial block as a fraction of the training set ({@code initialFraction}, the
 * paper's 20%) or a count ({@code initial}, needed when the stream length is unknown), the block size of the
 * blocked least squares ({@code block}, speed only), the activation, and for ELM-OMLL C, the solver, the
 * pair normalisation and the label-loop threads. Two kinds of one class: {@link Osml} and {@link Omll} are
 * what {@link java.util.ServiceLoader} instantiates.
 *
 * <p>N0 = max(1, round(f·N)) for a training set of N examples ({@link LearnerContext#trainingSize()}; docs/spec.md#elm-initial-block
 * rounds, the paper says "the top 20%"); an N0 larger than N is refused. When N is unknown (a
 * prequential stream) and {@code initial} is not given, N0 = H ({@link #initialExamples}). The hidden layer's seed is the
 * context's seed, which the protocols derive from the run seed: a new hidden layer per run, the same one for
 * the same seed.
 */
public abstract sealed class ElmSpec implements LearnerSpec permits ElmSpec.Osml, ElmSpec.Omll {
  /** H, the hidden units; the paper searches [100, 1000], docs/spec.md#grids in steps of 100. */
  public static final Parameter<Integer> HIDDEN = Parameter.integer("hidden", "H",
      "number H of random units (the paper searches 100..1000); memory grows as d·H + H² (osml-elm), d·H + L·H² (elm-omll)",
      500, 1, 65536, List.of(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000));

  /** C of ELM-OMLL (ridge λ = 1/C): {@link CommonParameters#C} searched over 2^[-10..10] (docs/spec.md#grids). */
  public static final Parameter<Float> C = CommonParameters.C.withPaperGrid(CommonParameters.powersOfTwoF(-10, 10));

  /** f, the share of the training set in the initial block (N0 = max(1, round(f·N))). */
  public static final Parameter<Double> INITIAL_FRACTION = Parameter.positiveDouble("initialFraction", "",
      "share f of the training set solved at once before the sequential updates, N0 = max(1, round(f·N)), at most 1 (the paper: 0.2)", 0.2, List.of());

  /** N0 as a count, instead of the fraction; unset by default. */
  public static final Parameter<Integer> INITIAL = Parameter.integer("initial", "N0",
      "instead of initialFraction: the N0 first examples are solved at once (default for a stream of unknown length: N0 = H)",
      null, 1, Integer.MAX_VALUE).insteadOf("initialFraction");

  /** B, the examples one blocked least-squares step absorbs. */
  public static final Parameter<Integer> BLOCK = Parameter.integer("block", "B",
      "examples per batched least-squares step: speed only, every prediction still sees every earlier example", 64, 1,
      4096);

  /** The activation g of the hidden units. */
  public static final Parameter<String> ACTIVATION = Parameter.choice("activation", "function g of the random units", "sigmoid",
      List.of("sigmoid", "sin", "hardlim", "tribas", "radbas"));

  /** ELM-OMLL's solver: anchored (A, the default) or coupled (B, the exact oracle for H·L ≤ 4000). */
  public static final Parameter<String> SOLVER = Parameter.choice("solver",
      "elm-omll: anchored (one weighted ridge per label, the default) or coupled (exact, H·L <= 4000 only)", "anchored",
      List.of("anchored", "coupled"));

  /** ELM-OMLL's pair normalisation: none (the default) or per example (1/(|Y|·|Ȳ|)). */
  public static final Parameter<String> PAIR_NORMALIZATION = Parameter.choice("pairNormalization",
      "elm-omll ranking pairs: none (weights 1+|Ȳ|, 1+|Y|) or per-example (divided by |Y|·|Ȳ|)", "none", List.of("none", "per-example"));

  /** Threads of ELM-OMLL's label loop (0: all cores); the result does not depend on it. */
  public static final Parameter<Integer> LABEL_THREADS = Parameter.integer("labelThreads", "",
      "threads for elm-omll's label loop, 0 = all cores (same result whatever the count)", 1, 0, 1024);

  static final Osml OSML = new Osml();
  static final Omll OMLL = new Omll();

  private final String name;
  private final String description;
  private final List<Parameter<?>> parameters;

  private ElmSpec(String name, String description, List<Parameter<?>> parameters) {
    this.name = name;
    this.description = description;
    this.parameters = parameters;
  }

  /** The {@code osml-elm} kind. */
  public static final class Osml extends ElmSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Osml() {
      super("osml-elm", "OSML-ELM, online sequential multi-label ELM (baseline; Venkatesan et al. 2017)",
          List.of(HIDDEN, INITIAL_FRACTION, INITIAL, BLOCK, ACTIVATION));
    }

    @Override
    public String paperName() {
      return "OSML-ELM";
    }
  }

  /** The {@code elm-omll} kind. */
  public static final class Omll extends ElmSpec {
    /** The spec (for {@link java.util.ServiceLoader}). */
    public Omll() {
      super("elm-omll", "ELM-OMLL, ELM online multi-label learning by label ranking (baseline; Du and Vong 2020, as ALT"
          + " reconstructs it)", List.of(HIDDEN, INITIAL_FRACTION, INITIAL, BLOCK, ACTIVATION, C, SOLVER,
              PAIR_NORMALIZATION, LABEL_THREADS));
    }

    @Override
    public String paperName() {
      return "ELM-OMLL";
    }
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<Parameter<?>> parameters() {
    return parameters;
  }

  @Override
  public final void validate(Settings settings) {
    double f = settings.get(INITIAL_FRACTION);
    if (f > 1.0) {
      throw new IllegalArgumentException("initialFraction (--initial-fraction) must be at most 1: " + f);
    }
    if (settings.isSet(INITIAL) && fractionGiven(settings)) {
      throw new IllegalArgumentException("give initial (--initial) or initialFraction (--initial-fraction), not both");
    }
  }

  /** Whether the settings name a fraction other than the default (a fraction equal to it cannot be told from none). */
  private static boolean fractionGiven(Settings settings) {
    return settings.get(INITIAL_FRACTION).doubleValue() != INITIAL_FRACTION.defaultValue().doubleValue();
  }

  /**
   * N0 for {@code settings} and a training set of {@code trainingSize} examples (-1: unknown): {@code initial}
   * when set; else max(1, round(f·N)); else, when N is unknown (a prequential stream), N0 = H, the smallest
   * block that can give a full-rank start, as the reference code's own defaults do (H = N0 = 200).
   *
   * @throws IllegalArgumentException when N0 exceeds a known training-set size, or a fraction other than the default
   *     is given for a stream of unknown length (it would be ignored)
   */
  public static long initialExamples(Settings settings, long trainingSize) {
    if (settings.isSet(INITIAL)) {
      long n0 = settings.get(INITIAL);
      if (trainingSize >= 0 && n0 > trainingSize) {
        throw new IllegalArgumentException("N0 = " + n0 + " (--initial) is larger than the " + trainingSize
            + " training examples: the first least-squares solve would never happen");
      }
      return n0;
    }
    if (trainingSize < 0) {
      if (fractionGiven(settings)) {
        throw new IllegalArgumentException("initialFraction (--initial-fraction) needs the number of training examples, which a"
            + " stream of unknown length (a prequential run) does not tell: give initial (--initial N0) instead");
      }
      return settings.get(HIDDEN);
    }
    return Math.max(1, Math.round(settings.get(INITIAL_FRACTION) * trainingSize));
  }

  @Override
  public final OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    settings.requireKind(this);
    ElmLearner.requireFixedLabels(this, context.numLabels()); // before the hidden layer is drawn
    long n0 = initialExamples(settings, context.trainingSize());
    HiddenLayer layer = HiddenLayer.seeded(settings.get(HIDDEN), context.seed(), Activation.of(settings.get(ACTIVATION)),
        context.numFeatures());
    return create(settings, context.numLabels(), layer, n0);
  }

  /** A learner over an explicit layer: the model codec and the worked examples use it. */
  final ElmLearner create(Settings settings, int numLabels, HiddenLayer layer, long n0) {
    int block = settings.get(BLOCK);
    if (this instanceof Osml) {
      return new OsmlElm(this, settings, numLabels, layer, n0, block);
    }
    float c = settings.get(C);
    boolean perExample = settings.get(PAIR_NORMALIZATION).equals("per-example");
    if (settings.get(SOLVER).equals("coupled")) {
      return new CoupledOmll(this, settings, numLabels, layer, n0, block, c, perExample);
    }
    return new ElmOmll(this, settings, numLabels, layer, n0, block, c, perExample, settings.get(LABEL_THREADS));
  }

  @Override
  public final ModelCodec codec() {
    return CODEC;
  }

  /**
   * The ELM model body, version 1: N0, H, the hidden-layer seed (the input weights are regenerated from it,
   * never stored), then the counters, the queued examples, β and the least-squares state (upper triangles
   * only: P is symmetric), so a loaded learner predicts and continues exactly as the saved one.
   */
  static final ModelCodec CODEC = new ModelCodec() {
    @Override
    public int version() {
      return 1;
    }

    @Override
    public void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException {
      if (!(learner instanceof ElmLearner l)) {
        throw new IllegalArgumentException("not an ELM learner: " + learner.name());
      }
      l.checkFinite();
      if (l.layer().isExplicit()) {
        throw new IllegalArgumentException("an ELM with explicit input weights cannot be saved (only seeded layers can)");
      }
      out.writeLong(l.initialExamples());
      out.writeInt(l.hidden());
      out.writeLong(l.layer().seed());
      switch (l) {
        case OsmlElm o -> o.write(out);
        case ElmOmll o -> o.write(out);
        case CoupledOmll o -> o.write(out);
        default -> throw new IllegalArgumentException("unknown ELM learner " + l.getClass().getName());
      }
    }

    @Override
    public OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version) throws IOException {
      if (version != 1) {
        throw in.corrupt("ELM model body version " + version + " (this build reads version 1)");
      }
      long n0 = in.readLong();
      int h = in.readInt();
      long seed = in.readLong();
      if (n0 < 1 || h != settings.get(HIDDEN)) {
        throw in.corrupt("inconsistent ELM header: N0 = " + n0 + ", H = " + h + " (settings say " + settings.get(HIDDEN) + ")");
      }
      long matrices = settings.spec() instanceof Omll && settings.get(SOLVER).equals("anchored")
          ? (long) context.numLabels() * h * (h + 1) / 2 : (long) h * (h + 1) / 2;
      in.requireAllocation(matrices, 8, 16, "the ELM least-squares state");
      ElmSpec spec = (ElmSpec) settings.spec();
      HiddenLayer layer = HiddenLayer.seeded(h, seed, Activation.of(settings.get(ACTIVATION)), 0);
      ElmLearner l = spec.create(settings, context.numLabels(), layer, n0);
      switch (l) {
        case OsmlElm o -> o.read(in);
        case ElmOmll o -> o.read(in);
        case CoupledOmll o -> o.read(in);
        default -> throw new IllegalStateException();
      }
      try {
        l.checkFinite();
      } catch (RuntimeException e) {
        throw in.corrupt("holds a non-finite value");
      }
      return l;
    }
  };
}
