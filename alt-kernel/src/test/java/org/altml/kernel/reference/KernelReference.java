package org.altml.kernel.reference;

import java.util.ArrayList;
import java.util.List;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * A slow, obviously correct float64 transcription of docs/spec.md#kernel-falt and
 * docs/spec.md#kernel-pa, written from the specification and the paper's section 5 alone, sharing no
 * code with the learners of alt-kernel (nor with {@code org.altml.kernel.RbfKernel}). The acceptance test
 * {@code KernelAgreementTest} compares the registered kernel learners with it.
 *
 * <p>Everything is dense and plain: an example is a {@code double[d]}; the model is two parallel lists,
 * the support vectors x_k and their coefficient rows α_k, oldest first; the RBF kernel is
 * exp(−||x − x'||² / (2σ²)) with the squared distance summed over the dense difference (no
 * ||x||² + ||x'||² − 2x·x' trick). The paper writes σ² as δ².
 *
 * <p>FALT(k): α_k has L+1 entries (the L label rows, then the threshold row); one round predicts with the
 * store, then, with α_new = 0 and s the scores just predicted, takes up to M steps: compute the FALT
 * coefficients c (the gradient of row i is c_i·φ(x_t)) and the loss from s, stop if the loss is 0, else
 * α_new ← α_new − η·c and s ← s − η·c·K(x_t, x_t); if a step was taken, (x_t, α_new) is appended once.
 * PA-I(k)/PA-II(k): α_k has L entries, τ_i from docs/spec.md#pa-br with ||x||² replaced by K(x, x),
 * α_new,i = τ_i·y_i, appended when some τ_i ≠ 0, one step per round; predicted when s_i &gt; 0, so the
 * threshold score is 0. After an append, while the store holds more than B (B = 0: unlimited) one support
 * vector is removed by the budget policy ({@link Policy}).
 */
public final class KernelReference {
  /** Which learner the reference runs. */
  public enum Kind {
    /** Kernelized FALT (paper, section 5). */
    FALT,
    /** Kernel PA-I binary relevance. */
    PA1,
    /** Kernel PA-II binary relevance. */
    PA2
  }

  /** The budget policies of docs/spec.md#budget that are deterministic (no generator, no search). */
  public enum Policy {
    /** No removal (the paper's algorithm; also what B = 0 means). */
    NONE,
    /** Remove the support vector appended earliest. */
    OLDEST,
    /** Remove the smallest ||α_k||²; ties within a relative 1e-9 of the minimum: the oldest of them. */
    SMALLEST
  }

  /** docs/spec.md#budget-smallest: squared norms within this relative distance of the minimum tie for {@link Policy#SMALLEST}. */
  public static final double TIE = 1e-9;

  private final Kind kind;
  private final int numLabels;
  private final int numFeatures;
  private final double sigmaSquared;
  private final double eta;
  private final double c;
  private final int maxUpdates;
  private final int budget;
  private final Policy policy;
  private final List<double[]> supportVectors = new ArrayList<>();
  private final List<double[]> alphas = new ArrayList<>();
  private long steps;
  private long appended;
  private long removed;
  private long tiedRemovals;

  private KernelReference(Kind kind, int numLabels, int numFeatures, double sigmaSquared, double eta, double c,
      int maxUpdates, int budget, Policy policy) {
    if (budget < 0 || maxUpdates < 1 || !(sigmaSquared > 0)) {
      throw new IllegalArgumentException("budget " + budget + ", M " + maxUpdates + ", sigma² " + sigmaSquared);
    }
    this.kind = kind;
    this.numLabels = numLabels;
    this.numFeatures = numFeatures;
    this.sigmaSquared = sigmaSquared;
    this.eta = eta;
    this.c = c;
    this.maxUpdates = maxUpdates;
    this.budget = budget;
    this.policy = budget == 0 ? Policy.NONE : policy;
  }

  /** Kernelized FALT with η, σ², M, budget B (0 = unlimited) and its policy, for d features and L labels. */
  public static KernelReference falt(int numLabels, int numFeatures, double eta, double sigmaSquared, int maxUpdates,
      int budget, Policy policy) {
    return new KernelReference(Kind.FALT, numLabels, numFeatures, sigmaSquared, eta, 0, maxUpdates, budget, policy);
  }

