package org.altml.bench.peers;

import com.yahoo.labs.samoa.instances.Attribute;
import com.yahoo.labs.samoa.instances.Instances;
import com.yahoo.labs.samoa.instances.InstancesHeader;
import com.yahoo.labs.samoa.instances.MultiLabelInstance;
import com.yahoo.labs.samoa.instances.Prediction;
import com.yahoo.labs.samoa.instances.Range;
import com.yahoo.labs.samoa.instances.SparseInstance;
import java.util.ArrayList;
import java.util.List;
import moa.classifiers.multitarget.BasicMultiLabelClassifier;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * MOA's binary relevance ({@code multitarget.BasicMultiLabelClassifier}) over a base learner given by
 * its MOA CLI string ({@code functions.SGD} or {@code trees.HoeffdingTree}, default options), one pass of
 * {@code trainOnInstance}. Data: one multi-label {@link InstancesHeader} with the L label attributes
 * ({@code {0,1}}) first (output range {@code 1-L}) and the d numeric features after them, and one
 * {@link SparseInstance} per example. A label's score is the base learner's vote for "1" minus its vote
 * for "0", threshold lane 0, so the predicted set is MOA's (vote for "1" above vote for "0"); with
 * SGD's default hinge loss the votes are 0/1, so its ranking loss counts the resulting ties as errors.
 */
final class MoaSystem implements PeerSystem {
  private final String baseLearner;
  private final String label;
  private int numLabels;
  private MultiLabelInstance[] trainInstances;
  private MultiLabelInstance[] testInstances;
  private InstancesHeader header;
  private BasicMultiLabelClassifier model;
  private long disagreements;
  private long[] stamps;

  MoaSystem(String baseLearner, String label) {
    this.baseLearner = baseLearner;
    this.label = label;
  }

  /** The base learner's MOA CLI string. */
  String baseLearner() {
    return baseLearner;
  }

  /**
   * Makes the next {@link #train} record {@code System.nanoTime()} after each training example into
   * {@code stamps} (at most its length examples are recorded), or stops recording when null.
   */
  void recordStamps(long[] stamps) {
    this.stamps = stamps;
  }

  @Override
  public String name() {
    return label;
  }

  @Override
  public String settings() {
    return "BasicMultiLabelClassifier -l " + baseLearner + " (MOA defaults), one pass";
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    numLabels = train.numLabels();
    int d = Math.max(train.numFeatures(), test.numFeatures());
    List<Attribute> attributes = new ArrayList<>(numLabels + d);
    List<String> binary = List.of("0", "1");
    for (int l = 0; l < numLabels; l++) {
      attributes.add(new Attribute("label" + l, binary));
    }
    for (int f = 0; f < d; f++) {
      attributes.add(new Attribute("f" + f));
    }
    Instances instances = new Instances(train.name(), attributes, 0);
    instances.setRangeOutputIndices(new Range("1-" + numLabels));
    header = new InstancesHeader(instances);
    trainInstances = new MultiLabelInstance[order.length];
    for (int r = 0; r < order.length; r++) {
      trainInstances[r] = convert(train, order[r], d);
    }
    testInstances = new MultiLabelInstance[test.size()];
    for (int i = 0; i < test.size(); i++) {
      testInstances[i] = convert(test, i, d);
    }
  }

  private MultiLabelInstance convert(Dataset data, int i, int d) {
    SparseVector x = data.features(i, new SparseVector());
    LabelSet y = data.labels(i, new LabelSet());
    int n = y.size() + x.nnz();
    int[] indices = new int[n];
    double[] values = new double[n];
    int m = 0;
    for (int k = 0; k < y.size(); k++) {
      indices[m] = y.label(k);
      values[m++] = 1.0;
    }
    for (int k = 0; k < x.nnz(); k++) {
      indices[m] = numLabels + x.index(k);
      values[m++] = x.value(k);
    }
    SparseInstance inst = new SparseInstance(1.0, values, indices, numLabels + d);
    inst.setDataset(header);
    return inst;
  }

  @Override
  public int train(long deadline) {
    model = new BasicMultiLabelClassifier();
    model.baseLearnerOption.setValueViaCLIString(baseLearner);
    model.setModelContext(header);
    model.prepareForUse();
    model.resetLearning();
    for (int r = 0; r < trainInstances.length; r++) {
      model.trainOnInstance(trainInstances[r]);
      if (stamps != null && r < stamps.length) {
        stamps[r] = System.nanoTime();
      }
      if (System.nanoTime() - deadline > 0) {
        return r + 1;
      }
    }
    return trainInstances.length;
  }

  @Override
  public int predict(Scores[] out, long deadline) {
    disagreements = 0;
    for (int i = 0; i < testInstances.length; i++) {
      Prediction p = model.getPredictionForInstance(testInstances[i]);
      float[] a = out[i].array();
      a[numLabels] = 0f;
      boolean differs = false;
      for (int l = 0; l < numLabels; l++) {
        double[] votes = p == null ? null : p.getVotes(l);
        double yes = votes != null && votes.length > 1 ? votes[1] : 0.0;
        double no = votes != null && votes.length > 0 ? votes[0] : 0.0;
        if (Double.isNaN(yes)) {
          yes = 0.0;
        }
        if (Double.isNaN(no)) {
          no = 0.0;
        }
        a[l] = (float) (yes - no);
        differs |= (a[l] > 0f) != (yes > no);
      }
      if (differs) {
        disagreements++;
      }
      if (System.nanoTime() - deadline > 0) {
        return i + 1;
      }
    }
    return testInstances.length;
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
