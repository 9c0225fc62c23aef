package org.altml.sparse.io;

import java.nio.file.Path;

/**
 * Run in a child JVM by {@link AtomicOutputTest}: {@code TARGET} opens an output, says so, and waits to be
 * killed; {@code --stdout} prints a line, then writes another through {@code /dev/stdout}.
 */
final class AtomicOutputChild {
  private AtomicOutputChild() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("--stdout")) {
      System.out.println("printed");
      System.out.flush();
      try (AtomicOutput out = AtomicOutput.create(Path.of("/dev/stdout"))) {
        out.writer().write("written through /dev/stdout\n");
        out.commit();
      }
      return;
    }
    try (AtomicOutput out = AtomicOutput.create(Path.of(args[0]))) {
      out.stream().write(42);
      out.stream().flush();
      System.out.println("writing");
      System.out.flush();
      System.in.read(); // blocks until the parent kills this process
    }
  }
}
