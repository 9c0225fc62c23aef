package org.altml.bench.peers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.tribuo.Example;
import org.tribuo.Model;
import org.tribuo.MutableDataset;
import org.tribuo.Prediction;
import org.tribuo.classification.Label;
import org.tribuo.impl.ArrayExample;
import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.multilabel.MultiLabel;
import org.tribuo.multilabel.MultiLabelFactory;
import org.tribuo.multilabel.sgd.linear.LinearSGDTrainer;
import org.tribuo.multilabel.sgd.objectives.Hinge;
import org.tribuo.provenance.SimpleDataSourceProvenance;

/**
 * Tribuo's multi-label linear SGD ({@code tribuo-multilabel-sgd}): hinge objective, AdaGrad (learning
 * rate 1.0, epsilon 0.1), minibatch 1, one epoch in the given order (Tribuo's own shuffling off).
 * The train time is one call of {@code trainer.train(dataset)} (one epoch, including Tribuo's internal
 * conversion of the dataset to its vectors). Scores: Tribuo's per-label output scores, threshold lane
 * = the objective's {@code threshold()} (Tribuo predicts a label when its score is strictly above it; a
 * label absent from the training set has no score and gets -Float.MAX_VALUE).
 */
final class TribuoSystem implements PeerSystem {
  private static final long SEED = 1L;

  private String[] labelNames;
  private MutableDataset<MultiLabel> trainSet;
  private List<Example<MultiLabel>> testSet;
  private Model<MultiLabel> model;
  private final Hinge objective = new Hinge();
  private long disagreements;

  @Override
  public String name() {
    return "Tribuo ML linear SGD";
  }

  @Override
  public String settings() {
    return "Hinge, AdaGrad(lr=1.0, eps=0.1), minibatch 1, 1 epoch, no shuffle";
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    int d = Math.max(train.numFeatures(), test.numFeatures());
    int width = Integer.toString(Math.max(1, d - 1)).length();
    String[] featureNames = new String[d];
    for (int f = 0; f < d; f++) {
      featureNames[f] = "f" + "0".repeat(width - Integer.toString(f).length()) + f;
    }
    labelNames = new String[train.numLabels()];
    for (int l = 0; l < labelNames.length; l++) {
      labelNames[l] = "L" + l;
    }
    MultiLabelFactory factory = new MultiLabelFactory();
    trainSet = new MutableDataset<>(new SimpleDataSourceProvenance(train.name(), factory), factory);
    for (int i : order) {
      trainSet.add(example(train, i, featureNames));
    }
    testSet = new ArrayList<>(test.size());
    for (int i = 0; i < test.size(); i++) {
      testSet.add(example(test, i, featureNames));
    }
  }

  private Example<MultiLabel> example(Dataset data, int i, String[] featureNames) {
    SparseVector x = data.features(i, new SparseVector());
    LabelSet y = data.labels(i, new LabelSet());
    Set<Label> labels = new HashSet<>();
    for (int k = 0; k < y.size(); k++) {
      labels.add(new Label(labelNames[y.label(k)]));
    }
    String[] names = new String[x.nnz()];
    double[] values = new double[x.nnz()];
    for (int k = 0; k < x.nnz(); k++) {
      names[k] = featureNames[x.index(k)];
      values[k] = x.value(k);
    }
    return new ArrayExample<>(new MultiLabel(labels), names, values);
  }

  @Override
  public int train(long deadline) {
    LinearSGDTrainer trainer = new LinearSGDTrainer(objective, new AdaGrad(1.0, 0.1), 1, -1, 1, SEED);
    trainer.setShuffle(false);
    model = trainer.train(trainSet);
    return trainSet.size();
  }

  @Override
  public int predict(Scores[] out, long deadline) {
    int numLabels = labelNames.length;
    float threshold = (float) objective.threshold();
    disagreements = 0;
    for (int i = 0; i < testSet.size(); i++) {
      Prediction<MultiLabel> p = model.predict(testSet.get(i));
      Map<String, MultiLabel> scores = p.getOutputScores();
      Set<String> yes = p.getOutput().getNameSet();
      float[] a = out[i].array();
      a[numLabels] = threshold;
      boolean differs = false;
      for (int l = 0; l < numLabels; l++) {
        MultiLabel m = scores.get(labelNames[l]);
        a[l] = m == null ? -Float.MAX_VALUE : (float) m.getLabelSet().iterator().next().getScore();
        differs |= (a[l] > threshold) != yes.contains(labelNames[l]);
      }
      if (differs) {
        disagreements++;
      }
      if (System.nanoTime() - deadline > 0) {
        return i + 1;
      }
    }
    return testSet.size();
  }

  @Override
  public long disagreements() {
    return disagreements;
  }

  @Override
  public void close() {
    model = null;
  }
}
