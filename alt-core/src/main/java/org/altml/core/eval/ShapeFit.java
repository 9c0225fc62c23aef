package org.altml.core.eval;

import java.util.List;
import org.altml.sparse.data.Dataset;

/**
 * Whether data fits the shape it is checked against: a saved model's ({@code org.altml.core.model.DataFit} applies this
 * rule to models) or, in a train-then-test run, the training data's ({@link #testMisfits}, which {@link
 * TrainThenTest#checkShapes} runs). A shape is what data declares (an ARFF header with its label file) or the label and
 * feature ids it uses (LIBSVM); a difference the user may accept is a {@link Misfit}, accepted by {@link Allowed}.
 */
public final class ShapeFit {
  /** Features beyond twice the model's d that are still taken as the same kind of data. */
  public static final int FEATURE_SLACK = 100;

  /** What a message about data that does not fit a model asks last. */
  public static final String OTHER_DATA = "was the model trained on other data?";

  /** How a user accepts data that declares other labels or fewer features than the model or training data. */
  public static final String ALLOW_SHAPE_MISMATCH = "--allow-shape-mismatch";
  /** How a user accepts data with more features than the model was trained on. */
  public static final String ALLOW_NEW_FEATURES = "--allow-new-features";

  private ShapeFit() {}

  /**
   * A difference between the shape data declares and a model's (or, in a train-then-test run, the training data's),
   * which the user may accept.
   *
   * @param problem what differs, naming the data and the model
   * @param newFeatures whether the data has more features than the model ({@value #ALLOW_NEW_FEATURES} accepts
   *     it), else another shape ({@value #ALLOW_SHAPE_MISMATCH})
   * @param question what a refusal asks last ({@link #OTHER_DATA}, or {@link #SAME_DATA} of a training and a test set)
   */
  public record Misfit(String problem, boolean newFeatures, String question) {
    /** A misfit of data and a model: its refusal asks {@value #OTHER_DATA}. */
    public Misfit(String problem, boolean newFeatures) {
      this(problem, newFeatures, OTHER_DATA);
    }

    /** The option that accepts this misfit. */
    public String allowance() {
      return newFeatures ? ALLOW_NEW_FEATURES : ALLOW_SHAPE_MISMATCH;
    }

    /** The message of refusing it: the problem, the question, and the option that accepts it. */
    public String refusal() {
      return problem + "; " + question + " (if this data is meant, give " + allowance() + ")";
    }
  }

  /**
   * What a user accepts of data whose declared shape differs from the model's or the training data's ({@link Misfit});
   * serializable, for jobs that ship it to their tasks.
   *
   * @param shapeMismatch fewer labels or features, label names against label ids ({@value #ALLOW_SHAPE_MISMATCH})
   * @param newFeatures more features ({@value #ALLOW_NEW_FEATURES})
   */
  public record Allowed(boolean shapeMismatch, boolean newFeatures) implements java.io.Serializable {
    /** Nothing accepted: every misfit is an error. */
    public static final Allowed NOTHING = new Allowed(false, false);

    /** Whether {@code misfit} is accepted. */
    public boolean accepts(Misfit misfit) {
      return misfit.newFeatures() ? newFeatures : shapeMismatch;
    }

    /**
     * {@code misfits} when every one is accepted (to warn of), else the {@code refusal} of the first that is not: all
     * are checked before any is warned of, so a run that fails says only why.
     *
     * @throws IllegalArgumentException with {@code refusal}'s message for the first misfit not accepted
     */
    public List<Misfit> acceptAll(List<Misfit> misfits, java.util.function.Function<Misfit, String> refusal) {
      for (Misfit misfit : misfits) {
        if (!accepts(misfit)) {
          throw new IllegalArgumentException(refusal.apply(misfit));
        }
      }
      return misfits;
    }
  }

  /** What a message about test data that does not fit the training data given with it asks last. */
  public static final String SAME_DATA = "are they the same data set?";

