package org.altml.core.elm;

import java.io.IOException;
import java.util.Map;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.SymmetricEigen;
import org.altml.core.math.VectorMath;
import org.altml.sparse.MemoryCheck;

/**
 * OSML-ELM, the online sequential multi-label extreme learning machine (Venkatesan et al., Evolving Systems
 * 2017; the ALT paper's baseline, section 6, with threshold 0), as docs/spec.md#osml-elm specifies it, confirmed from the public
 * reference code: OS-ELM on bipolar targets t_p = ±1 with one shared recursive least-squares state.
 *
 * <ul>
 *   <li><b>Initial block</b> (the first N0 examples): M_0 = pinv(H_0ᵀH_0), β_0 = M_0·H_0ᵀT_0, without
 *       regularisation. G_0 = Σ hᵀh and R_0 = Σ hᵀt are accumulated as examples arrive (H_0 is never stored);
 *       at the N0-th example G_0 = V·diag(λ)·Vᵀ ({@link SymmetricEigen}) and M_0 = Σ_{λ_j &gt; tol} v_j·v_jᵀ/λ_j with
 *       Matlab's pinv tolerance tol = H·ulp(λ_max). When N0 &lt; H (or G_0 is otherwise singular) M_0 has rank &lt; H
 *       and all later learning stays in its range: the reference behaviour, kept exactly (docs/spec.md#osml-elm-start, worked
 *       example E4).</li>
 *   <li><b>Sequential steps</b>: per example u = M·hᵀ, δ = 1 + h·u, M ← M − u·uᵀ/δ, β ← β + (u/δ)·(t − h·β);
 *       computed for a block of B queued examples at once as M ← M − U·(I + H_b·U)⁻¹·Uᵀ with U = M·H_bᵀ and
 *       β ← β + U·(I + H_b·U)⁻¹·(T_b − H_b·β), through the Cholesky factor (I + H_b·U) = L·Lᵀ: V = U·L⁻ᵀ,
 *       M ← M − V·Vᵀ, β ← β + V·L⁻¹·(T_b − H_b·β). The same model in exact arithmetic (docs/spec.md#elm-properties). Each
 *       example is used exactly once.</li>
 *   <li><b>Prediction</b>: o = h·β; Ŷ = {p : o_p &gt; 0}; the threshold score is 0.</li>
 * </ul>
 *
 * <p>Cost per example ≈ 1.5·H² + 2·H·L multiply-adds plus nnz·H for h; once, about 10·H³ flops for the
 * eigendecomposition. <b>Memory: O(d·H + H² + (H + B)·L)</b>: d·H floats for the input weights, H² doubles for M (and,
 * during the initial block only, H² for G_0 plus the eigenvectors), H·L doubles for β, B·(H + 2L) for the queue and
 * about 2·B·L more for a block's small system and errors (B·L dominates when L is far above H).
 *
 * <p>Conditioning of the initial block ({@link #statistics()}): its rank, the eigenvalues dropped by the
 * tolerance, λ_max, the smallest kept eigenvalue and their ratio (the condition number of G_0 on the
 * range kept). An ill-conditioned but full-rank G_0 is solved as Matlab's pinv does; a non-finite one is a
 * divergence.
 */
public final class OsmlElm extends ElmLearner {
  private double[] gram;
  private double[] cross;
  private final double[] m;
  private final double[] ut;
  private final double[] vt;
  private final double[] hT;
  private final double[] small;
  private final double[] floor;
  private final double[] e;
  private final double[] ratio = new double[1];
  private long blockFirst;

  private int initialRank = -1;
  private int eigenvaluesDropped;
  private double lambdaMax = Double.NaN;
  private double lambdaMinKept = Double.NaN;
  private double tolerance = Double.NaN;

