package org.altml.bench.guard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.altml.core.math.VectorMath;

/**
 * A JVM of the speed guard: builds the workloads ({@link GuardWorkloads}) in the vectorization its command line forces
 * ({@code -Dalt.vectorization=scalar|panama}), says which one {@link VectorMath} runs, then times what its parent asks
 * on standard input, one command a line (timed in the thread's CPU time where the JVM measures it, else wall time) (or says {@code unavailable: why} and ends when that vectorization cannot run
 * here), answering each with the nanoseconds it took: {@code falt N} (N episodes of FALT rounds),
 * {@code block N} and {@code single N} (N kernel test passes, by blocks or one example at a time); {@code quit} ends it.
 * Two workers stay warm side by side while the parent alternates them, so both measure under the same load.
 */
public final class GuardWorker {
  private GuardWorker() {}

  /** Runs the worker on standard input and output. */
  public static void main(String[] args) throws IOException {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    String implementation;
    try {
      implementation = VectorMath.implementation();
    } catch (ExceptionInInitializerError e) { // the vectorization forced is not available in this JVM
      out.println("unavailable: " + (e.getCause() == null ? e : e.getCause().getMessage()));
      return;
    }
    out.println("ready " + implementation);
    GuardWorkloads.FaltRounds falt = null; // each workload is built when first asked for
    GuardWorkloads.KernelPass kernel = null;
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    // the thread's CPU time where the JVM has it: another process on a shared machine does not count
    java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
    double sink = 0;
    for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
      String[] command = line.trim().split(" ");
      int n = Integer.parseInt(command[1]);
      if (command[0].equals("falt") && falt == null) {
        falt = new GuardWorkloads.FaltRounds();
      } else if (!command[0].equals("falt") && kernel == null) {
        kernel = new GuardWorkloads.KernelPass();
      }
      long start = cpu.isCurrentThreadCpuTimeSupported() ? cpu.getCurrentThreadCpuTime() : System.nanoTime();
      switch (command[0]) {
        case "falt" -> sink += falt.run(n);
        case "block" -> {
          for (int i = 0; i < n; i++) {
            sink += kernel.blocks();
          }
        }
        case "single" -> {
          for (int i = 0; i < n; i++) {
            sink += kernel.single();
          }
        }
        default -> throw new IllegalArgumentException("unknown command: " + line);
      }
      out.println((cpu.isCurrentThreadCpuTimeSupported() ? cpu.getCurrentThreadCpuTime() : System.nanoTime()) - start);
    }
    out.println("sink " + sink); // keeps every result alive
  }
}
