package org.altml.flink.source;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.IntMaximum;
import org.apache.flink.api.common.accumulators.LongMaximum;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.JobListener;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.SourceOperatorStreamTask;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailbox;

/**
 * {@code --fail-at N}: a failure anyone can inject, to check the exactly-once claims from the command line on any data.
 * A tap chained right after each source subtask ({@link #tap}) forwards every record and, on the job's first attempt
 * only (the task's attempt number 0, so a restarted job never fails again, whatever the process or machine), fails
 * the job at the N-th record its subtask reads, once a checkpoint has completed: the restart then resumes from that
 * checkpoint. When record N comes before any checkpoint has completed, it is held (not passed on) while the source
 * task goes on with its other work (the task's mail: it takes its checkpoint and hears that it completed), then the
 * job fails. The source's position in that checkpoint is the one before record N (Flink's file source, the share
 * source and the Kafka source move their position after a record has been passed on), so the restart reads record N
 * again. Chained elsewhere than to a source (a checkpoint cannot be taken while a record is held there), it fails at
 * the first record at or after N that comes after a completed checkpoint instead.
 *
 * <p>What happened reaches the client through accumulators ({@link Report}): the attempt the job ended on, the
 * checkpoint it restored, and the most records a source subtask read on the first attempt (fewer than N: no failure).
 */
public final class FailAt extends AbstractStreamOperator<TextLine> implements OneInputStreamOperator<TextLine, TextLine> {
  private static final long serialVersionUID = 1L;
  /** The accumulator of the highest attempt number of the taps (0: the job did not restart). */
  static final String ATTEMPT = "alt-fail-at-attempt";
  /** The accumulator of the checkpoint the taps were restored from (-1: none). */
  static final String RESTORED = "alt-fail-at-restored-checkpoint";
  /** The accumulator of the most records a tap has read. */
  static final String MOST_READ = "alt-fail-at-most-read";

  private final long n;
  private transient long read;
  private transient boolean armed;
  private transient boolean checkpointed;
  private transient long restored = -1;
  private transient MailboxExecutor anyMail; // null when not chained to a source: no record can be held
  private transient LongMaximum mostRead;

  /** Fails the job once, at record {@code n} (1-based) of a source subtask, after a checkpoint. */
  public FailAt(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("--fail-at must be >= 1, not " + n);
    }
    this.n = n;
  }

  /** The tap that applies it to a stream of lines, chained to the stream's source (operator id "fail-at"). */
  public static UnaryOperator<DataStream<TextLine>> tap(long n) {
    return lines -> lines.transform("fail at record " + n, lines.getType(), new FailAt(n)).setParallelism(lines.getParallelism())
        .name("fail at record " + n).uid("fail-at");
  }

  /** The message of the injected failure at record {@code record}. */
  static String message(long n, long record) {
    return "alt flink: injected failure at record " + record + " (--fail-at" + (record == n ? ")"
        : " " + n + ": the first record after a completed checkpoint)");
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    OptionalLong id = context.getRestoredCheckpointId();
    restored = id.isPresent() ? id.getAsLong() : -1;
  }

  @Override
  public void open() throws Exception {
    super.open();
    int attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
    armed = attempt == 0;
    read = 0;
    checkpointed = false;
    getRuntimeContext().addAccumulator(ATTEMPT, new IntMaximum(attempt));
    getRuntimeContext().addAccumulator(RESTORED, new LongMaximum(restored));
    mostRead = new LongMaximum(0);
    getRuntimeContext().addAccumulator(MOST_READ, mostRead);
    // the mail of every priority, the checkpoint's included (an operator's own executor takes only its own and above)
    anyMail = getContainingTask() instanceof SourceOperatorStreamTask<?> task
        ? task.getMailboxExecutorFactory().createExecutor(TaskMailbox.MIN_PRIORITY) : null;
  }

  @Override
  public void processElement(StreamRecord<TextLine> element) throws Exception {
    read++;
    mostRead.add(read);
    if (armed && read >= n) {
      if (read == n && anyMail != null) {
        while (!checkpointed) {
          anyMail.yield(); // record n is held: the source task takes its checkpoint meanwhile
        }
      }
      if (checkpointed) {
        armed = false;
        throw new InjectedFailure(message(n, read));
      }
    }
    output.collect(element);
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) throws Exception {
    super.notifyCheckpointComplete(checkpointId);
    checkpointed = true;
  }

  /** The failure {@code --fail-at} injects; its message names it. */
  public static final class InjectedFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedFailure(String message) {
      super(message);
    }
  }

  /**
   * The client's side of {@code --fail-at}: listens for the job (a {@link JobListener} of its environment) and says on
   * standard error that the failure was injected and the job restarted from a checkpoint, read from the taps'
   * accumulators: when the job has ended ({@link #report()}), or for a job that runs until cancelled as soon as the
   * restarted taps report it; a job whose subtasks all read fewer than N records gets a warning that nothing failed.
   */
  public static final class Report implements JobListener {
    private final long n;
    private final boolean endless;
    private final AtomicBoolean said = new AtomicBoolean();
    private volatile JobClient client;

    /** The report of {@code --fail-at n}, of a job that runs until cancelled when {@code endless}. */
    public Report(long n, boolean endless) {
      this.n = n;
      this.endless = endless;
    }

    @Override
    public void onJobSubmitted(JobClient jobClient, Throwable throwable) {
      client = jobClient;
      if (endless && jobClient != null) {
        Thread watch = new Thread(() -> {
          try {
            while (!said.get() && !jobClient.getJobStatus().get().isTerminalState()) {
              say(jobClient.getAccumulators().get(), false);
              Thread.sleep(200);
            }
          } catch (Exception e) {
            // the job has ended (cancelled): nothing more to say
          }
        }, "alt-flink-fail-at");
        watch.setDaemon(true);
        watch.start();
      }
    }

    @Override
    public void onJobExecuted(JobExecutionResult result, Throwable throwable) {}

    /**
     * Says what happened, once the job has ended well.
     *
     * @return the attempt the job ended on: 0 when it did not restart, else the restarts
     */
    public int report() throws Exception {
      JobClient c = client;
      return c == null ? 0 : say(c.getJobExecutionResult().get(1, TimeUnit.MINUTES).getAllAccumulatorResults(), true);
    }

    private int say(Map<String, Object> accumulators, boolean ended) {
      int attempt = accumulators.get(ATTEMPT) instanceof Integer a ? a : 0;
      if (attempt > 0) {
        if (said.compareAndSet(false, true)) {
          long restored = accumulators.get(RESTORED) instanceof Long r ? r : -1;
          System.err.println("alt flink: --fail-at " + n + ": the injected failure stopped the job, which restarted from "
              + (restored >= 0 ? "checkpoint " + restored : "its start") + (attempt > 1 ? " (attempt " + (attempt + 1) + ")" : ""));
        }
      } else if (ended && said.compareAndSet(false, true)) {
        long most = accumulators.get(MOST_READ) instanceof Long m ? m : 0;
        System.err.println("alt flink: warning: --fail-at " + n + ": no source subtask read " + n + " records (the most: " + most
            + "), so no failure was injected; give a smaller N");
      }
      return attempt;
    }
  }
}