  OsmlElm(LearnerSpec spec, Settings settings, int numLabels, HiddenLayer layer, long initialExamples, int blockSize) {
    super(spec, settings, numLabels, layer, initialExamples, blockSize);
    int h = hidden;
    // M, the Gram, the cross products, the block's U, V, H^T, its small system and its errors (B·L: the term that
    // dominates for many labels)
    MemoryCheck.require(8L * h * h * 2 + MemoryCheck.bytes(8L * h + 8L * blockSize, numLabels) + 24L * blockSize * h
        + MemoryCheck.bytes(8L * blockSize, Math.max(blockSize, numLabels)) + 8L * blockSize,
        "the OSML-ELM matrices (H = " + h + ", L = " + numLabels + ", blocks of " + blockSize + ")", "use a smaller --hidden H");
    this.m = new double[h * h];
    this.gram = new double[h * h];
    this.cross = new double[h * numLabels];
    this.ut = new double[blockSize * h];
    this.vt = new double[blockSize * h];
    this.hT = new double[h * blockSize];
    this.small = new double[blockSize * Math.max(blockSize, numLabels)];
    this.floor = new double[blockSize];
    java.util.Arrays.fill(floor, 1.0);
    this.e = new double[blockSize * numLabels];
  }

  /** M (live; valid once initialised): for tests. */
  double[] m() {
    return m;
  }

  @Override
  protected void absorbInitial(int k) {
    // G_0 += H_bᵀH_b, R_0 += H_bᵀT_b
    VectorMath.symmetricRankUpdate(false, pendingH, 0, hidden, k, hidden, gram, 0, hidden);
    Rls.transpose(pendingH, 0, hidden, k, hidden, hT);
    VectorMath.multiply(hT, 0, k, hidden, k, pendingT, 0, numLabels, numLabels, cross, 0, numLabels, true);
  }

  @Override
  protected void solveInitial() {
    int h = hidden;
    SymmetricEigen eig = SymmetricEigen.decompose(gram, h);
    double max = 0.0;
    for (double v : eig.values()) {
      max = Math.max(max, Math.abs(v));
    }
    double tol = h * Math.ulp(max);
    // M_0 = Σ_{λ > tol} (v/√λ)(v/√λ)ᵀ, one symmetric rank-r update (the kept rows scaled in place)
    int r = 0;
    double minKept = Double.POSITIVE_INFINITY;
    for (int j = 0; j < h; j++) {
      double lambda = eig.values()[j];
      if (!Double.isFinite(lambda)) {
        throw new ArithmeticException("the initial block's Gram matrix has a non-finite eigenvalue");
      }
      if (lambda > tol) {
        double s = 1.0 / Math.sqrt(lambda);
        int from = j * h;
        int to = r * h;
        for (int i = 0; i < h; i++) {
          eig.vectors()[to + i] = eig.vectors()[from + i] * s;
        }
        r++;
        minKept = Math.min(minKept, lambda);
      }
    }
    java.util.Arrays.fill(m, 0.0);
    VectorMath.symmetricRankUpdate(false, eig.vectors(), 0, h, r, h, m, 0, h);
    // β_0 = M_0·R_0
    VectorMath.multiply(m, 0, h, h, h, cross, 0, numLabels, numLabels, beta, 0, numLabels, false);
    initialRank = r;
    eigenvaluesDropped = h - r;
    lambdaMax = max;
    lambdaMinKept = r == 0 ? Double.NaN : minKept;
    tolerance = tol;
    gram = null; // the initial statistics are no longer needed
    cross = null;
  }

  @Override
  protected void absorbBlock(int k) {
    blockFirst = firstQueued(k);
    absorbRows(0, k);
  }