  /** Kernel PA-I (or PA-II when {@code pa2}) binary relevance with C, σ², budget B and its policy. */
  public static KernelReference pa(boolean pa2, int numLabels, int numFeatures, double c, double sigmaSquared,
      int budget, Policy policy) {
    return new KernelReference(pa2 ? Kind.PA2 : Kind.PA1, numLabels, numFeatures, sigmaSquared, 0, c, 1, budget, policy);
  }

  /** Number of labels L. */
  public int numLabels() {
    return numLabels;
  }

  /** Support vectors in the store now. */
  public int size() {
    return supportVectors.size();
  }

  /** The coefficients α_k of the k-th support vector, oldest first (a copy). */
  public double[] alpha(int k) {
    return alphas.get(k).clone();
  }

  /** The k-th support vector, oldest first, as a dense copy. */
  public double[] supportVector(int k) {
    return supportVectors.get(k).clone();
  }

  /** Inner update steps taken so far (FALT: up to M per round; PA: one per appending round). */
  public long updateSteps() {
    return steps;
  }

  /** Support vectors appended so far (at most one per round). */
  public long appended() {
    return appended;
  }

  /** Support vectors removed by the budget so far. */
  public long removed() {
    return removed;
  }

  /**
   * Removals by {@link Policy#SMALLEST} where more than one support vector was within the tie window of the
   * minimum, so the oldest-of-the-tied rule decided (a diagnostic of how much a run exercises it).
   */
  public long tiedRemovals() {
    return tiedRemovals;
  }

  /** K(a, b) = exp(−||a − b||² / (2σ²)), the squared distance summed over the dense difference. */
  public static double rbf(double[] a, double[] b, double sigmaSquared) {
    double d2 = 0;
    for (int f = 0; f < a.length; f++) {
      double diff = a[f] - b[f];
      d2 += diff * diff;
    }
    return Math.exp(-d2 / (2 * sigmaSquared));
  }

  /** x as a dense double[d]. */
  public double[] dense(SparseVector x) {
    double[] v = new double[numFeatures];
    for (int k = 0; k < x.nnz(); k++) {
      if (x.index(k) >= numFeatures) {
        throw new IllegalArgumentException("feature " + x.index(k) + " beyond d = " + numFeatures);
      }
      v[x.index(k)] = x.value(k);
    }
    return v;
  }

  /**
   * The L label scores s_i(x) = Σ_k α_{k,i}·K(x_k, x) over the store (oldest first), then the threshold
   * score (PA: always 0). All zero for an empty store.
   */
  public double[] scores(SparseVector x) {
    return scores(dense(x));
  }

  private double[] scores(double[] x) {
    double[] s = new double[numLabels + 1];
    int width = kind == Kind.FALT ? numLabels + 1 : numLabels;
    for (int k = 0; k < supportVectors.size(); k++) {
      double kx = rbf(supportVectors.get(k), x, sigmaSquared);
      double[] a = alphas.get(k);
      for (int i = 0; i < width; i++) {
        s[i] += a[i] * kx;
      }
    }
    return s;
  }

  /** One online round of learning on (x, Y): the kernel round of docs/spec.md#kernel-falt for this kind, then the budget. */
  public void update(SparseVector x, LabelSet y) {
    double[] xt = dense(x);
    boolean[] relevant = new boolean[numLabels];
    for (int k = 0; k < y.size(); k++) {
      relevant[y.label(k)] = true;
    }
    double[] s = scores(xt);
    double kxx = rbf(xt, xt, sigmaSquared); // 1, computed as for any pair
    double[] alphaNew = kind == Kind.FALT ? faltRound(s, relevant, y.size(), kxx) : paRound(s, relevant, kxx);
    if (alphaNew != null) {
      append(xt, alphaNew);
    }
  }

  /** Up to M FALT steps from the scores s; the new α, or null when no step was taken. */
  private double[] faltRound(double[] s, boolean[] relevant, int ny, double kxx) {
    double[] alphaNew = new double[numLabels + 1];
    int taken = 0;
    for (int step = 0; step < maxUpdates; step++) {
      double[] coef = faltCoefficients(s, relevant, ny);
      if (coef == null) {
        break; // f_t = 0: stop early
      }
      for (int i = 0; i <= numLabels; i++) {
        alphaNew[i] -= eta * coef[i];
        s[i] -= eta * coef[i] * kxx;
      }
      taken++;
    }
    steps += taken;
    return taken > 0 ? alphaNew : null;
  }

