package org.altml.sparse.synth;

import java.io.IOException;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.ExampleStream;

/**
 * {@link SparseTextGenerator} with label birth times (docs/spec.md#open-labels), for open streams: example i is
 * the base generator's example i with every label not yet born at i removed ({@link LabelBirths}). The features
 * and the labels already born are the base stream's, bit for bit, so a label appears after its birth with its
 * usual frequency and the base generator's planted model stays the ceiling of the born labels. Label ids are the
 * base generator's; a label's first appearance (where an open learner first sees it) is at or after its birth.
 * Immutable and thread-safe; each stream is single-threaded.
 */
public final class BirthTextGenerator {
  private final SparseTextGenerator base;
  private final LabelBirths births;

  /**
   * The examples of {@code base} with the births {@code births}.
   *
   * @throws IllegalArgumentException if the schedule's L is not the generator's
   */
  public BirthTextGenerator(SparseTextGenerator base, LabelBirths births) {
    if (births.numLabels() != base.config().numLabels()) {
      throw new IllegalArgumentException("the birth schedule has " + births.numLabels()
          + " labels, the generator " + base.config().numLabels());
    }
    this.base = base;
    this.births = births;
  }

  /**
   * The RCV1 shape ({@link SparseTextGenerator.Config#defaults()}) with seed {@code seed}, ⌈presentFraction·L⌉
   * labels present from the start and the others born at seeded times in [1, horizon) ({@link
   * LabelBirths#spread}, seeded by the same seed).
   */
  public static BirthTextGenerator rcv1(long seed, double presentFraction, long horizon) {
    SparseTextGenerator.Config shape = SparseTextGenerator.Config.defaults().withSeed(seed);
    return new BirthTextGenerator(new SparseTextGenerator(shape),
        LabelBirths.spread(shape.numLabels(), presentFraction, horizon, seed));
  }

  /** The generator of the features and of the labels before births are applied. */
  public SparseTextGenerator base() {
    return base;
  }

  /** The birth of every label. */
  public LabelBirths births() {
    return births;
  }

  /** The first {@code n} examples in memory, with the base generator's d and L declared. */
  public Dataset generate(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    SparseTextGenerator.Config c = base.config();
    Footprint.requireExamples(n, 8.0 * c.meanNonZeros() + 4.0 * c.labelCardinality() + 8, "synthetic text");
    DatasetBuilder builder = new DatasetBuilder()
        .name("synthetic-text-births(seed=" + c.seed() + ")")
        .numFeatures(c.numFeatures())
        .numLabels(c.numLabels());
    try (ExampleStream s = stream(n)) {
      while (s.advance()) {
        builder.add(s.features(), s.labels());
      }
    } catch (IOException e) {
      throw new IllegalStateException("a generated stream cannot fail to close", e);
    }
    return builder.build();
  }

  /** A stream of {@code n} examples, the same as {@link #generate(int)}, on the fly. Each call starts afresh. */
  public ExampleStream stream(long n) {
    return new Stream(base.stream(n));
  }

  /** The base stream with the labels not yet born removed. */
  private final class Stream implements ExampleStream {
    private final ExampleStream inner;
    private final int[] kept = new int[base.config().numLabels()];
    private final LabelSet y = new LabelSet();
    private long index = -1;

    Stream(ExampleStream inner) {
      this.inner = inner;
    }

    @Override
    public boolean advance() throws IOException {
      if (!inner.advance()) {
        return false;
      }
      index++;
      LabelSet all = inner.labels();
      int[] labels = all.array();
      int size = 0;
      for (int k = all.offset(), end = all.offset() + all.size(); k < end; k++) {
        if (births.born(labels[k], index)) {
          kept[size++] = labels[k];
        }
      }
      y.reset(kept, 0, size);
      return true;
    }

    @Override
    public SparseVector features() {
      return inner.features();
    }

    @Override
    public LabelSet labels() {
      return y;
    }

    @Override
    public int numLabels() {
      return inner.numLabels();
    }

    @Override
    public int numFeatures() {
      return inner.numFeatures();
    }

    @Override
    public void close() throws IOException {
      inner.close();
    }
  }
}