  /** The block step over queued rows [from, from+k); a failed guard redoes the block one example at a time. */
  private void absorbRows(int from, int k) {
    int h = hidden;
    int hOff = from * h;
    // U' = H_b·M (k×H; = (M·H_bᵀ)ᵀ as M is symmetric), S = U'·H_bᵀ (k×k)
    VectorMath.multiply(pendingH, hOff, h, k, h, m, 0, h, h, ut, 0, h, false);
    Rls.transpose(pendingH, hOff, h, k, h, hT);
    VectorMath.multiply(ut, 0, h, k, h, hT, 0, k, k, small, 0, k, false);
    for (int b = 0; b < k; b++) {
      small[b * k + b] += 1.0;
    }
    int failed = Rls.cholesky(small, k, floor, ratio);
    if (failed >= 0) {
      if (k > 1) {
        for (int b = 0; b < k; b++) {
          absorbRows(from + b, 1);
        }
      } else {
        noteGuard(1, ratio[0], blockFirst + from);
      }
      return;
    }
    noteGuard(0, ratio[0], blockFirst + from);
    // E = T_b − H_b·β (k×L), then V' = L⁻¹·U', F = L⁻¹·E
    VectorMath.multiply(pendingH, hOff, h, k, h, beta, 0, numLabels, numLabels, e, 0, numLabels, false);
    int tOff = from * numLabels;
    for (int i = 0; i < k * numLabels; i++) {
      e[i] = pendingT[tOff + i] - e[i];
    }
    System.arraycopy(ut, 0, vt, 0, k * h);
    Rls.forward(small, k, vt, 0, h, h);
    Rls.forward(small, k, e, 0, numLabels, numLabels);
    // β += V·F (V = V'ᵀ), M −= V·Vᵀ
    Rls.transpose(vt, 0, h, k, h, hT);
    VectorMath.multiply(hT, 0, k, h, k, e, 0, numLabels, numLabels, beta, 0, numLabels, true);
    VectorMath.symmetricRankUpdate(true, vt, 0, h, k, h, m, 0, h);
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> s = super.statistics();
    s.put("initialRank", initialRank < 0 ? null : initialRank);
    s.put("initialEigenvaluesDropped", initialRank < 0 ? null : eigenvaluesDropped);
    s.put("pinvTolerance", nullIfNaN(tolerance));
    s.put("initialLambdaMax", nullIfNaN(lambdaMax));
    s.put("initialLambdaMinKept", nullIfNaN(lambdaMinKept));
    s.put("initialConditionNumber", nullIfNaN(lambdaMax / lambdaMinKept));
    if (initialized()) {
      double[] c = Rls.asymmetryAndMinDiagonal(m, 0, hidden);
      s.put("pAsymmetry", c[0]);
      s.put("pMinDiagonal", c[1]);
    }
    return s;
  }

  static Double nullIfNaN(double v) {
    return Double.isFinite(v) ? v : null;
  }

  @Override
  protected String memoryFormula() {
    return "O(d·H + H² + (H + B)·L): d·H floats (W) + H² doubles (M) + H·L doubles (β) + about 4·B·L doubles (a block's queue,"
        + " small system and errors)";
  }

  @Override
  public long ramBytesUsed() {
    long mats = 8L * m.length + (gram == null ? 0 : 8L * gram.length) + (cross == null ? 0 : 8L * cross.length);
    return baseRamBytes() + mats + 8L * (ut.length + vt.length + hT.length + small.length + e.length + floor.length);
  }

  @Override
  public void checkFinite() {
    super.checkFinite();
    double[] state = initialized() ? m : gram;
    for (double v : state) {
      if (!Double.isFinite(v)) {
        throw diverged(examplesSeen(), "the least-squares state M holds a non-finite value");
      }
    }
  }

  void write(StateOutput out) throws IOException {
    writeCommon(out);
    out.writeInt(initialRank);
    out.writeInt(eigenvaluesDropped);
    out.writeDouble(lambdaMax);
    out.writeDouble(lambdaMinKept);
    out.writeDouble(tolerance);
    if (initialized()) {
      writeUpper(out, m, 0, hidden);
    } else {
      writeUpper(out, gram, 0, hidden);
      out.writeDoubles(cross, 0, cross.length);
    }
  }

  void read(StateInput in) throws IOException {
    readCommon(in);
    initialRank = in.readInt();
    eigenvaluesDropped = in.readInt();
    lambdaMax = in.readDouble();
    lambdaMinKept = in.readDouble();
    tolerance = in.readDouble();
    if (initialized()) {
      readUpper(in, m, 0, hidden);
      gram = null;
      cross = null;
    } else {
      readUpper(in, gram, 0, hidden);
      in.readDoubles(cross, 0, cross.length);
    }
  }
}
