package org.altml.experiment.store;

import java.nio.file.Path;

/**
 * A process of its own that opens a results store, says {@code open} on standard output and keeps the store open
 * until its standard input ends: another run, for {@link RunStoreTest}.
 */
public final class RunStoreHolder {
  private RunStoreHolder() {}

  public static void main(String[] args) throws Exception {
    try (RunStore store = RunStore.open(Path.of(args[0]))) {
      System.out.println("open " + store.loaded());
      System.out.flush();
      while (System.in.read() >= 0) {
        // wait for the test to close standard input
      }
    }
  }
}