  /**
   * The shape data is checked against: a saved model's ({@code DataFit.shape}), or in a train-then-test run
   * the training data's ({@link #of(Dataset, String)}), which stands where a model stands. A test set has one too, for
   * {@link #testMisfits}.
   *
   * @param name how messages name it ("the model m.model", "the training data t.arff")
   * @param model whether it is a saved model's (else data's)
   * @param numLabels L
   * @param labelNames the label names, the ids "0", "1", ... when there are none (null: data that declares none, checked
   *     against another shape, as a LIBSVM test file)
   * @param idsKnown whether label ids without names are known to be its own (a model made in memory may have lost its
   *     names)
   * @param numFeatures d (0 or -1: not known)
   * @param declared whether d and L were declared (an ARFF header, a model of ARFF data) rather than the largest feature
   *     and label ids seen (LIBSVM)
   */
  public record Shape(String name, boolean model, int numLabels, List<String> labelNames, boolean idsKnown, long numFeatures,
      boolean declared) {
    /** The shape of {@code data}, named {@code name} in messages: declared when it was read from ARFF ({@link #declaresShape}). */
    public static Shape of(Dataset data, String name) {
      return new Shape(name, false, data.numLabels(), data.labelNames(), true, data.numFeatures(), declaresShape(data));
    }

    /** What would predict label ids beyond the data's: "it" (the model), or a model of the training data. */
    private String predictor() {
      return model ? "it" : "a model of it";
    }

    /** Why its labels are ids only. */
    private String idsOnly() {
      return model ? "it was trained on LIBSVM data or on labels so named" : "LIBSVM data, or labels so named";
    }

    /** Its d, as "the 10 the model m was trained on" says it. */
    private String features() {
      return model ? "the " + numFeatures + " " + name + " was trained on" : "the " + numFeatures + " of " + name;
    }

    /** Its d after the data's, as "the model m was trained on 10" says it. */
    private String hasFeatures() {
      return name + (model ? " was trained on " : " has ") + numFeatures;
    }
  }

  /**
   * Whether {@code data} declares its shape: it was read from ARFF, whose attributes name its features (LIBSVM's have no
   * names), or, with no feature at all (labels only, or every feature ignored), name its labels otherwise than LIBSVM's
   * label ids 0, 1, ....
   */
  public static boolean declaresShape(Dataset data) {
    if (!data.featureNames().isEmpty()) {
      return true;
    }
    return data.numFeatures() == 0 && !isIndexNames(data.labelNames());
  }

  /**
   * Every way the shape data declares differs from {@code own}'s, by the rule of {@code DataFit.shapeMisfit}, in its order (at
   * most one about labels, one about their names and one about features); empty when it fits.
   *
   * @param question what a refusal asks last
   */
  public static List<Misfit> shapeMisfits(Shape own, String dataName, int numLabels, List<String> labelNames,
      long numFeatures, String question) {
    List<Misfit> misfits = new java.util.ArrayList<>();
    int ownLabels = own.numLabels();
    if (numLabels >= 0 && numLabels < ownLabels) {
      misfits.add(new Misfit(dataName + " has " + numLabels + " labels, " + own.name() + " " + ownLabels + ": "
          + own.predictor() + " would predict label ids up to " + (ownLabels - 1) + ", which the data does not have", false,
          question));
    }
    if (labelNames != null && !labelNames.isEmpty()) {
      boolean dataIds = isIndexNames(labelNames);
      boolean ownIds = isIndexNames(own.labelNames());
      // a model of no provenance (made in memory) may have lost its names: only a model file's ids are the model's own
      boolean ownKnown = !ownIds || own.idsKnown();
      if (dataIds != ownIds && ownKnown) {
        misfits.add(new Misfit(dataIds
            ? "the labels of " + dataName + " are named by their ids (" + sample(labelNames) + "), those of " + own.name()
                + " have names (" + sample(own.labelNames()) + ")"
            : "the labels of " + dataName + " have names (" + sample(labelNames) + "), those of " + own.name()
                + " are ids only (" + (own.labelNames().isEmpty() ? "" : sample(own.labelNames()) + ": ") + own.idsOnly() + "):"
                + " nothing says label id 0 is '" + labelNames.get(0) + "'", false, question));
      }
    }
    long d = own.numFeatures();
    if (numFeatures < 0 || d <= 0) {
      return misfits;
    }
    if (numFeatures < d) {
      misfits.add(new Misfit(dataName + " has " + numFeatures + " features, fewer than " + own.features(), false, question));
    } else if (numFeatures > d && (own.declared() || manyMoreFeatures(numFeatures, d))) {
      misfits.add(new Misfit(dataName + " has " + numFeatures + " features, " + own.hasFeatures(), true, question));
    }
    return misfits;
  }

