package org.altml.core.linear;

import java.util.ArrayList;
import java.util.List;
import org.altml.core.baseline.PaConfig;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A slow, obviously correct double-precision implementation of docs/spec.md for FALT, SALT, PA-I and PA-II
 * (with M steps and the bias option), written straight from the paper's formulas with dense rows and no
 * shared code with the fast learners. Tests in any package compare the fast float learners with it.
 *
 * <p>W is a list of d rows of L+1 doubles (feature-major like the fast code, but unpadded); the bias is
 * one more row used as the constant feature 1.
 */
public final class ReferenceAlt {
  /** Which algorithm the reference runs. */
  public enum Kind {
    FALT, SALT, PA1, PA2
  }

  private final Kind kind;
  private int numLabels;
  private final double eta;
  private final double delta;
  private final double c;
  private final int maxUpdates;
  private final boolean bias;
  private final List<double[]> w = new ArrayList<>();
  private final List<double[]> g2 = new ArrayList<>();
  private double[] biasW;
  private double[] biasG2;
  private long steps;
  private double roundGap = Double.POSITIVE_INFINITY;
  private boolean reversed;

  /** A reference learner; parameters a kind does not use are ignored. */
  public ReferenceAlt(Kind kind, int numLabels, double eta, double delta, double c, int maxUpdates, boolean bias) {
    this.kind = kind;
    this.numLabels = numLabels;
    this.eta = eta;
    this.delta = delta;
    this.c = c;
    this.maxUpdates = maxUpdates;
    this.bias = bias;
    this.biasW = new double[numLabels + 1];
    this.biasG2 = new double[numLabels + 1];
  }

  /**
   * A fresh reference with the same settings that sums each score in the opposite order (bias first,
   * then the non-zeros from last to first): an equally valid float64 implementation of docs/spec.md whose
   * rounding differs. Comparing the two measures how sensitive a run is to rounding alone (margin ties),
   * independently of float versus double.
   */
  public ReferenceAlt withReversedSums() {
    ReferenceAlt r = new ReferenceAlt(kind, numLabels, eta, delta, c, maxUpdates, bias);
    r.reversed = !reversed;
    return r;
  }

  /** FALT with η and M. */
  public static ReferenceAlt falt(int numLabels, double eta, int maxUpdates, boolean bias) {
    return new ReferenceAlt(Kind.FALT, numLabels, eta, 0, 0, maxUpdates, bias);
  }

  /** SALT with η, δ and M. */
  public static ReferenceAlt salt(int numLabels, double eta, double delta, int maxUpdates, boolean bias) {
    return new ReferenceAlt(Kind.SALT, numLabels, eta, delta, 0, maxUpdates, bias);
  }

  /** PA-I (or PA-II when {@code pa2}) binary relevance with C and M. */
  public static ReferenceAlt pa(boolean pa2, int numLabels, double c, int maxUpdates, boolean bias) {
    return new ReferenceAlt(pa2 ? Kind.PA2 : Kind.PA1, numLabels, 0, 0, c, maxUpdates, bias);
  }

  /** The reference for a fast learner's name, config and options. */
  public static ReferenceAlt matching(LinearLearner learner) {
    boolean b = learner.hasBias();
    int L = learner.numLabels();
    LearnerConfig cfg = learner.config();
    if (cfg instanceof FaltConfig f) {
      return falt(L, f.eta(), f.maxUpdatesPerExample(), b);
    } else if (cfg instanceof SaltConfig s) {
      return salt(L, s.eta(), s.delta(), s.maxUpdatesPerExample(), b);
    }
    PaConfig p = (PaConfig) cfg;
    return pa(p.variant() == PaConfig.Variant.PA2, L, p.c(), p.maxUpdatesPerExample(), b);
  }

  /**
   * Grows L to {@code numLabels} as docs/spec.md#open-labels defines it, written from the definition alone: every row
   * (and G², and the bias row) gets zero weights for the new labels, the threshold weight staying the last entry.
   */
  public void growLabels(int numLabels) {
    for (int f = 0; f < w.size(); f++) {
      w.set(f, widened(w.get(f), numLabels));
      g2.set(f, widened(g2.get(f), numLabels));
    }
    biasW = widened(biasW, numLabels);
    biasG2 = widened(biasG2, numLabels);
    this.numLabels = numLabels;
  }

  private double[] widened(double[] row, int numLabels) {
    double[] wider = new double[numLabels + 1];
    System.arraycopy(row, 0, wider, 0, this.numLabels);
    wider[numLabels] = row[this.numLabels];
    return wider;
  }

  /** Number of labels L. */
  public int numLabels() {
    return numLabels;
  }

  /** Feature rows so far. */
  public int numFeatures() {
    return w.size();
  }

  /** Total inner update steps applied. */
  public long updateSteps() {
    return steps;
  }

  /**
   * The smallest |margin − 1| over the labels and inner steps of the last {@link #update} (the ALT
   * margins s_i − s_{L+1} and s_{L+1} − s_j, PA's y_i·s_i): how close the round came to a margin tie,
   * where float and double may decide a violation differently. Infinite before the first round.
   */
  public double lastRoundMarginGap() {
    return roundGap;
  }

  /** w_feature^(lane) (0 for a feature never seen), lane L = threshold. */
  public double weight(int feature, int lane) {
    return feature < w.size() ? w.get(feature)[lane] : 0.0;
  }

