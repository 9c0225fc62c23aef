package org.altml.flink.model;

import java.io.IOException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.metric.EvaluationSuite;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink state serializers of learners, open models and metric suites through their own byte forms: a learner through
 * {@link org.altml.core.model.ModelIo} (its kind's {@link org.altml.core.learner.ModelCodec}, with the
 * checksum), a suite through {@link EvaluationSuite#write}. With the heap state backend state objects live on
 * the heap and are written only at checkpoints; {@link #copy} (a round trip through the bytes) is what
 * copy-on-write snapshots use for these mutable objects.
 *
 * @param <T> the learner or the suite
 */
public abstract sealed class CodecSerializer<T> extends TypeSerializer<T> {
  private static final long serialVersionUID = 1L;
  private final transient Function<T, byte[]> write;
  private final transient Function<byte[], T> read;

  private CodecSerializer(Function<T, byte[]> write, Function<byte[], T> read) {
    this.write = write;
    this.read = read;
  }

  /** The serializer of learners of every kind. */
  public static final class Learners extends CodecSerializer<OnlineMultiLabelLearner> {
    private static final long serialVersionUID = 1L;
    /** The one instance. */
    public static final Learners INSTANCE = new Learners();

    /** The one instance (public for Flink's snapshot). */
    public Learners() {
      super(Models::toBytes, b -> Models.learner(b, "flink state"));
    }

    @Override
    public TypeSerializerSnapshot<OnlineMultiLabelLearner> snapshotConfiguration() {
      return new LearnersSnapshot();
    }

    private Object readResolve() {
      return INSTANCE;
    }
  }

  /** The serializer of metric suites. */
  public static final class Suites extends CodecSerializer<EvaluationSuite> {
    private static final long serialVersionUID = 1L;
    /** The one instance. */
    public static final Suites INSTANCE = new Suites();

    /** The one instance (public for Flink's snapshot). */
    public Suites() {
      super(Models::toBytes, Models::suite);
    }

    @Override
    public TypeSerializerSnapshot<EvaluationSuite> snapshotConfiguration() {
      return new SuitesSnapshot();
    }

    private Object readResolve() {
      return INSTANCE;
    }
  }

  /** The serializer of open models, a learner with its vocabulary ({@link OpenModel}): one model file of format 4. */
  public static final class OpenModels extends CodecSerializer<OpenModel> {
    private static final long serialVersionUID = 1L;
    /** The one instance. */
    public static final OpenModels INSTANCE = new OpenModels();

    /** The one instance (public for Flink's snapshot). */
    public OpenModels() {
      super(OpenModel::toBytes, b -> OpenModel.of(b, "flink state"));
    }

    @Override
    public TypeSerializerSnapshot<OpenModel> snapshotConfiguration() {
      return new OpenModelsSnapshot();
    }

    private Object readResolve() {
      return INSTANCE;
    }
  }

  /** Flink's snapshot of {@link OpenModels}. */
  public static final class OpenModelsSnapshot extends SimpleTypeSerializerSnapshot<OpenModel> {
    /** For Flink. */
    public OpenModelsSnapshot() {
      super((Supplier<OpenModels>) () -> OpenModels.INSTANCE);
    }
  }

  /** Flink's snapshot of {@link Learners}. */
  public static final class LearnersSnapshot extends SimpleTypeSerializerSnapshot<OnlineMultiLabelLearner> {
    /** For Flink. */
    public LearnersSnapshot() {
      super((Supplier<Learners>) () -> Learners.INSTANCE);
    }
  }

  /** Flink's snapshot of {@link Suites}. */
  public static final class SuitesSnapshot extends SimpleTypeSerializerSnapshot<EvaluationSuite> {
    /** For Flink. */
    public SuitesSnapshot() {
      super((Supplier<Suites>) () -> Suites.INSTANCE);
    }
  }

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public TypeSerializer<T> duplicate() {
    return this; // stateless
  }

  @Override
  public T createInstance() {
    return null;
  }

  @Override
  public T copy(T from) {
    return from == null ? null : read.apply(write.apply(from));
  }

  @Override
  public T copy(T from, T reuse) {
    return copy(from);
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(T record, DataOutputView target) throws IOException {
    byte[] b = write.apply(record);
    target.writeInt(b.length);
    target.write(b);
  }

  @Override
  public T deserialize(DataInputView source) throws IOException {
    int n = source.readInt();
    if (n < 0) {
      throw new IOException("corrupt state: negative length " + n);
    }
    byte[] b = new byte[n];
    source.readFully(b);
    return read.apply(b);
  }

  @Override
  public T deserialize(T reuse, DataInputView source) throws IOException {
    return deserialize(source);
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    int n = source.readInt();
    target.writeInt(n);
    target.write(source, n);
  }

  @Override
  public boolean equals(Object obj) {
    return obj != null && obj.getClass() == getClass();
  }

  @Override
  public int hashCode() {
    return getClass().hashCode();
  }
}