  /**
   * Every way test data given with training data (a train-then-test run: the model is the training data) does not fit it,
   * by {@code DataFit.shapeMisfit}'s rule in both directions, each a misfit the user may accept; empty when they fit. The side
   * that declares its shape (ARFF: its header and label file) is checked against what the other declares, or against the
   * label and feature ids the other uses beyond it; data that declares nothing on either side (LIBSVM and LIBSVM) fits
   * (L is then the larger, d the larger).
   *
   * <ul>
   *   <li>both declared: the test set's L and d must be the training set's (fewer or more: a misfit; more features
   *       {@link Misfit#newFeatures}), and label names against label ids are a misfit both ways;
   *   <li>the training set declared, the test set not: label ids at or beyond its L, feature ids beyond its d ({@link
   *       Misfit#newFeatures});
   *   <li>the test set declared, the training set not: {@link #shapeMisfits} against the L and d the training set uses
   *       (a test set declaring fewer labels or features, label names where the training labels are ids, many more
   *       features).
   * </ul>
   */
  public static List<Misfit> testMisfits(Shape train, Shape test) {
    if (test.declared()) {
      List<Misfit> misfits = shapeMisfits(train, test.name(), test.numLabels(), test.labelNames(), test.numFeatures(),
          SAME_DATA);
      if (train.declared() && test.numLabels() > train.numLabels()) {
        misfits.add(0, new Misfit(test.name() + " has " + test.numLabels() + " labels, " + train.name() + " "
            + train.numLabels() + ": a model of it learns no label id from " + train.numLabels() + " on", false, SAME_DATA));
      }
      return misfits;
    }
    List<Misfit> misfits = new java.util.ArrayList<>();
    if (!train.declared()) {
      return misfits;
    }
    if (test.numLabels() > train.numLabels()) {
      misfits.add(new Misfit(test.name() + " has label ids up to " + (test.numLabels() - 1) + ", " + train.name()
          + " declares " + train.numLabels() + " labels (0 to " + (train.numLabels() - 1) + ")", false, SAME_DATA));
    }
    if (train.numFeatures() >= 0 && test.numFeatures() > train.numFeatures()) {
      misfits.add(new Misfit(test.name() + " has features up to " + test.numFeatures() + ", " + train.name() + " declares "
          + train.numFeatures(), true, SAME_DATA));
    }
    return misfits;
  }

  /**
   * Whether {@code numFeatures} are many more than the {@code d} of known data, d' &gt;= 2d + {@value #FEATURE_SLACK}: most
   * likely other data. Never when d is unknown (0).
   */
  public static boolean manyMoreFeatures(long numFeatures, long d) {
    return d > 0 && numFeatures >= 2L * d + FEATURE_SLACK;
  }

  /** Whether {@code names} are "0", "1", ...: the names of data whose labels have none (LIBSVM). */
  public static boolean isIndexNames(List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      if (!names.get(i).equals(Integer.toString(i))) {
        return false;
      }
    }
    return true;
  }

  /** The first few names, for a message. */
  public static String sample(List<String> names) {
    int shown = Math.min(4, names.size());
    return String.join(", ", names.subList(0, shown)) + (names.size() > shown ? ", ..." : "");
  }
}