  /** Bias weight of {@code lane}. */
  public double biasWeight(int lane) {
    return biasW[lane];
  }

  /** G² of (feature, lane) for SALT. */
  public double accumulator(int feature, int lane) {
    return feature < g2.size() ? g2.get(feature)[lane] : 0.0;
  }

  /** The L label scores and threshold score of x: s_j = Σ_f x_f·w_f^(j) (+ bias). */
  public double[] scores(SparseVector x) {
    double[] s = new double[numLabels + 1];
    if (bias && reversed) {
      for (int j = 0; j <= numLabels; j++) {
        s[j] += biasW[j];
      }
    }
    for (int n = 0; n < x.nnz(); n++) {
      int k = reversed ? x.nnz() - 1 - n : n;
      int f = x.index(k);
      if (f < w.size()) {
        for (int j = 0; j <= numLabels; j++) {
          s[j] += x.value(k) * w.get(f)[j];
        }
      }
    }
    if (bias && !reversed) {
      for (int j = 0; j <= numLabels; j++) {
        s[j] += biasW[j];
      }
    }
    return s;
  }

  /** Predicted labels: s_i &gt; s_{L+1} (PA: the threshold stays 0). */
  public boolean[] predict(SparseVector x) {
    double[] s = scores(x);
    boolean[] p = new boolean[numLabels];
    for (int i = 0; i < numLabels; i++) {
      p[i] = s[i] > s[numLabels];
    }
    return p;
  }

  /** One online round on (x, y): up to M steps, stopping when the loss is 0. */
  public void update(SparseVector x, LabelSet y) {
    double norm2 = bias ? 1 : 0; // ||x||², the bias feature counting as one more entry 1
    for (int k = 0; k < x.nnz(); k++) {
      norm2 += (double) x.value(k) * x.value(k);
    }
    if (norm2 == 0) {
      return; // zero-norm x: nothing changes
    }
    while (w.size() <= x.maxIndex()) {
      w.add(new double[numLabels + 1]);
      g2.add(new double[numLabels + 1]);
    }
    roundGap = Double.POSITIVE_INFINITY;
    boolean[] relevant = new boolean[numLabels];
    for (int k = 0; k < y.size(); k++) {
      relevant[y.label(k)] = true;
    }
    for (int step = 0; step < maxUpdates; step++) {
      double[] s = scores(x);
      double[] grad = kind == Kind.PA1 || kind == Kind.PA2 ? paStep(s, relevant, norm2) : altGradient(s, relevant, y.size());
      if (grad == null) {
        return; // zero loss
      }
      steps++;
      for (int k = 0; k < x.nnz(); k++) {
        apply(w.get(x.index(k)), g2.get(x.index(k)), x.value(k), grad);
      }
      if (bias) {
        apply(biasW, biasG2, 1.0, grad);
      }
    }
  }

  /** Row update for one feature of value v; grad is ∇ per lane divided by x_f (PA: the +τy step). */
  private void apply(double[] row, double[] acc, double v, double[] grad) {
    for (int j = 0; j <= numLabels; j++) {
      switch (kind) {
        case FALT -> row[j] -= eta * v * grad[j];
        case SALT -> {
          double g = v * grad[j];
          acc[j] += g * g;
          if (g != 0) {
            row[j] -= eta * g / (delta + Math.sqrt(acc[j]));
          }
        }
        case PA1, PA2 -> row[j] += grad[j] * v;
      }
    }
  }

  /** The ALT gradient coefficients (docs/spec.md#alt-gradient), or null when f_t = 0. */
  private double[] altGradient(double[] s, boolean[] relevant, int ny) {
    int L = numLabels;
    int nbar = L - ny;
    double t = s[L];
    double[] grad = new double[L + 1];
    int a = 0;
    int b = 0;
    double loss = 0;
    for (int i = 0; i < L; i++) {
      if (relevant[i]) {
        roundGap = Math.min(roundGap, Math.abs(s[i] - t - 1));
        if (s[i] - t < 1) {
          a++;
          grad[i] = -1.0 / ny;
          loss += (1 - (s[i] - t)) / ny;
        }
      } else {
        roundGap = Math.min(roundGap, Math.abs(t - s[i] - 1));
        if (t - s[i] < 1) {
          b++;
          grad[i] = 1.0 / nbar;
          loss += (1 - (t - s[i])) / nbar;
        }
      }
    }
    grad[L] = (ny > 0 ? (double) a / ny : 0) - (nbar > 0 ? (double) b / nbar : 0);
    return loss == 0 ? null : grad;
  }

  /** PA coefficients τ_i·y_i (threshold lane 0), or null when every ℓ_i = 0. */
  private double[] paStep(double[] s, boolean[] relevant, double norm2) {
    double[] coef = new double[numLabels + 1];
    boolean any = false;
    for (int i = 0; i < numLabels; i++) {
      double yi = relevant[i] ? 1 : -1;
      roundGap = Math.min(roundGap, Math.abs(yi * s[i] - 1));
      double loss = Math.max(0, 1 - yi * s[i]);
      if (loss > 0) {
        any = true;
        double tau = kind == Kind.PA1 ? Math.min(c, loss / norm2) : loss / (norm2 + 1 / (2 * c));
        coef[i] = tau * yi;
      }
    }
    return any ? coef : null;
  }
}
