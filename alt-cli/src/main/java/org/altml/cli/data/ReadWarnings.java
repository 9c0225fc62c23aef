package org.altml.cli.data;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.altml.cli.output.Messages;
import org.altml.cli.output.Progress;
import org.altml.cli.output.Warnings;

/**
 * Where the data readers' warnings go ({@link org.altml.sparse.io.ReadOptions#withWarnings}: an ARFF file whose MEKA
 * {@code -C} may be stale, ...): the command's stderr as {@code alt: warning: ...} lines, in command-line words
 * ({@link Messages#forCommandLine}), above the progress bar when one is drawn, and each once per run: a file read twice
 * (a peek for the JIT warm-up, then the read; two blocks of an experiment) warns once, two files each once.
 */
final class ReadWarnings implements Consumer<String> {
  /** What was said on each stderr (one per command run), weakly: a run's writer goes with its run. */
  private static final Map<PrintWriter, Set<String>> SAID = Collections.synchronizedMap(new WeakHashMap<>());

  private final PrintWriter err;
  private final Progress progress;

  /** Warnings printed on {@code err}, or through {@code progress} when it has a stderr (it is not {@link Progress#none()}). */
  ReadWarnings(PrintWriter err, Progress progress) {
    this.err = err;
    this.progress = progress;
  }

  /** The same warnings, printed above {@code progress}'s bar. */
  ReadWarnings through(Progress progress) {
    return new ReadWarnings(err, progress);
  }

  @Override
  public void accept(String text) {
    String line = Messages.printable(Messages.forCommandLine(text));
    boolean viaProgress = progress != null && progress.err() != null;
    PrintWriter to = viaProgress ? progress.err() : err;
    if (!SAID.computeIfAbsent(to, w -> ConcurrentHashMap.newKeySet()).add(line)) {
      return;
    }
    if (viaProgress) {
      progress.warn(line);
    } else {
      Warnings.print(to, line);
    }
  }
}
