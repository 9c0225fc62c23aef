package org.altml.bench.peers;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.Problem;
import de.bwaldvogel.liblinear.SolverType;
import org.altml.core.learner.Scores;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;

/**
 * LIBLINEAR (Java port) binary relevance: one L2-regularised L2-loss SVM (dual solver, LIBLINEAR's
 * defaults C = 1, eps = 0.1, no bias) per label. A batch learner: its train time is reported as is.
 * Scores: each label's decision value (oriented so that positive means relevant), threshold lane 0.
 */
final class LiblinearSystem implements PeerSystem {
  private static final double C = 1.0;
  private static final double EPS = 0.1;

  private int numLabels;
  private int numFeatures;
  private Feature[][] trainX;
  private double[][] trainY;
  private int[] positives;
  private Feature[][] testX;
  private Model[] models;
  private double[] sign;

  @Override
  public String name() {
    return "LIBLINEAR BR";
  }

  @Override
  public String settings() {
    return "L2R_L2LOSS_SVC_DUAL, C=" + C + ", eps=" + EPS + ", no bias (LIBLINEAR defaults), batch";
  }

  @Override
  public void prepare(Dataset train, int[] order, Dataset test) {
    Linear.disableDebugOutput();
    numLabels = train.numLabels();
    numFeatures = Math.max(train.numFeatures(), test.numFeatures());
    trainX = new Feature[order.length][];
    trainY = new double[numLabels][order.length];
    positives = new int[numLabels];
    SparseVector x = new SparseVector();
    LabelSet y = new LabelSet();
    for (int r = 0; r < order.length; r++) {
      trainX[r] = convert(train.features(order[r], x));
      for (int l = 0; l < numLabels; l++) {
        trainY[l][r] = -1.0;
      }
      train.labels(order[r], y);
      for (int k = 0; k < y.size(); k++) {
        trainY[y.label(k)][r] = 1.0;
        positives[y.label(k)]++;
      }
    }
    testX = new Feature[test.size()][];
    for (int i = 0; i < test.size(); i++) {
      testX[i] = convert(test.features(i, x));
    }
  }

  private static Feature[] convert(SparseVector x) {
    Feature[] f = new Feature[x.nnz()];
    for (int k = 0; k < x.nnz(); k++) {
      f[k] = new FeatureNode(x.index(k) + 1, x.value(k));
    }
    return f;
  }

  @Override
  @SuppressWarnings("deprecation") // resetRandom: the same solver shuffles on every repetition
  public int train(long deadline) {
    Linear.resetRandom();
    models = new Model[numLabels];
    sign = new double[numLabels];
    int n = trainX.length;
    for (int l = 0; l < numLabels; l++) {
      if (positives[l] == 0 || positives[l] == n) {
        sign[l] = positives[l] == 0 ? -1 : 1; // one class only: constant prediction
        continue;
      }
      Problem p = new Problem();
      p.l = n;
      p.n = numFeatures;
      p.x = trainX;
      p.y = trainY[l];
      p.bias = -1;
      models[l] = Linear.train(p, new Parameter(SolverType.L2R_L2LOSS_SVC_DUAL, C, EPS));
      sign[l] = models[l].getLabels()[0] == 1 ? 1 : -1;
    }
    return n;
  }

  @Override
  public int predict(Scores[] out, long deadline) {
    double[] dec = new double[2];
    for (int i = 0; i < testX.length; i++) {
      float[] a = out[i].array();
      a[numLabels] = 0f;
      for (int l = 0; l < numLabels; l++) {
        double s;
        if (models[l] == null) {
          s = sign[l];
        } else {
          Linear.predictValues(models[l], testX[i], dec);
          s = sign[l] * dec[0];
        }
        a[l] = (float) s;
      }
    }
    return testX.length;
  }

  @Override
  public void close() {
    models = null;
  }
}
