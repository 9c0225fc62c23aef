package org.altml.core.elm;

import java.io.IOException;
import java.util.Map;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.sparse.MemoryCheck;

/**
 * ELM-OMLL's solver B ({@code solver=coupled}, docs/spec.md#elm-omll-coupled): the exact minimiser of the reconstructed
 * objective J(β) = ½‖β‖_F² + (C/2)·Σ_i (o_i − t_i)·M_{Y_i}·(o_i − t_i)ᵀ, which couples the labels through
 * M_Y = I_L + Lap(K_{Y,Ȳ}). With column-major vec(β) ∈ R^{HL} its normal equations are
 * [I/C + Σ_i M_{Y_i} ⊗ (h_iᵀh_i)]·vec(β) = Σ_i vec(h_iᵀ·(t_i·M_{Y_i})); this class accumulates them and
 * solves them by Cholesky whenever β is needed (after the N0-th example, then before each prediction that
 * follows new examples). A test oracle and an ablation for small problems only: memory (H·L)² doubles and a
 * solve costs (H·L)³/3, so it is refused when H·L &gt; {@value #MAX_UNKNOWNS}. Never used for the paper tables.
 */
final class CoupledOmll extends ElmLearner {
  /** The largest H·L accepted (128 MB per matrix). */
  static final int MAX_UNKNOWNS = 4000;

  private final float c;
  private final boolean perExample;
  private final int n;
  private final double[] a;
  private final double[] rhs;
  private final double[] factor;
  private final double[] theta;
  private final double[] my;
  private final double[] tm;

  CoupledOmll(LearnerSpec spec, Settings settings, int numLabels, HiddenLayer layer, long initialExamples, int blockSize, float c,
      boolean perExample) {
    super(spec, settings, numLabels, layer, initialExamples, blockSize);
    long unknowns = (long) hidden * numLabels;
    if (unknowns > MAX_UNKNOWNS) {
      throw new IllegalArgumentException("solver=coupled needs H·L <= " + MAX_UNKNOWNS + " (memory (H·L)², time (H·L)³); H·L = "
          + hidden + "·" + numLabels + " = " + unknowns + ": use solver=anchored");
    }
    this.c = c;
    this.perExample = perExample;
    this.n = (int) unknowns;
    MemoryCheck.require(16L * n * n, "the coupled ELM-OMLL system ((H·L)² = " + n + "² doubles, twice)", "use solver=anchored");
    this.a = new double[n * n];
    for (int i = 0; i < n; i++) {
      a[i * n + i] = 1.0 / c;
    }
    this.rhs = new double[n];
    this.factor = new double[n * n];
    this.theta = new double[n];
    this.my = new double[numLabels * numLabels];
    this.tm = new double[numLabels];
  }

  @Override
  protected void absorbInitial(int k) {
    absorbBlock(k);
  }

  @Override
  protected void solveInitial() {}

  @Override
  protected void absorbBlock(int k) {
    int h = hidden;
    int l = numLabels;
    for (int b = 0; b < k; b++) {
      int t = b * l;
      int relevant = 0;
      for (int q = 0; q < l; q++) {
        relevant += pendingT[t + q] > 0 ? 1 : 0;
      }
      int irrelevant = l - relevant;
      double pairScale = perExample && relevant > 0 && irrelevant > 0 ? 1.0 / ((double) relevant * irrelevant) : 1.0;
      // M_Y = I + Lap(K_{Y,Ȳ}) (· 1/(|Y||Ȳ|) with per-example normalisation)
      for (int p = 0; p < l; p++) {
        boolean rp = pendingT[t + p] > 0;
        for (int q = 0; q < l; q++) {
          boolean rq = pendingT[t + q] > 0;
          double v;
          if (p == q) {
            v = 1.0 + pairScale * (rp ? irrelevant : relevant);
          } else {
            v = rp != rq ? -pairScale : 0.0;
          }
          my[p * l + q] = v;
        }
      }
      for (int p = 0; p < l; p++) {
        double s = 0.0;
        for (int q = 0; q < l; q++) {
          s += pendingT[t + q] * my[q * l + p];
        }
        tm[p] = s;
      }
      int hb = b * h;
      for (int p = 0; p < l; p++) {
        for (int i = 0; i < h; i++) {
          double hi = pendingH[hb + i];
          int row = (p * h + i) * n;
          rhs[p * h + i] += hi * tm[p];
          for (int q = 0; q < l; q++) {
            double m = my[p * l + q];
            if (m != 0.0) {
              int col = row + q * h;
              // m·(h_i·h_j), not (m·h_i)·h_j: M_Y is symmetric and h_i·h_j = h_j·h_i exactly, so A stays bitwise
              // symmetric and its upper triangle, which the model file keeps, restores it exactly (the lower one
              // the Cholesky reads differed from it in the last bits, so a loaded learner did not continue exactly)
              for (int j = 0; j < h; j++) {
                a[col + j] += m * (hi * pendingH[hb + j]);
              }
            }
          }
        }
      }
    }
    solve();
  }

  /** θ = A⁻¹·rhs by Cholesky of a copy; β[i][p] = θ[p·H + i]. */
  private void solve() {
    System.arraycopy(a, 0, factor, 0, a.length);
    for (int i = 0; i < n; i++) {
      int ri = i * n;
      for (int j = 0; j <= i; j++) {
        int rj = j * n;
        double s = factor[ri + j];
        for (int q = 0; q < j; q++) {
          s -= factor[ri + q] * factor[rj + q];
        }
        if (j < i) {
          factor[ri + j] = s / factor[rj + j];
        } else {
          if (!(s > 0) || !Double.isFinite(s)) {
            throw new ArithmeticException("the coupled system lost positive definiteness at unknown " + i + " (pivot " + s + ")");
          }
          factor[ri + i] = Math.sqrt(s);
        }
      }
    }
    for (int i = 0; i < n; i++) {
      double s = rhs[i];
      for (int q = 0; q < i; q++) {
        s -= factor[i * n + q] * theta[q];
      }
      theta[i] = s / factor[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
      double s = theta[i];
      for (int q = i + 1; q < n; q++) {
        s -= factor[q * n + i] * theta[q];
      }
      theta[i] = s / factor[i * n + i];
    }
    for (int p = 0; p < numLabels; p++) {
      for (int i = 0; i < hidden; i++) {
        beta[i * numLabels + p] = theta[p * hidden + i];
      }
    }
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> st = super.statistics();
    st.put("solver", "coupled");
    st.put("c", (double) c);
    st.put("pairNormalization", perExample ? "per-example" : "none");
    return st;
  }

  @Override
  protected String memoryFormula() {
    return "O(d·H + (H·L)²): d·H floats (W) + 2·(H·L)² doubles (the coupled system and its factor)";
  }

  @Override
  public long ramBytesUsed() {
    return baseRamBytes() + 8L * (a.length + factor.length + rhs.length + theta.length + my.length + tm.length);
  }

  void write(StateOutput out) throws IOException {
    writeCommon(out);
    writeUpper(out, a, 0, n);
    out.writeDoubles(rhs, 0, n);
  }

  void read(StateInput in) throws IOException {
    readCommon(in);
    readUpper(in, a, 0, n);
    in.readDoubles(rhs, 0, n);
  }
}
