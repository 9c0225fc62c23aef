package org.altml.cli.output;

import java.io.Console;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;
import org.altml.core.learner.ExampleBlock;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The progress bar of the long commands (evaluate, prequential, train, predict): one bar per phase
 * (reading a file, training, testing), with the percentage, the rate and the time left, drawn on stderr
 * in place. Shown only when stderr is a terminal and {@code --quiet} is not given: a log file or a pipe
 * gets nothing unless {@code --progress} asks for it, and standard output (JSON, predictions) never does. Drawn by
 * {@code me.tongfei:progressbar} on its own thread; the counting wrappers ({@link #counting}) tick in
 * batches, so the learning loops pay almost nothing, and only when a bar is shown.
 */
public final class Progress implements AutoCloseable {
  /** Tests set the answer to "is stderr a terminal?"; null asks the JVM. */
  public static volatile Boolean terminalForTests;

  /** Ticks are passed to the bar in batches of this many (the bar's state is synchronized). */
  private static final int BATCH = 256;

  private final PrintWriter err;
  private final boolean shown;
  private ProgressBar bar;
  private Line line;

  private Progress(PrintWriter err, boolean shown) {
    this.err = err;
    this.shown = shown;
  }

  /** The progress display of a command: shown on a terminal unless {@code quiet}, and elsewhere too when {@code forced}. */
  public static Progress of(CommandSpec spec, boolean quiet, boolean forced) {
    return new Progress(spec.commandLine().getErr(), !quiet && (forced || stderrIsTerminal()));
  }

  /** A display that shows nothing. */
  static Progress none() {
    return new Progress(null, false);
  }

  /** Where warnings go: the command's stderr; null for {@link #none()}. */
  public PrintWriter err() {
    return err;
  }

  /** Whether bars are drawn. */
  public boolean shown() {
    return shown;
  }

  /**
   * Whether the JVM's stderr is an interactive terminal. On Linux, {@code /proc/self/fd/2} says where stderr
   * goes (a pseudo-terminal or a tty), whatever stdout does ({@code alt evaluate --json > out.json} still
   * shows its bar); elsewhere a console that is a terminal (JDK 22+ can tell; on 21 a console means one)
   * stands in for it; {@code -Dalt.stderr.terminal=true} (the launcher's, when it filters stderr through a pipe) means
   * yes. A dumb or missing {@code TERM} means no.
   */
  public static boolean stderrIsTerminal() {
    Boolean forced = terminalForTests;
    if (forced != null) {
      return forced;
    }
    if (System.getenv("TERM") == null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    // the launcher's stderr filter (for the JVM's incubator notice) is a pipe: it says whether stderr was a terminal
    return Boolean.getBoolean("alt.stderr.terminal") || isTerminal(2);
  }

  /**
   * Whether file descriptor {@code fd} (1 standard output, 2 standard error) of this process is a terminal:
   * on Linux by where {@code /proc/self/fd/<fd>} points (a pseudo-terminal or a tty); elsewhere a console that is
   * a terminal stands in for it (JDK 22+ can tell; on 21 a console means one).
   */
  public static boolean isTerminal(int fd) {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // not Linux: ask the console
    }
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // JDK 21: System.console() is non-null only when attached to a terminal
    }
  }

  /**
   * Starts a phase (ending the previous one): {@code total} units, or -1 when unknown (then the bar shows
   * the count and the rate, no time left).
   *
   * @param bytes whether the units are bytes (shown in MB)
   */
  public void start(String task, long total, boolean bytes) {
    finish();
    if (!shown) {
      return;
    }
    line = new Line(err);
    ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setUpdateIntervalMillis(250).setConsumer(line).showSpeed();
    if (bytes) {
      b.setUnit(" MB", 1_000_000);
    }
    bar = b.build();
  }

  /** Moves the current phase to {@code n} units done. */
  public void stepTo(long n) {
    ProgressBar b = bar;
    if (b != null) {
      b.stepTo(n);
    }
  }

  /** Changes the current phase's total to {@code total} units (a plan that grew or shrank). */
  void maxHint(long total) {
    ProgressBar b = bar;
    if (b != null) {
      b.maxHint(total);
    }
  }

  /** Renames the current phase (e.g. the dataset and learner being tuned). */
  public void extraMessage(String message) {
    ProgressBar b = bar;
    if (b != null) {
      b.setExtraMessage(message);
    }
  }

  /** Advances the current phase by {@code n} units. */
  public void stepBy(long n) {
    ProgressBar b = bar;
    if (b != null) {
      b.stepBy(n);
    }
  }

  /** Ends the current phase, leaving its last state on its line. */
  public void finish() {
    ProgressBar b = bar;
    bar = null;
    if (b != null) {
      if (b.getMax() >= 0) {
        b.stepTo(Math.max(b.getCurrent(), b.getMax()));
      }
      b.close();
    }
  }

  @Override
  public void close() {
    finish();
  }

  /**
   * A warning printed while a bar may be drawn: the bar's line is cleared first, so the warning has a line
   * of its own (the bar is drawn again below it at its next refresh).
   */
  public void warn(String text) {
    Line l = bar != null ? line : null;
    if (l == null) {
      Warnings.print(err, text);
    } else {
      l.clearFor(() -> Warnings.print(err, text));
    }
  }

  /** {@code in} counting its bytes into the current phase (itself when no bar is shown). */
  public InputStream counting(InputStream in) {
    if (!shown) {
      return in;
    }
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          stepBy(1);
        }
        return b;
      }

      @Override
      public int read(byte[] buffer, int off, int len) throws IOException {
        int n = super.read(buffer, off, len);
        if (n > 0) {
          stepBy(n);
        }
        return n;
      }
    };
  }

  /**
   * {@code learner} counting its updates and its predictors' predictions into the current phase (itself
   * when no bar is shown), for the training and testing passes of TrainThenTest. Those calls go to
   * {@code learner} unchanged, ids included, so results are the same; the others take the interface's
   * defaults (an id never changes a result).
   */
  public OnlineMultiLabelLearner counting(OnlineMultiLabelLearner learner) {
    return shown ? new CountingLearner(learner) : learner;
  }

  /** Counts into the bar in batches; one per thread (a learner, or one test thread's predictor). */
  private class Ticks {
    private int pending;

    final void tick() {
      if (++pending == BATCH) {
        stepBy(pending);
        pending = 0;
      }
    }
  }

  private final class CountingPredictor extends Ticks implements Predictor {
    private final Predictor delegate;

    CountingPredictor(Predictor delegate) {
      this.delegate = delegate;
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      delegate.predict(x, out);
      tick();
    }

    @Override
    public void predict(long id, SparseVector x, Scores out) {
      delegate.predict(id, x, out);
      tick();
    }

    @Override
    public void predict(ExampleBlock block, Scores[] out) {
      delegate.predict(block, out);
      for (int k = 0; k < block.size(); k++) {
        tick();
      }
    }
  }

  private final class CountingLearner extends Ticks implements OnlineMultiLabelLearner {
    private final OnlineMultiLabelLearner delegate;

    CountingLearner(OnlineMultiLabelLearner delegate) {
      this.delegate = delegate;
    }

    @Override
    public LearnerSpec spec() {
      return delegate.spec();
    }

    @Override
    public Settings settings() {
      return delegate.settings();
    }

    @Override
    public int numLabels() {
      return delegate.numLabels();
    }

    @Override
    public long examplesSeen() {
      return delegate.examplesSeen();
    }

    @Override
    public long ramBytesUsed() {
      return delegate.ramBytesUsed();
    }

    @Override
    public java.util.Map<String, Object> statistics() {
      return delegate.statistics();
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      delegate.predict(x, out);
    }

    @Override
    public void update(SparseVector x, LabelSet y) {
      delegate.update(x, y);
      tick();
    }

    @Override
    public void update(long id, SparseVector x, LabelSet y) {
      delegate.update(id, x, y);
      tick();
    }

    @Override
    public void update(ExampleBlock block) {
      delegate.update(block);
      for (int k = 0; k < block.size(); k++) {
        tick();
      }
    }

    @Override
    public void predict(ExampleBlock block, Scores[] out) {
      delegate.predict(block, out);
    }

    @Override
    public void predictThenUpdate(ExampleBlock block, Scores[] out) {
      delegate.predictThenUpdate(block, out);
      for (int k = 0; k < block.size(); k++) {
        tick();
      }
    }

    @Override
    public Predictor predictor() {
      return new CountingPredictor(delegate.predictor());
    }

    @Override
    public void checkFinite() {
      delegate.checkFinite();
    }
  }

  /** Draws the bar on one line of stderr: a carriage return, the bar, spaces over a longer previous one. */
  private static final class Line implements ProgressBarConsumer {
    private final PrintWriter err;
    private int previous;

    Line(PrintWriter err) {
      this.err = err;
    }

    @Override
    public int getMaxRenderedLength() {
      try {
        String columns = System.getenv("COLUMNS");
        return columns == null ? 79 : Math.max(40, Integer.parseInt(columns.strip()) - 1);
      } catch (NumberFormatException e) {
        return 79;
      }
    }

    @Override
    public synchronized void accept(String rendered) {
      String pad = " ".repeat(Math.max(0, previous - rendered.length()));
      previous = rendered.length();
      err.print("\r" + rendered + pad);
      err.flush();
    }

    /** Clears the bar's line, then runs {@code print}, with no redraw in between. */
    synchronized void clearFor(Runnable print) {
      err.print("\r" + " ".repeat(previous) + "\r");
      previous = 0;
      print.run();
    }

    @Override
    public synchronized void close() {
      err.println();
      err.flush();
    }
  }
}
