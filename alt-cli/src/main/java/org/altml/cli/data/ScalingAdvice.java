package org.altml.cli.data;

import java.util.Locale;
import org.altml.cli.output.Progress;
import org.altml.core.learner.Settings;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The advice of the learning commands on their defaults: dense features of very different ranges learned without
 * {@code --scale} (untuned FALT on emotions: F1 17 unscaled, 64-72 standardized), and a kernel budget that never acts.
 *
 * <p>Very different ranges: over the features with a non-zero value in the first {@link #SAMPLE} examples, the largest
 * |x| of the widest feature is more than
 * {@link #RATIO} times that of the narrowest, the widest exceeds 1, and the data look dense (on average at least {@link
 * #DENSITY} of those features are non-zero in an example). Data within [-1, 1] (tf-idf, binary, features already in
 * [0, 1]) never warn, nor do sparse data, whose standardization would fill them in.
 */
public final class ScalingAdvice {
  /** The ratio of the largest to the smallest per-feature |x| above which ranges differ very much. */
  static final double RATIO = 100;
  /** The mean share of the seen features non-zero in an example from which data look dense. */
  static final double DENSITY = 1.0 / 3;

  /** The largest |x| of each feature seen non-zero (a map: a sparse file's indices may run to millions). */
  private final it.unimi.dsi.fastutil.ints.Int2FloatOpenHashMap maxAbs = new it.unimi.dsi.fastutil.ints.Int2FloatOpenHashMap();
  private long examples;
  private long nonZeros;

  /**
   * The examples looked at, the first of a data set or stream: enough to see its ranges, and a bound on the advice's
   * cost (a map update per non-zero) for a stream of millions learned from in one pass.
   */
  static final int SAMPLE = 10_000;

  /** Adds one example's features (none after the first {@link #SAMPLE}). */
  void add(SparseVector x) {
    if (examples >= SAMPLE) {
      return;
    }
    examples++;
    for (int k = 0; k < x.nnz(); k++) {
      float v = Math.abs(x.value(k));
      if (v == 0 || !Float.isFinite(v)) {
        continue;
      }
      int f = x.index(k);
      if (v > maxAbs.get(f)) {
        maxAbs.put(f, v);
      }
      nonZeros++;
    }
  }

  /** The ranges of every example of {@code data}. */
  static ScalingAdvice of(Dataset data) {
    ScalingAdvice a = new ScalingAdvice();
    for (int i = 0; i < Math.min(data.size(), SAMPLE); i++) {
      a.add(data.example(i).features());
    }
    return a;
  }

  /** {@code in}, adding each example's features to these ranges as it is read (for a stream learned from once). */
  public ExampleStream watching(ExampleStream in) {
    return new ExampleStream() {
      @Override
      public boolean advance() throws java.io.IOException {
        boolean more = in.advance();
        if (more) {
          add(in.features());
        }
        return more;
      }

      @Override
      public SparseVector features() {
        return in.features();
      }

      @Override
      public org.altml.sparse.LabelSet labels() {
        return in.labels();
      }

      @Override
      public int numLabels() {
        return in.numLabels();
      }

      @Override
      public int numFeatures() {
        return in.numFeatures();
      }

      @Override
      public java.util.List<org.altml.sparse.data.InputDigest> inputDigests() {
        return in.inputDigests();
      }

      @Override
      public long lineNumber() {
        return in.lineNumber();
      }

      @Override
      public void close() throws java.io.IOException {
        in.close();
      }
    };
  }

  /** The warning about {@code data} (e.g. "the training data x.arff"), or null when its ranges do not call for scaling. */
  public String warning(String data) {
    int seen = maxAbs.size();
    float widest = 0;
    float narrowest = Float.POSITIVE_INFINITY;
    for (it.unimi.dsi.fastutil.floats.FloatIterator i = maxAbs.values().iterator(); i.hasNext(); ) {
      float v = i.nextFloat();
      widest = Math.max(widest, v);
      narrowest = Math.min(narrowest, v);
    }
    if (seen < 2 || widest <= 1 || widest <= RATIO * narrowest || nonZeros < DENSITY * seen * examples) {
      return null;
    }
    return String.format(Locale.ROOT, "the features of %s span very different ranges (the largest |value| of a feature goes"
        + " from %.3g to %.3g, %,.0f times as large) and no scaling is chosen: the widest features then dominate the"
        + " scores and the learning rate; give --scale standardize (or --scale none to keep them as they are)", data,
        narrowest, widest, widest / narrowest);
  }

  /** Warns about {@code train} ({@code data} names it) unless the command's {@code option} ({@code --scale}) was given. */
  public static void unlessScaled(CommandSpec spec, String option, Progress progress, Dataset train, String data) {
    unlessScaled(spec.commandLine().getParseResult().hasMatchedOption(option), progress, train, data);
  }

  /** Warns about {@code train} ({@code data} names it) unless a scaling was {@code chosen} (none included). */
  public static void unlessScaled(boolean chosen, Progress progress, Dataset train, String data) {
    if (!chosen) {
      warn(progress, of(train).warning(data));
    }
  }

  /** Warns when the budget of {@code settings} is not smaller than the {@code examples} of {@code data} ({@link #budgetWarning}). */
  public static void ifBudgetNeverActs(Progress progress, Settings settings, long examples, String data) {
    warn(progress, budgetWarning(settings, examples, data));
  }

  /** Prints {@code warning} (clear of the progress bar) unless it is null. */
  public static void warn(Progress progress, String warning) {
    if (warning != null) {
      progress.warn(warning);
    }
  }

  /**
   * The warning for {@code settings} with a kernel budget (B support vectors) of at least the {@code examples} the learner
   * learns from, or null: the budget then never acts, and the run is the unbudgeted one.
   */
  static String budgetWarning(Settings settings, long examples, String data) {
    if (!settings.spec().hasParameter("budget")) {
      return null;
    }
    Object budget = settings.values().get("budget");
    if (!(budget instanceof Number b) || b.longValue() <= 0 || b.longValue() < examples) {
      return null;
    }
    return String.format(Locale.ROOT, "--budget %d is not smaller than the %,d examples of %s: the budget never acts (at most"
        + " one support vector per example), so this runs as without one; give a budget below the number of examples",
        b.longValue(), examples, data);
  }
}
