package org.altml.bench.guard;

import java.util.concurrent.TimeUnit;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.altml.core.math.VectorMath;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The speed guard's workloads under JMH, which recorded the ratios {@link SpeedGuard} checks: {@code faltRoundScalar}
 * over {@code faltRoundPanama} (ns per FALT round, episodes of a fresh learner; forks forcing each vectorization) and {@code kernelSinglePass} over
 * {@code kernelBlockPass} (ns per test pass of a trained kernel learner, in Panama forks). The set-up fails when a fork
 * runs another implementation than its name says.
 *
 * <p>Besides the wall time, each method counts the thread's CPU time ({@code cpuNanos}) and its operations ({@code ops},
 * rounds or passes) as JMH auxiliary counters: on a shared machine whose load comes and goes between forks the ratios of
 * CPU time per operation are the ones to record (the guard measures CPU time too).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GuardBenchmark {
  // the guard's workers run with the same flags (SpeedGuard.Worker)
  private static final String HEAP = "-Xms256m";
  private static final String HEAP_MAX = "-Xmx512m";
  private static final String GC = "-XX:+UseSerialGC";
  private static final String MODULE = "--add-modules=jdk.incubator.vector";
  private static final String SCALAR = "-Dalt.vectorization=scalar";
  private static final String PANAMA = "-Dalt.vectorization=panama";
  /** FALT rounds per invocation: one episode. */
  private static final int ROUNDS = GuardWorkloads.LINEAR_EXAMPLES;

  /** Creates the benchmark; JMH makes the states. */
  public GuardBenchmark() {}

  /** The FALT stream and learner of a fork, after checking the fork's vectorization. */
  @State(Scope.Benchmark)
  public static class Falt {
    GuardWorkloads.FaltRounds rounds;

    /** Creates the state; JMH sets it up. */
    public Falt() {}

    /** Builds the workload. */
    @Setup(Level.Trial)
    public void setUp() {
      checkImplementation();
      rounds = new GuardWorkloads.FaltRounds();
    }
  }

  /** The trained kernel learner of a fork. */
  @State(Scope.Benchmark)
  public static class Kernel {
    GuardWorkloads.KernelPass pass;

    /** Creates the state; JMH sets it up. */
    public Kernel() {}

    /** Builds the workload. */
    @Setup(Level.Trial)
    public void setUp() {
      checkImplementation();
      pass = new GuardWorkloads.KernelPass();
    }
  }

  /** The thread's CPU time and operations of an iteration, reported next to the wall time. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Cpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** CPU nanoseconds of the measured calls. */
    public long cpuNanos;
    /** Operations (rounds, passes) of the measured calls. */
    public long ops;

    /** Creates the counters. */
    public Cpu() {}

    /** Zeroes the counters for an iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      cpuNanos = 0;
      ops = 0;
    }

    long start() {
      return THREADS.getCurrentThreadCpuTime();
    }

    double stop(long start, int operations, double result) {
      cpuNanos += THREADS.getCurrentThreadCpuTime() - start;
      ops += operations;
      return result;
    }
  }

  private static void checkImplementation() {
    String wanted = System.getProperty("alt.vectorization");
    String active = VectorMath.implementation();
    if (wanted == null || !active.startsWith(wanted)) {
      throw new IllegalStateException("fork pinned to alt.vectorization=" + wanted + " but VectorMath runs '" + active + "'");
    }
  }

  /** FALT rounds with the scalar specification's kernels. */
  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  @Fork(value = 1, jvmArgsAppend = {HEAP, HEAP_MAX, GC, SCALAR})
  public double faltRoundScalar(Falt s, Cpu cpu) {
    long t = cpu.start();
    return cpu.stop(t, ROUNDS, s.rounds.run(1));
  }

  /** FALT rounds with the Vector API's kernels. */
  @Benchmark
  @OperationsPerInvocation(ROUNDS)
  @Fork(value = 1, jvmArgsAppend = {HEAP, HEAP_MAX, GC, MODULE, PANAMA})
  public double faltRoundPanama(Falt s, Cpu cpu) {
    long t = cpu.start();
    return cpu.stop(t, ROUNDS, s.rounds.run(1));
  }

  /** The kernel test pass by blocks. */
  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {HEAP, HEAP_MAX, GC, MODULE, PANAMA})
  public double kernelBlockPass(Kernel s, Cpu cpu) {
    long t = cpu.start();
    return cpu.stop(t, 1, s.pass.blocks());
  }

  /** The kernel test pass one example at a time. */
  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {HEAP, HEAP_MAX, GC, MODULE, PANAMA})
  public double kernelSinglePass(Kernel s, Cpu cpu) {
    long t = cpu.start();
    return cpu.stop(t, 1, s.pass.single());
  }
}
