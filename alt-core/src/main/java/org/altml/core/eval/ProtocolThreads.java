package org.altml.core.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * The threads the protocols share (a test pass on several cores, cross-validation folds): one
 * {@link ForkJoinPool} with a thread per core, created on first use, instead of a pool per call. A task
 * that waits for subtasks from inside the pool helps run them (work stealing), so protocols can nest (folds
 * in parallel, each with a parallel test pass) without deadlock. A protocol never submits more tasks than
 * its thread budget.
 */
public final class ProtocolThreads {
  private ProtocolThreads() {}

  private static final class Holder {
    static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors(), pool -> {
      var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
      t.setName("alt-protocol-" + t.getPoolIndex());
      t.setDaemon(true);
      return t;
    }, null, false);
  }

  /** The shared pool. */
  public static ForkJoinPool shared() {
    return Holder.POOL;
  }

  /**
   * Runs every task on the shared pool and returns their results in task order. A runtime exception or
   * error of a task is rethrown as it is; a checked one wrapped in an {@link IllegalStateException}.
   */
  public static <T> List<T> invokeAll(List<? extends Callable<T>> tasks) {
    List<ForkJoinTask<T>> running = new ArrayList<>(tasks.size());
    for (Callable<T> task : tasks) {
      running.add(shared().submit(ForkJoinTask.adapt(task)));
    }
    List<T> results = new ArrayList<>(tasks.size());
    try {
      for (ForkJoinTask<T> task : running) {
        results.add(task.join());
      }
    } catch (RuntimeException | Error e) {
      for (ForkJoinTask<T> task : running) {
        task.cancel(true);
      }
      // join() rethrows a task's exception wrapped: in a RuntimeException, or in a copy of its own class made for
      // the caller's stack, whose message is the original's toString() ("java.lang.IllegalArgumentException: ...")
      Throwable cause = e.getCause() != null && (e.getClass() == RuntimeException.class || e.getClass() == e.getCause().getClass())
          ? e.getCause() : e;
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("a protocol task failed: " + cause, cause);
    }
    return results;
  }
}
