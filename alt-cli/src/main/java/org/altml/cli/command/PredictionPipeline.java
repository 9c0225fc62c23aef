package org.altml.cli.command;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.altml.cli.output.Predictions;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The prediction lines of a stream of examples, computed on several threads and written in input order:
 * the examples are copied into blocks, each block is scaled, predicted ({@link Predictor#predict(ExampleBlock,
 * Scores[])}, one predictor per block so each thread has its own scratch over the frozen model) and
 * formatted ({@link Predictions}) on a pool thread, and the caller's thread writes the blocks' text in the
 * order they were added, as bytes: the lines are ASCII, so their UTF-8 is their Latin-1, copied out of the
 * formatted text once on the pool thread (a {@link java.io.Writer} would widen them to chars and encode them
 * back). The output is the same, byte for byte, as one {@link Predictions#write} per example on one thread,
 * whatever the number of threads: block prediction gives each example the scores of the one-example call.
 *
 * <p>With metrics ({@link #withMetrics}), each block also keeps its examples' labels and adds them, with its scores, to
 * an {@link EvaluationSuite} of its own; the suites are merged in input order into {@link #metrics()}. Metric sums
 * are exact, so the report is the one {@code TrainThenTest.test} gives over the same examples, whatever the
 * number of threads. The scores then come from {@link Predictor#predictForMetrics}, which gets every comparison
 * of a label with the threshold right, so the lines are still those of {@link Predictor#predict}.
 *
 * <p>Failures keep their place: {@link #flush()} after an error of the caller (a bad line) writes the lines of
 * every example added before it. A block whose prediction fails (a non-finite score, from an input of extreme
 * values; it fails only that call) is predicted again one example at a time to find the first failing example:
 * the lines of the examples before it are written, after those of the blocks before, and its exception, naming
 * its file and line ({@link #dataName}), is thrown by the {@link #add} or {@link #flush} that reaches it. The
 * pipeline is then done: its later blocks are never written. Not thread-safe: one caller thread.
 */
final class PredictionPipeline implements AutoCloseable {
  private final OutputStream out;
  private final ExecutorService pool;
  private final ArrayDeque<Slot> free = new ArrayDeque<>();
  private final ArrayDeque<Slot> pending = new ArrayDeque<>();
  private final EvaluationSuite metrics;
  private Slot current;
  private long examples;
  private long empty;
  private String dataName;

  /**
   * A pipeline predicting with {@code model} on {@code threads} threads (1: on the caller's thread), each
   * example scaled by a copy of {@code scaler}, lines as {@link Predictions} writes them.
   */
  PredictionPipeline(OnlineMultiLabelLearner model, FeatureScaler scaler, boolean withScores, OutputStream out, int threads) {
    this(model, scaler, withScores, out, threads, null);
  }

  /**
   * A pipeline that also scores the metrics under {@code policy} ({@link #add(SparseVector, LabelSet)}, {@link
   * #metrics()}), writing the lines to {@code out}, or none when it is null.
   */
  static PredictionPipeline withMetrics(OnlineMultiLabelLearner model, FeatureScaler scaler, OutputStream out, int threads,
      ZeroDivisionPolicy policy) {
    return new PredictionPipeline(model, scaler, false, out, threads, policy);
  }

  private PredictionPipeline(OnlineMultiLabelLearner model, FeatureScaler scaler, boolean withScores, OutputStream out, int threads,
      ZeroDivisionPolicy policy) {
    this.out = out;
    this.metrics = policy == null ? null : new EvaluationSuite(model.numLabels(), policy);
    this.pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "alt-predict");
      t.setDaemon(true);
      return t;
    }) : null;
    int slots = threads > 1 ? 3 * threads : 1;
    // the model is frozen here: without scores, its frozen predictors may decide labels without every score
    java.util.function.Supplier<Predictor> predictors = withScores ? model::predictor : model.frozenPredictors();
    for (int i = 0; i < slots; i++) {
      free.add(new Slot(model, predictors.get(), scaler, withScores, metrics, out != null));
    }
  }

  /** Prints the predicted labels by these names (null: by their ids; {@link Predictions#withLabelNames}); before any example. */
  PredictionPipeline labelNames(java.util.List<String> names) {
    for (Slot s : free) {
      s.format.withLabelNames(names);
    }
    return this;
  }

  /** The metrics of every example whose block has been written (null without metrics). */
  EvaluationSuite metrics() {
    return metrics;
  }

  /** Examples whose lines have been written. */
  long examples() {
    return examples;
  }

  /** Written lines that predict no label (none without lines: the metrics count empty predictions then). */
  long emptyPredictions() {
    return empty;
  }

  /**
   * Names the data file the examples come from: a prediction that fails on an example (a score beyond float's range,
   * from an input of extreme values) is then reported as {@code file:line: ...}, with the line given to {@link
   * #add(SparseVector, LabelSet, long)}.
   */
  void dataName(String name) {
    this.dataName = name;
  }

  /** Adds a copy of an example; may write the lines of earlier blocks. */
  void add(SparseVector x) throws IOException {
    add(x, null, 0);
  }

  /**
   * Adds a copy of an example and, with metrics, of its labels {@code y} (below the model's L: the metrics refuse
   * others), read from line {@code line} of the data file ({@link #dataName}; 0: not from a file); may write the
   * lines of earlier blocks.
   */
  void add(SparseVector x, LabelSet y, long line) throws IOException {
    if (current == null) {
      current = free.isEmpty() ? writeOldest() : free.poll();
      current.clear();
    }
    current.fileLines[current.raw.size()] = line;
    current.raw.add(OnlineMultiLabelLearner.NO_ID, x, metrics != null ? y : null);
    if (current.raw.isFull()) {
      submitCurrent();
    }
  }

  /** Predicts what was added and writes every line still pending, in order. */
  void flush() throws IOException {
    if (current != null && current.raw.size() > 0) {
      submitCurrent();
    }
    while (!pending.isEmpty()) {
      free.add(writeOldest());
    }
  }

  private void submitCurrent() {
    Slot s = current;
    current = null;
    s.dataName = dataName;
    s.future = pool != null ? pool.submit(s::run) : null;
    if (pool == null) {
      s.run();
    }
    pending.add(s);
  }

  /** Waits for the oldest block, writes its lines (and throws its failure after them); returns its slot. */
  private Slot writeOldest() throws IOException {
    Slot s = pending.poll();
    if (s.future != null) {
      try {
        s.future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while predicting");
      } catch (ExecutionException e) {
        throw new IllegalStateException("prediction thread failed", e.getCause()); // run() catches everything
      }
    }
    if (out != null && s.bytes != null) {
      out.write(s.bytes);
    }
    examples += s.lines;
    empty += s.empty;
    if (s.suite != null && s.failure == null) {
      metrics.merge(s.suite);
    }
    if (s.failure != null) {
      Throwable f = s.failure;
      s.failure = null;
      if (f instanceof RuntimeException r) {
        throw r;
      }
      if (f instanceof Error e) {
        throw e;
      }
      throw new IOException(f);
    }
    return s;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  /**
   * One block: its examples, their scaled copies, a predictor with its own scratch, the formatted lines and, with
   * metrics, the block's suite.
   */
  private static final class Slot {
    final ExampleBlock raw;
    final ExampleBlock scaled;
    final FeatureScaler scaler;
    final Predictor predictor;
    final Scores[] scores;
    final boolean withScores;
    final int[][] labels;
    final int[] counts;
    final Predictions format;
    final EvaluationSuite suite;
    final boolean writes;
    final StringBuilder text = new StringBuilder();
    /** The data file's line of each example of {@link #raw} (0: not from a file). */
    final long[] fileLines;
    String dataName;
    /** The text as bytes, made on the pool thread (null: none). */
    byte[] bytes;
    Future<?> future;
    int lines;
    int empty;
    Throwable failure;

    Slot(OnlineMultiLabelLearner model, Predictor predictor, FeatureScaler scaler, boolean withScores,
        EvaluationSuite metrics, boolean writes) {
      this.predictor = predictor;
      this.suite = metrics == null ? null : metrics.newEmpty();
      this.writes = writes;
      int size = Math.max(256, predictor.preferredBlockSize());
      this.withScores = withScores;
      this.labels = withScores ? null : new int[size][model.numLabels()];
      this.counts = withScores ? null : new int[size];
      this.raw = new ExampleBlock(size);
      this.fileLines = new long[size];
      this.scaler = scaler.copy();
      this.scaled = scaler.scaling() == FeatureScaling.NONE ? null : new ExampleBlock(size);
      this.scores = ExampleBlock.newScores(size, model.numLabels());
      this.format = new Predictions(null, model.numLabels(), withScores);
    }

    void clear() {
      raw.clear();
      text.setLength(0);
      bytes = null;
      lines = 0;
      empty = 0;
      failure = null;
      if (suite != null) {
        suite.reset();
      }
    }

    /** Scales, predicts and formats the block; a failure is kept, without lines. */
    void run() {
      try {
        ExampleBlock in = raw;
        if (scaled != null) {
          scaled.clear();
          for (int k = 0; k < raw.size(); k++) {
            scaled.add(raw.id(k), scaler.transform(raw.features(k)), suite != null ? raw.labels(k) : null);
          }
          in = scaled;
        }
        if (suite != null) {
          // the metrics' scores: every comparison they make, each label's with the threshold included, as predict's
          predictor.predictForMetrics(in, scores);
          for (int k = 0; k < in.size(); k++) {
            suite.accept(in.labels(k), scores[k]);
            if (writes) {
              line(scores[k]);
            } else {
              lines++; // the suite has just counted its empty prediction
            }
          }
        } else if (withScores) {
          predictor.predict(in, scores);
          for (int k = 0; k < in.size(); k++) {
            line(scores[k]);
          }
        } else {
          predictor.predictLabels(in, scores, labels, counts);
          for (int k = 0; k < in.size(); k++) {
            format.formatLabels(labels[k], counts[k], text);
            empty += counts[k] == 0 ? 1 : 0;
            lines++;
          }
        }
        bytes = text.isEmpty() ? null : text.toString().getBytes(StandardCharsets.ISO_8859_1); // ASCII
      } catch (RuntimeException | Error e) {
        text.setLength(0); // a block predicts all or nothing
        bytes = null;
        lines = 0;
        empty = 0;
        failure = e instanceof DivergenceException d ? located(d) : e;
        bytes = text.isEmpty() ? null : text.toString().getBytes(StandardCharsets.ISO_8859_1); // the lines before it
        if (suite != null) {
          suite.reset();
        }
      }
    }

    /**
     * The divergence of the block's first example that fails on its own, named by its file and line, after formatting
     * the lines of the examples before it; {@code d} itself (and no lines) without a data file, or when no example
     * fails alone.
     */
    private RuntimeException located(DivergenceException d) {
      ExampleBlock in = scaled != null ? scaled : raw;
      if (dataName == null) {
        return d;
      }
      for (int k = 0; k < in.size(); k++) {
        try {
          predictor.predict(in.id(k), in.features(k), scores[k]);
        } catch (DivergenceException one) {
          for (int before = 0; before < k; before++) {
            line(scores[before]); // as one example at a time writes them
          }
          String where = dataName + (fileLines[k] > 0 ? ":" + fileLines[k] : "");
          return new DivergenceException(one.exampleIndex(), where + ": " + one.getMessage());
        } catch (RuntimeException other) {
          return d; // not this example's own divergence: the block's failure as it was
        }
      }
      return d;
    }

    private void line(Scores s) {
      if (format.format(s, text) == 0) {
        empty++;
      }
      lines++;
    }
  }
}
