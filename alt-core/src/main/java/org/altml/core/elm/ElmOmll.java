package org.altml.core.elm;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.core.eval.ProtocolThreads;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.core.math.VectorMath;
import org.altml.sparse.LabelSet;
import org.altml.sparse.MemoryCheck;

/**
 * ELM-OMLL (Du &amp; Vong, IEEE TCYB 2020; the ALT paper's second ELM baseline) with the default solver A of
 * docs/spec.md#elm-omll-anchored, a <em>reconstruction</em>: only the abstract of the method is public. The objective asks, in
 * least squares, every relevant label to beat every irrelevant one by 2 and the zero label (the threshold,
 * fixed at 0) by 1, and the zero label to beat every irrelevant label by 1; anchoring each pair at its
 * partner's target separates it into one weighted ridge regression per label on the bipolar targets:
 *
 * <pre>
 *   J_A(β) = Σ_p [ ½‖β_p‖² + (C/2)·Σ_i w_ip·(h_i·β_p − t_ip)² ],
 *   w_ip = 1 + |Ȳ_i| if p ∈ Y_i, else 1 + |Y_i|     (pairNormalization=per-example: 1 + 1/|Y_i|, 1 + 1/|Ȳ_i|)
 * </pre>
 *
 * with closed form β_p = (I/C + Σ_i w_ip·h_iᵀh_i)⁻¹·Σ_i w_ip·t_ip·h_iᵀ. Y = ∅ and Y = all labels give weight 1.
 *
 * <p><b>Recursion.</b> One P_p = (I/C + Σ w_ip·h_iᵀh_i)⁻¹ per label, updated per example by weighted RLS
 * (u = P_p·hᵀ, δ = 1/w + h·u, β_p += u·(t − h·β_p)/δ, P_p −= u·uᵀ/δ), here for a block of B queued examples
 * at once with D = W⁻¹ + H_b·P_p·H_bᵀ in place of δ (docs/spec.md#elm-omll-anchored). <b>Decision:</b> the initial ridge solve
 * (G_p + I/C)⁻¹ of docs/spec.md#elm-omll-anchored is computed by the same recursion started from P_p = C·I over the first N0
 * examples: algebraically the same matrix as the Cholesky route, one code path, and every D stays
 * positive definite. Until the N0-th example the predictions are empty (β is treated as 0), as for OSML-ELM.
 *
 * <p><b>Labels in parallel.</b> The L recursions are independent: with {@code labelThreads} &gt; 1 the label
 * loop runs on the protocols' shared pool, each thread with scratch of its own; every label is computed by
 * the same operations whichever thread runs it, so the result is bit-identical to one thread.
 *
 * <p>Cost per example ≈ 1.5·L·H² multiply-adds (2.4·10⁸ on bibtex at H = 1,000), blocked into matrix
 * products and symmetric rank-B updates. <b>Memory: O(d·H + L·H²)</b>: d·H floats of input weights, L·H²
 * doubles of P_p (1.27 GB for bibtex's L = 159 at H = 1,000), H·L doubles of β, and per thread 2·B·H + B²
 * doubles of scratch.
 */
public final class ElmOmll extends ElmLearner {
  private final float c;
  private final boolean perExample;
  private final int threads;
  private final double[][] p;
  private final double[] hT;
  private final Scratch[] scratch;
  /** Rows of the block being absorbed (hT holds their transpose, stride blockRows). */
  private int blockRows;

  /** One thread's scratch for the label loop. */
  private static final class Scratch {
    final double[] ut;
    final double[] vt;
    final double[] small;
    final double[] floor;
    final double[] f;
    final double[] delta;
    final double[] ratio = new double[1];
    long skips;
    double minRatio = Double.POSITIVE_INFINITY;

    Scratch(int block, int hidden) {
      ut = new double[block * hidden];
      vt = new double[block * hidden];
      small = new double[block * block];
      floor = new double[block];
      f = new double[block];
      delta = new double[hidden];
    }
  }

