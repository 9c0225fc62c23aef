package org.altml.flink.model;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;

/** Learners and metric suites to bytes and back, through {@link ModelIo} (the kinds' codecs) and the suite's own state. */
public final class Models {
  private Models() {}

  /** The {@link ModelIo} bytes of {@code learner} (full state: training continues exactly). */
  public static byte[] toBytes(OnlineMultiLabelLearner learner) {
    try {
      return ModelIo.toBytes(SavedModel.of(learner));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The learner of {@link #toBytes} bytes. */
  public static OnlineMultiLabelLearner learner(byte[] bytes, String source) {
    return saved(bytes, source).learner();
  }

  /**
   * The whole model of model-file bytes: the learner with its preprocessing (a model file written by {@code alt
   * train --scale ...} carries the fitted scaling, which predictions must apply).
   */
  public static SavedModel saved(byte[] bytes, String source) {
    try {
      return ModelIo.fromBytes(bytes, source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes of {@code suite}'s state. */
  public static byte[] toBytes(EvaluationSuite suite) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(b)) {
      suite.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.toByteArray();
  }

  /** The suite of {@link #toBytes(EvaluationSuite)} bytes. */
  public static EvaluationSuite suite(byte[] bytes) {
    try {
      return EvaluationSuite.read(new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
