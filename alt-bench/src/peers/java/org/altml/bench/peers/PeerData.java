package org.altml.bench.peers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.synth.SparseTextGenerator;

/**
 * Loads the comparison's datasets as ALT {@link Dataset}s: the shared Mulan ARFF files through
 * {@link DataFiles#read} (labels from the XML beside each file) and the RCV1-shaped synthetic set from
 * {@link SparseTextGenerator}; and applies one feature scaling to a split, identically for every system.
 */
public final class PeerData {
  /** Synthetic set: training examples (the first of one seeded {@code generate} call). */
  static final int SYNTHETIC_TRAIN = 10_000;
  /** Synthetic set: test examples (the rest of the same call). */
  static final int SYNTHETIC_TEST = 5_000;

  private PeerData() {}

  /** A training set and a test set with the same d and L, and how it was made. */
  public record Split(String name, Dataset train, Dataset test, String source) {}

  /** Whether the named dataset is sparse text (rcv1subsetN, bibtex, synthetic), whose rows are not rescaled by default. */
  public static boolean sparseText(String name) {
    return name.equals("synthetic") || name.equals("bibtex") || name.startsWith("rcv1");
  }

  /**
   * The named dataset from the shared folder: the standard Mulan train/test split when
   * {@code <name>-train.arff} exists (emotions, scene, yeast, bibtex); otherwise a seeded 2/3-1/3 split
   * of {@code <name>.arff[.gz]} (rcv1subsetN); for {@code synthetic} the first 10,000 / last 5,000
   * examples of {@code new SparseTextGenerator(Config.defaults().withSeed(seed)).generate(15,000)}
   * (RCV1-shaped: d = 47,236, about 76 non-zeros, L = 101).
   */
  public static Split load(Path datasets, String name, long seed) throws IOException {
    if (name.equals("synthetic")) {
      SparseTextGenerator.Config config = SparseTextGenerator.Config.defaults().withSeed(seed);
      Dataset all = new SparseTextGenerator(config).generate(SYNTHETIC_TRAIN + SYNTHETIC_TEST);
      return split("synthetic", all, SYNTHETIC_TRAIN, "SparseTextGenerator " + config + ": first "
          + SYNTHETIC_TRAIN + " train, next " + SYNTHETIC_TEST + " test");
    }
    Path dir = datasets.resolve(name);
    Path train = dir.resolve(name + "-train.arff");
    if (Files.exists(train)) {
      Path testFile = dir.resolve(name + "-test.arff");
      Dataset tr = DataFiles.read(train, ReadOptions.defaults());
      Dataset te = DataFiles.read(testFile, ReadOptions.defaults());
      if (tr.numLabels() != te.numLabels()) {
        throw new IOException(train + " has " + tr.numLabels() + " labels but " + testFile + " has " + te.numLabels());
      }
      int d = Math.max(tr.numFeatures(), te.numFeatures());
      return new Split(name, tr.withDimensions(d, tr.numLabels()), te.withDimensions(d, tr.numLabels()),
          "standard split " + train.getFileName() + " / " + testFile.getFileName());
    }
    Path whole = dir.resolve(name + ".arff");
    if (!Files.exists(whole)) {
      whole = dir.resolve(name + ".arff.gz");
    }
    Dataset all = DataFiles.read(whole, ReadOptions.defaults());
    int nTrain = all.size() * 2 / 3;
    return split(name, all.subset(all.permutation(seed)), nTrain,
        "seeded 2/3-1/3 split of " + whole.getFileName() + " (Dataset.permutation, seed " + seed + ")");
  }

  private static Split split(String name, Dataset all, int nTrain, String source) {
    int[] tr = new int[nTrain];
    int[] te = new int[all.size() - nTrain];
    for (int i = 0; i < all.size(); i++) {
      if (i < nTrain) {
        tr[i] = i;
      } else {
        te[i - nTrain] = i;
      }
    }
    return new Split(name, all.subset(tr), all.subset(te), source);
  }

  /**
   * The split with {@code scaling} applied to both sets by one {@link FeatureScaler} fitted on the
   * training set only (docs/spec.md#scaling: never on the test set); {@link FeatureScaling#NONE} returns it unchanged.
   */
  public static Split scaled(Split split, FeatureScaling scaling) {
    if (scaling == FeatureScaling.NONE) {
      return split;
    }
    FeatureScaler scaler = FeatureScaler.fit(scaling, split.train());
    return new Split(split.name(), transform(split.train(), scaler), transform(split.test(), scaler), split.source());
  }

  private static Dataset transform(Dataset data, FeatureScaler scaler) {
    DatasetBuilder b = new DatasetBuilder().name(data.name()).numFeatures(data.numFeatures()).numLabels(data.numLabels());
    if (data.labelNames().size() == data.numLabels()) {
      b.labelNames(data.labelNames());
    }
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int i = 0; i < data.size(); i++) {
      b.add(scaler.transform(data.features(i, x)), data.labels(i, y));
    }
    return b.build();
  }
}