  ElmOmll(LearnerSpec spec, Settings settings, int numLabels, HiddenLayer layer, long initialExamples, int blockSize, float c,
      boolean perExample, int labelThreads) {
    super(spec, settings, numLabels, layer, initialExamples, blockSize);
    if (!(c > 0) || !Float.isFinite(c)) {
      throw new IllegalArgumentException("C must be > 0 and finite: " + c);
    }
    this.c = c;
    this.perExample = perExample;
    int cores = Runtime.getRuntime().availableProcessors();
    this.threads = Math.max(1, Math.min(numLabels, labelThreads == 0 ? cores : labelThreads));
    int h = hidden;
    MemoryCheck.require(8L * h * h * numLabels + 16L * threads * blockSize * h, "the ELM-OMLL matrices P_p (L = " + numLabels
        + " labels × H² = " + h + "² doubles)", "use a smaller --hidden H (memory grows as L·H²)");
    this.p = new double[numLabels][];
    for (int q = 0; q < numLabels; q++) {
      double[] m = new double[h * h];
      for (int i = 0; i < h; i++) {
        m[i * h + i] = c; // (I/C)⁻¹
      }
      p[q] = m;
    }
    this.hT = new double[h * blockSize];
    this.scratch = new Scratch[threads];
    for (int t = 0; t < threads; t++) {
      scratch[t] = new Scratch(blockSize, h);
    }
  }

  /** P_p (live): for tests. */
  double[] p(int label) {
    return p[label];
  }

  @Override
  protected void weights(LabelSet y, double[] w, int off) {
    int relevant = y.size();
    int irrelevant = numLabels - relevant;
    double wRelevant;
    double wIrrelevant;
    if (perExample) {
      wRelevant = irrelevant > 0 ? 1.0 + 1.0 / relevant : 1.0;
      wIrrelevant = relevant > 0 ? 1.0 + 1.0 / irrelevant : 1.0;
    } else {
      wRelevant = 1.0 + irrelevant;
      wIrrelevant = 1.0 + relevant;
    }
    java.util.Arrays.fill(w, off, off + numLabels, wIrrelevant);
    for (int k = 0; k < relevant; k++) {
      w[off + y.label(k)] = wRelevant;
    }
  }

  @Override
  protected void absorbInitial(int k) {
    absorbBlock(k);
  }

  @Override
  protected void solveInitial() {
    // the recursion from P_p = C·I over the first N0 examples already holds (G_p + I/C)⁻¹ and the ridge β_p
  }

  @Override
  protected void absorbBlock(int k) {
    long first = firstQueued(k);
    Rls.transpose(pendingH, 0, hidden, k, hidden, hT);
    blockRows = k;
    if (threads == 1) {
      labels(0, numLabels, k, scratch[0]);
    } else {
      List<Callable<Void>> tasks = new ArrayList<>(threads);
      for (int t = 0; t < threads; t++) {
        int lo = (int) ((long) numLabels * t / threads);
        int hi = (int) ((long) numLabels * (t + 1) / threads);
        Scratch s = scratch[t];
        tasks.add(() -> {
          labels(lo, hi, k, s);
          return null;
        });
      }
      ProtocolThreads.invokeAll(tasks);
    }
    for (Scratch s : scratch) {
      noteGuard(s.skips, s.minRatio, first);
      s.skips = 0;
      s.minRatio = Double.POSITIVE_INFINITY;
    }
  }

  private void labels(int lo, int hi, int k, Scratch s) {
    for (int label = lo; label < hi; label++) {
      absorbLabel(label, 0, k, s);
    }
  }

