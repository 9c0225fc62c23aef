package org.altml.python;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.metric.Measure;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.experiment.Experiment;
import org.altml.experiment.Grid;
import org.altml.experiment.Search;
import org.altml.experiment.Selection;
import org.altml.experiment.Tuner;
import org.altml.experiment.TuningResult;
import org.altml.sparse.data.Dataset;

/**
 * {@code altml.tune}: the cross-validated tuning of {@code alt tune} ({@link Tuner}) on CSR arrays that cross from
 * Python once, its result laid out for Python (the selected settings as text, every candidate's values, means and
 * fold values). The grid is built as {@code alt tune} builds it from its learner options: a parameter given one value
 * is fixed, one given several is searched over them, every other one over its paper grid ({@code paper}), every other
 * value of it ({@code coarse}) or not at all ({@code none}).
 */
public final class PyTuner {
  private final TuningResult result;

  private PyTuner(TuningResult result) {
    this.result = result;
  }

  /**
   * Tunes {@code kind} on the rows of X ({@code indptr}, {@code indices}, {@code data}) and the label-indicator
   * matrix Y ({@code yIndptr}, {@code yIndices}) of d {@code numFeatures} and L {@code numLabels}, labels named
   * {@code labelNames} (null: by index).
   *
   * @param given values by registry parameter name, as text: one value fixes the parameter, several (or a range
   *     {@code 2^a..2^b}) are searched
   * @param mode the grid of the parameters not given: paper, coarse or none
   * @throws IllegalArgumentException for an unknown kind, parameter or value, bad arrays, or fewer rows than folds
   */
  public static PyTuner tune(String kind, Map<String, List<String>> given, String mode, int[] indptr, int[] indices,
      float[] data, int[] yIndptr, int[] yIndices, int numFeatures, int numLabels, List<String> labelNames, int folds,
      long seed, String search, String select, String scale, String zeroDivision, int threads) {
    Grid grid = grid(kind, given, named("mode", () -> Grid.Mode.parse(mode)));
    Tuner.Config config = config(folds, seed, search, select, scale, zeroDivision, threads);
    Dataset train = CsrRows.dataset(indptr, indices, data, yIndptr, yIndices, numFeatures, numLabels, labelNames);
    Tuner tuner = new Tuner(train, "X", Experiment.hash(train), config, null, null);
    return new PyTuner(tuner.tune(grid));
  }

  /**
   * The grid of {@code kind} from values given by parameter name (as {@code alt tune} makes it of its options).
   *
   * @throws IllegalArgumentException with the registry's message for an unknown kind, parameter or value
   */
  static Grid grid(String kind, Map<String, List<String>> given, Grid.Mode mode) {
    LearnerSpec learner = LearnerRegistry.get(kind);
    Map<String, String> fixed = new LinkedHashMap<>();
    Map<String, List<String>> lists = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : given.entrySet()) {
      List<String> values = new ArrayList<>();
      for (String text : e.getValue()) {
        try {
          values.addAll(Grid.parseList(text));
        } catch (IllegalArgumentException x) {
          throw new IllegalArgumentException(e.getKey() + ": " + x.getMessage(), x);
        }
      }
      if (values.isEmpty()) {
        throw new IllegalArgumentException(e.getKey() + ": no value to tune over");
      } else if (values.size() == 1) {
        fixed.put(e.getKey(), values.get(0));
      } else {
        lists.put(e.getKey(), values);
      }
    }
    for (Parameter<?> p : learner.parameters()) {
      if (p.alternativeTo() != null && given.containsKey(p.name()) && given.containsKey(p.alternativeTo())) {
        throw new IllegalArgumentException("give " + p.alternativeTo() + " or " + p.name() + ", not both");
      }
    }
    // the base holds each list's first value too, so that parameters validated together start valid
    Map<String, String> first = new LinkedHashMap<>(fixed);
    lists.forEach((name, values) -> first.put(name, values.get(0)));
    return Grid.of(Settings.parse(learner, first), mode, lists, fixed.keySet());
  }

  /** The tuner's settings from Python's keywords; a bad value is named by its keyword. */
  static Tuner.Config config(int folds, long seed, String search, String select, String scale, String zeroDivision,
      int threads) {
    Search s = named("search", () -> Search.parse(search));
    Selection by = named("select", () -> Selection.parse(select));
    FeatureScaling scaling = named("scale", () -> FeatureScaling.parse(scale));
    ZeroDivisionPolicy policy = named("zero_division", () -> ZeroDivisionPolicy.parse(zeroDivision));
    return named("folds", () -> new Tuner.Config(folds, seed, s, by, scaling, policy, threads));
  }

  /**
   * {@code parse.get()}; its error message names Python's keyword where the command line's names an option ({@code
   * --zero-division} is {@code zero_division}), or starts with {@code keyword} when it names none.
   */
  static <T> T named(String keyword, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (IllegalArgumentException e) {
      String message = String.valueOf(e.getMessage());
      java.util.regex.Matcher option = java.util.regex.Pattern.compile("^--([a-z-]+)").matcher(message);
      message = option.find() ? option.group(1).replace('-', '_') + message.substring(option.end()) : keyword + ": " + message;
      throw new IllegalArgumentException(message, e);
    }
  }

  /** The learner kind tuned. */
  public String kind() {
    return result.selected().learner();
  }

  /** The selected settings in effect, as text by registry name (unset ones left out). */
  public Map<String, String> selected() {
    return setValues(result.selected());
  }

  /** The settings of candidate {@code i} in effect, as text by registry name (unset ones left out). */
  public Map<String, String> settings(int i) {
    return setValues(result.candidates().get(i).settings());
  }

  /** The values set in {@code s} that are in effect ({@link Settings#asTextInEffect}), as text by registry name. */
  static Map<String, String> setValues(Settings s) {
    Map<String, String> m = Experiment.setValues(s);
    m.keySet().retainAll(s.asTextInEffect().keySet());
    return m;
  }

  /** The searched parameters' registry names, in the kind's order. */
  public List<String> axes() {
    return result.grid().axes().stream().map(a -> a.parameter().name()).toList();
  }

  /** The position of the selected candidate. */
  public int chosen() {
    return result.chosen();
  }

  /** Candidates evaluated on every fold, in grid order. */
  public int size() {
    return result.candidates().size();
  }

  /** The names of the seven metrics, in the order of {@link #means} and {@link #folds}. */
  public List<String> metrics() {
    return Selection.PAPER_MEASURES.stream().map(Measure::metricName).toList();
  }

  /** The selection's score of candidate {@code i} (its Copeland count, or the metric it selects by). */
  public double score(int i) {
    return result.candidates().get(i).score();
  }

  /** The fold means of the seven metrics of candidate {@code i}. */
  public double[] means(int i) {
    return result.candidates().get(i).means();
  }

  /** The seven metrics of candidate {@code i} on each fold ({@code [fold][metric]}, NaN where undefined). */
  public double[][] folds(int i) {
    return result.candidates().get(i).folds();
  }

  /** For each fold, the 0-based rows it holds out. */
  public int[][] heldOut() {
    return result.heldOut();
  }

  /** The grid in words. */
  public String gridDescription() {
    return result.grid().describe();
  }

  /** Fold runs behind the result. */
  public int evaluations() {
    return result.evaluations();
  }
}
