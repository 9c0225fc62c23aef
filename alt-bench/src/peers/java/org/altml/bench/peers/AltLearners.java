package org.altml.bench.peers;

import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;

/**
 * The single place where the comparison builds ALT learners.
 *
 * <p><b>Temporary.</b> Until {@code org.altml.core.linear.Falt}/{@code Salt} and
 * {@code org.altml.core.baseline.PaBinaryRelevance} land, {@link #create} returns {@link Interim}, a
 * compact implementation of SPEC.md's FALT, SALT and PA-I rules (M = 1, no bias) over the
 * {@link VectorMath} kernels. TODO(coordinator): replace the body of {@link #create} by
 * {@code new Falt(numLabels, new FaltConfig(eta, 1))}, {@code new Salt(numLabels, new SaltConfig(eta,
 * delta, 1))} and {@code new PaBinaryRelevance(numLabels, new PaConfig(PaConfig.Variant.PA1, c, 1))}, and
 * delete {@link Interim}.
 */
public final class AltLearners {
  private AltLearners() {}

  /** The ALT learners of the comparison, with the CLI's default settings. */
  public enum Kind {
    /** FALT, η = 1, M = 1. */
    FALT("ALT FALT", "eta=1, M=1"),
    /** SALT, η = 1, δ = 1, M = 1. */
    SALT("ALT SALT", "eta=1, delta=1, M=1"),
    /** PA-I binary relevance, C = 1. */
    PA1("ALT PA-I BR", "C=1");

    private final String label;
    private final String settings;

    Kind(String label, String settings) {
      this.label = label;
      this.settings = settings;
    }

    /** Table row name. */
    public String label() {
      return label;
    }

    /** Settings text. */
    public String settings() {
      return settings;
    }
  }

  /** A fresh learner of the given kind for {@code numLabels} labels and feature indices below {@code numFeatures}. */
  public static OnlineMultiLabelLearner create(Kind kind, int numLabels, int numFeatures) {
    return new Interim(kind, numLabels, numFeatures);
  }

  /** Whether {@link #create} still returns the interim implementation (printed in the results). */
  public static boolean interim() {
    return true;
  }

  /** Interim FALT / SALT / PA-I (SPEC.md rules, M = 1); see the class documentation. */
  static final class Interim implements OnlineMultiLabelLearner {
    private final Kind kind;
    private final int numLabels;
    private final int stride;
    private final float[] w;
    private final float[] acc;
    private final float[] s;
    private final float[] coeff;
    private final boolean[] relevant;

    Interim(Kind kind, int numLabels, int numFeatures) {
      this.kind = kind;
      this.numLabels = numLabels;
      this.stride = Scores.paddedLength(numLabels + 1);
      this.w = new float[Math.multiplyExact(Math.max(1, numFeatures), stride)];
      this.acc = kind == Kind.SALT ? new float[w.length] : null;
      this.s = new float[stride];
      this.coeff = new float[stride];
      this.relevant = new boolean[numLabels];
    }

    @Override
    public int numLabels() {
      return numLabels;
    }

    @Override
    public void predict(SparseVector x, Scores out) {
      float[] a = out.array();
      java.util.Arrays.fill(a, 0, numLabels + 1, 0f);
      VectorMath.sparseTimesRows(x, w, stride, a, numLabels + 1);
    }

    @Override
    public void update(SparseVector x, LabelSet y) {
      if (x.nnz() == 0) {
        return;
      }
      java.util.Arrays.fill(s, 0f);
      VectorMath.sparseTimesRows(x, w, stride, s, numLabels + 1);
      java.util.Arrays.fill(relevant, false);
      for (int k = 0; k < y.size(); k++) {
        relevant[y.label(k)] = true;
      }
      java.util.Arrays.fill(coeff, 0f);
      if (kind == Kind.PA1) {
        float sq = (float) x.squaredNorm();
        boolean any = false;
        for (int l = 0; l < numLabels; l++) {
          float sign = relevant[l] ? 1f : -1f;
          float loss = Math.max(0f, 1f - sign * s[l]);
          if (loss > 0f) {
            coeff[l] = sign * Math.min(1f, loss / sq);
            any = true;
          }
        }
        if (any) {
          VectorMath.addSparseOuter(x, 1f, coeff, w, stride, numLabels);
        }
        return;
      }
      int ny = y.size();
      int nn = numLabels - ny;
      float t = s[numLabels];
      float aSum = 0f;
      float bSum = 0f;
      boolean loss = false;
      for (int l = 0; l < numLabels; l++) {
        if (relevant[l]) {
          if (s[l] - t < 1f) {
            coeff[l] = 1f / ny;
            aSum += 1f / ny;
            loss = true;
          }
        } else if (t - s[l] < 1f) {
          coeff[l] = -1f / nn;
          bSum += 1f / nn;
          loss = true;
        }
      }
      if (!loss) {
        return;
      }
      coeff[numLabels] = -(aSum - bSum);
      if (kind == Kind.FALT) {
        VectorMath.addSparseOuter(x, 1f, coeff, w, stride, numLabels + 1);
      } else {
        for (int l = 0; l <= numLabels; l++) {
          coeff[l] = -coeff[l]; // the gradient
        }
        VectorMath.adaptiveStep(x, coeff, 1f, 1f, w, acc, stride, numLabels + 1);
      }
    }
  }
}