  /** The weighted block step of one label over queued rows [from, from+k); a failed guard redoes it per example. */
  private void absorbLabel(int label, int from, int k, Scratch s) {
    int h = hidden;
    int hOff = from * h;
    double[] pl = p[label];
    VectorMath.multiply(pendingH, hOff, h, k, h, pl, 0, h, h, s.ut, 0, h, false);
    double[] hTrows = hT;
    if (from != 0 || k != blockRows) {
      // a sub-block (the per-example fallback): its own transpose, in vt as scratch
      Rls.transpose(pendingH, hOff, h, k, h, s.vt);
      hTrows = s.vt;
    }
    VectorMath.multiply(s.ut, 0, h, k, h, hTrows, 0, k, k, s.small, 0, k, false);
    for (int b = 0; b < k; b++) {
      double inverse = 1.0 / pendingW[(from + b) * numLabels + label];
      s.small[b * k + b] += inverse;
      s.floor[b] = inverse;
    }
    int failed = Rls.cholesky(s.small, k, s.floor, s.ratio);
    if (failed >= 0) {
      if (k > 1) {
        for (int b = 0; b < k; b++) {
          absorbLabel(label, from + b, 1, s);
        }
      } else {
        s.skips++;
        s.minRatio = Math.min(s.minRatio, s.ratio[0]);
      }
      return;
    }
    s.minRatio = Math.min(s.minRatio, s.ratio[0]);
    // f = L⁻¹·(t − H_b·β_p), V' = L⁻¹·U'
    for (int b = 0; b < k; b++) {
      int hb = hOff + b * h;
      double o = 0.0;
      for (int i = 0; i < h; i++) {
        o += pendingH[hb + i] * beta[i * numLabels + label];
      }
      s.f[b] = pendingT[(from + b) * numLabels + label] - o;
    }
    System.arraycopy(s.ut, 0, s.vt, 0, k * h);
    Rls.forward(s.small, k, s.vt, 0, h, h);
    Rls.forward(s.small, k, s.f, 0, 1, 1);
    // β_p += V·f, P_p −= V·Vᵀ
    java.util.Arrays.fill(s.delta, 0.0);
    for (int b = 0; b < k; b++) {
      VectorMath.axpy(s.f[b], s.vt, b * h, s.delta, 0, h);
    }
    for (int i = 0; i < h; i++) {
      beta[i * numLabels + label] += s.delta[i];
    }
    VectorMath.symmetricRankUpdate(true, s.vt, 0, h, k, h, pl, 0, h);
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> st = super.statistics();
    st.put("solver", "anchored");
    st.put("c", (double) c);
    st.put("pairNormalization", perExample ? "per-example" : "none");
    st.put("labelThreads", threads);
    double asym = 0.0;
    double minDiag = Double.POSITIVE_INFINITY;
    for (double[] m : p) {
      double[] cm = Rls.asymmetryAndMinDiagonal(m, 0, hidden);
      asym = Math.max(asym, cm[0]);
      minDiag = Math.min(minDiag, cm[1]);
    }
    st.put("pAsymmetry", asym);
    st.put("pMinDiagonal", minDiag);
    return st;
  }

  @Override
  protected String memoryFormula() {
    return "O(d·H + L·H²): d·H floats (W) + L·H² doubles (P_p) + H·L doubles (β)";
  }

  @Override
  public long ramBytesUsed() {
    long scratchBytes = 0;
    for (Scratch s : scratch) {
      scratchBytes += 8L * (s.ut.length + s.vt.length + s.small.length + s.floor.length + s.f.length + s.delta.length);
    }
    return baseRamBytes() + 8L * hidden * hidden * numLabels + 8L * hT.length + scratchBytes;
  }

  @Override
  public void checkFinite() {
    super.checkFinite();
    for (int q = 0; q < numLabels; q++) {
      for (double v : p[q]) {
        if (!Double.isFinite(v)) {
          throw diverged(examplesSeen(), "P of label " + q + " holds a non-finite value");
        }
      }
    }
  }

  void write(StateOutput out) throws IOException {
    writeCommon(out);
    for (double[] m : p) {
      writeUpper(out, m, 0, hidden);
    }
  }

  void read(StateInput in) throws IOException {
    readCommon(in);
    for (double[] m : p) {
      readUpper(in, m, 0, hidden);
    }
  }
}