  /**
   * FALT's coefficients c (docs/spec.md#alt-gradient): c_i = −1/|Y| for a relevant i with s_i − s_{L+1} &lt; 1,
   * c_j = 1/|Ȳ| for an irrelevant j with s_{L+1} − s_j &lt; 1, else 0; c_{L+1} = a/|Y| − b/|Ȳ| with a
   * dropped term's part removed (Y = ∅ or Ȳ = ∅). Null when the loss f_t is 0.
   */
  static double[] faltCoefficients(double[] s, boolean[] relevant, int ny) {
    int L = relevant.length;
    int nbar = L - ny;
    double t = s[L];
    double[] coef = new double[L + 1];
    int a = 0;
    int b = 0;
    double loss = 0;
    for (int i = 0; i < L; i++) {
      if (relevant[i]) {
        if (s[i] - t < 1) {
          a++;
          coef[i] = -1.0 / ny;
          loss += (1 - (s[i] - t)) / ny;
        }
      } else if (t - s[i] < 1) {
        b++;
        coef[i] = 1.0 / nbar;
        loss += (1 - (t - s[i])) / nbar;
      }
    }
    coef[L] = (ny > 0 ? (double) a / ny : 0) - (nbar > 0 ? (double) b / nbar : 0);
    return loss == 0 ? null : coef;
  }

  /** One PA step: α_new,i = τ_i·y_i, or null when every τ_i is 0. */
  private double[] paRound(double[] s, boolean[] relevant, double kxx) {
    double[] alphaNew = new double[numLabels];
    boolean any = false;
    for (int i = 0; i < numLabels; i++) {
      double yi = relevant[i] ? 1 : -1;
      double loss = Math.max(0, 1 - yi * s[i]);
      double tau = kind == Kind.PA1 ? Math.min(c, loss / kxx) : loss / (kxx + 1 / (2 * c));
      alphaNew[i] = tau * yi;
      any |= tau != 0;
    }
    if (!any) {
      return null;
    }
    steps++;
    return alphaNew;
  }

  private void append(double[] x, double[] alphaNew) {
    supportVectors.add(x);
    alphas.add(alphaNew);
    appended++;
    while (policy != Policy.NONE && supportVectors.size() > budget) {
      int k = 0;
      if (policy == Policy.SMALLEST) {
        double[] norms = squaredNorms(alphas);
        k = smallestToRemove(norms);
        tiedRemovals += countTied(norms) > 1 ? 1 : 0;
      }
      supportVectors.remove(k);
      alphas.remove(k);
      removed++;
    }
  }

  /** ||α_k||² in double, oldest first. */
  static double[] squaredNorms(List<double[]> alphas) {
    double[] n = new double[alphas.size()];
    for (int k = 0; k < n.length; k++) {
      for (double v : alphas.get(k)) {
        n[k] += v * v;
      }
    }
    return n;
  }

  /** How many squared norms are within a relative {@link #TIE} of the minimum. */
  static int countTied(double[] squaredNorms) {
    double min = Double.POSITIVE_INFINITY;
    for (double v : squaredNorms) {
      min = Math.min(min, v);
    }
    int n = 0;
    for (double v : squaredNorms) {
      n += v - min <= TIE * min ? 1 : 0;
    }
    return n;
  }

  /**
   * The position (oldest first) that {@link Policy#SMALLEST} removes: the oldest of the squared norms
   * within a relative {@link #TIE} of the minimum (the newest, last, included).
   */
  public static int smallestToRemove(double[] squaredNorms) {
    double min = Double.POSITIVE_INFINITY;
    for (double v : squaredNorms) {
      min = Math.min(min, v);
    }
    for (int k = 0; k < squaredNorms.length; k++) {
      if (squaredNorms[k] - min <= TIE * min) {
        return k;
      }
    }
    throw new IllegalStateException("no minimum among " + squaredNorms.length + " norms");
  }
}
