package org.altml.flink.model;

/**
 * A model travelling between operators: a worker's model for a mixing round, the mixer's average, or a model
 * version for the predictors. The model is in {@link org.altml.core.model.ModelIo}'s bytes (the learner
 * kind's own codec), so any registered learner kind travels. A Flink POJO.
 */
public final class ModelMessage {
  /** The round of {@link #FINAL}: the end of the input. */
  public static final long FINAL = Long.MAX_VALUE;

  /** The mixing round (or the model version for predictors); {@link #FINAL} at the end of the input. */
  public long round;
  /** The worker that sent it (-1 for a mixed or loaded model). */
  public int worker;
  /** How many workers contribute to a round. */
  public int workers;
  /** The model, {@link org.altml.core.model.ModelIo#toBytes} bytes. */
  public byte[] model;
  /** The prequential metrics of the examples learned so far ({@link org.altml.core.metric.EvaluationSuite#write}), or null. */
  public byte[] metrics;
  /** The file the model was read from as messages name it (a watched folder's model), or null. */
  public String source;

  /** For Flink's POJO serializer. */
  public ModelMessage() {}

  /** A message of round {@code round}. */
  public ModelMessage(long round, int worker, int workers, byte[] model, byte[] metrics) {
    this.round = round;
    this.worker = worker;
    this.workers = workers;
    this.model = model;
    this.metrics = metrics;
  }

  /** A model version read from the file {@code source} (as messages name it). */
  public static ModelMessage fromFile(long version, byte[] model, String source) {
    ModelMessage m = new ModelMessage(version, -1, 1, model, null);
    m.source = source;
    return m;
  }
}
