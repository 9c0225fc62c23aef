package org.altml.flink.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Files written as bytes arrive, created (or emptied) only when the first byte comes to any of them: a job that runs
 * until cancelled streams its lines into {@code --out}'s files, and one that produces nothing (or fails first) must
 * leave an earlier run's files as they were. The files of one group are replaced together, so that they never mix two
 * runs (an earlier run's bad records beside this run's predictions).
 */
final class LazyFileOutput extends OutputStream {
  private final Path file;
  private final List<LazyFileOutput> group;
  private OutputStream out;

  private LazyFileOutput(Path file, List<LazyFileOutput> group) {
    this.file = file;
    this.group = group;
  }

  /** The outputs to {@code files}, none opened yet; the first byte written to one opens them all. */
  static List<LazyFileOutput> group(List<Path> files) {
    List<LazyFileOutput> group = new ArrayList<>();
    for (Path f : files) {
      group.add(new LazyFileOutput(f, group));
    }
    return List.copyOf(group);
  }

  private OutputStream opened() throws IOException {
    if (out == null) {
      for (LazyFileOutput o : group) {
        if (o.out == null) {
          o.out = Files.newOutputStream(o.file);
        }
      }
    }
    return out;
  }

  @Override
  public void write(int b) throws IOException {
    opened().write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (len > 0) {
      opened().write(b, off, len);
    }
  }

  @Override
  public void flush() throws IOException {
    if (out != null) {
      out.flush();
    }
  }

  @Override
  public void close() throws IOException {
    if (out != null) {
      out.close();
    }
  }
}
