package org.altml.kernel.store;

import org.altml.core.math.VectorMath;
import org.altml.kernel.Kernel;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.cache.GramCache;
import org.altml.kernel.cache.GramCursor;
import org.altml.sparse.SparseVector;

/**
 * The kernel rows of a {@link SupportVectorStore}: K(x, x_k) for every slot from one dot product per slot
 * ({@link FeatureDots}) and the cached squared norms, or from squared distances looked up in a {@link GramCache};
 * single slots' values and exponents; in float mode every step in float (see the store's class comment). Only
 * reads the store: threads may compute rows at once, each with its own {@link KernelRow}.
 */
final class KernelValues {
  private static final int[] NO_INDICES = new int[0];
  private static final float[] NO_VALUES = new float[0];

  private final FeatureRows f;
  private final FeatureDots dots;
  private final boolean isDouble;

  KernelValues(FeatureRows f, FeatureDots dots, boolean isDouble) {
    this.f = f;
    this.dots = dots;
    this.isDouble = isDouble;
  }

  /** K(x, x_k) for the {@code size} slots into {@code row.values()}: {@link SupportVectorStore#kernelRow(Kernel, SparseVector, double, KernelRow)}. */
  void kernelRow(Kernel kernel, SparseVector x, double squaredNorm, KernelRow row, int size) {
    dots.dotRow(x, row, size);
    fromDots(kernel, row, squaredNorm, size);
  }

  /**
   * {@link SupportVectorStore#kernelRow(RbfKernel, SparseVector, double, GramCursor, KernelRow)} over the
   * {@code size} slots, whose example ids are {@code ids}.
   */
  void kernelRow(RbfKernel kernel, SparseVector x, double squaredNorm, GramCursor cursor, KernelRow row, int size, int[] ids) {
    row.ensure(size, f.numFeatures());
    double[] out = row.values;
    int nnz = x.nnz();
    int[] xi = x.indices();
    float[] xv = x.values();
    int off = x.offset();
    double[] scatter = row.scatter;
    int limit = f.numFeatures();
    int end = nnz;
    if (f.layout == SupportVectorStore.Layout.DENSE) {
      while (end > 0 && xi[off + end - 1] >= f.columns) {
        end--;
      }
    } else {
      for (int j = 0; j < nnz; j++) {
        int i = xi[off + j];
        if (i < limit) {
          scatter[i] = xv[off + j];
        }
      }
    }
    // first every cached distance (loads only); then the missing ones: claimed without waiting, computed four
    // at a time, stored; then those another thread was computing, waited for once ours are stored (so no two
    // threads ever wait for each other)
    int missing = cursor.gather(ids, size, out);
    long misses = 0;
    long computed = 0;
    if (missing > 0) {
      int[] own = row.ownSlots(missing);
      int owned = 0;
      int[] waiting = row.waitingSlots(missing);
      int waits = 0;
      for (int k = 0; k < size; k++) {
        if (out[k] == out[k]) {
          continue;
        }
        int other = ids[k];
        double d2 = other < 0 ? Double.NaN : cursor.tryClaim(other);
        if (d2 != d2) {
          own[owned++] = k; // ours to compute (or a slot without an id: computed, not stored)
        } else if (GramCache.isPending(d2)) {
          waiting[waits++] = k;
        } else {
          out[k] = d2; // stored since the gather
        }
      }
      squaredDistances(x, squaredNorm, end, scatter, own, owned, out);
      for (int i = 0; i < owned; i++) {
        int k = own[i];
        if (ids[k] >= 0) {
          misses++;
          cursor.put(ids[k], out[k]);
        }
      }
      computed = owned;
      for (int i = 0; i < waits; i++) {
        int k = waiting[i];
        double d2 = cursor.claim(ids[k]);
        if (d2 != d2) { // released unstored (never in this package): ours after all
          own[0] = k;
          squaredDistances(x, squaredNorm, end, scatter, own, 1, out);
          misses++;
          computed++;
          cursor.put(ids[k], out[k]);
        } else {
          out[k] = d2;
        }
      }
    }
    long hits = size - computed;
    if (isDouble) {
      kernel.exponentsFromSquaredDistances(out, size);
      if (row.keepExponents) {
        row.keptExponents(size);
      }
      VectorMath.exp(out, 0, size); // the kernel values on SIMD lanes, the same bits as one at a time
    } else {
      float[] u = row.floats(size);
      for (int k = 0; k < size; k++) {
        u[k] = kernel.exponentFromSquaredDistance((float) out[k]); // a float mode distance is a float
      }
      floatValuesFromExponents(row, u, size);
    }
    cursor.count(hits, misses);
    if (f.layout != SupportVectorStore.Layout.DENSE) {
      for (int j = 0; j < nnz; j++) {
        int i = xi[off + j];
        if (i < limit) {
          scatter[i] = 0.0;
        }
      }
    }
    cursor.flush();
  }

  /**
   * d²(x, x_k) = (||x||² + ||x_k||²) − 2·x·x_k into {@code out[k]} for the slots {@code slots[0, n)}, each dot
   * product summed over x's entries in order as {@link #kernelRow} sums it (RbfKernel.fromDot's expression, term
   * for term, so the same bits; in float mode the dot products and the expression in float, the norms rounded to
   * float); dense slots four at a time, as independent sums that the core overlaps.
   *
   * @param end x's entries [0, end) lie below the dense width (dense stores)
   * @param scatter x scattered by feature (sparse stores)
   */
  private void squaredDistances(SparseVector x, double squaredNorm, int end, double[] scatter, int[] slots, int n, double[] out) {
    if (f.layout == SupportVectorStore.Layout.DENSE) {
      dots.denseDots(x, end, slots, n, out);
    } else {
      for (int i = 0; i < n; i++) {
        out[slots[i]] = isDouble ? dots.gatherDot(scatter, slots[i]) : dots.gatherDotFloat(scatter, slots[i]);
      }
    }
    double[] squaredNorms = f.squaredNorms;
    float normF = (float) squaredNorm;
    for (int i = 0; i < n; i++) {
      int k = slots[i];
      out[k] = isDouble ? squaredNorm + squaredNorms[k] - 2.0 * out[k] : normF + (float) squaredNorms[k] - 2f * (float) out[k];
    }
  }

  /** {@link SupportVectorStore#kernelRowSlot} (slot checked). */
  void kernelRowSlot(Kernel kernel, SparseVector x, double squaredNorm, int slot, double[] out) {
    if (!isDouble) {
      out[0] = kernel instanceof RbfKernel rbf ? valueOfExponent(exponentSlot(rbf, x, squaredNorm, slot))
          : (float) kernel.fromDot(dots.dotSlot(x, slot), squaredNorm, f.squaredNorms[slot]);
      return;
    }
    // the RBF kernel's fromDot is VectorMath.gaussianFromDots' expression with the same exponential: the same bits
    out[0] = kernel.fromDot(dots.dotSlot(x, slot), squaredNorm, f.squaredNorms[slot]);
  }

  /** {@link SupportVectorStore#exponentSlot} (slot checked). */
  double exponentSlot(RbfKernel kernel, SparseVector x, double squaredNorm, int slot) {
    if (!isDouble) {
      return kernel.exponentFromDot((float) dots.dotSlot(x, slot), (float) squaredNorm, (float) f.squaredNorms[slot]);
    }
    return kernel.exponentFromDot(dots.dotSlot(x, slot), squaredNorm, f.squaredNorms[slot]);
  }

  /** The kernel value of an exponent u as the rows compute it: exp(u), rounded to float in float mode. */
  double valueOfExponent(double u) {
    return isDouble ? VectorMath.exp(u) : RbfKernel.valueOfExponentFloat(u);
  }

  /** {@link SupportVectorStore#kernelRow(Kernel, int, KernelRow)} (slot checked). */
  void kernelRow(Kernel kernel, int slot, KernelRow row, int size) {
    if (f.layout == SupportVectorStore.Layout.SPARSE) {
      SparseVector view = row.view;
      view.reset(f.poolIndices, f.poolValues, f.starts[slot], f.lengths[slot]);
      kernelRow(kernel, view, f.squaredNorms[slot], row, size);
      view.reset(NO_INDICES, NO_VALUES, 0, 0); // do not keep the pools reachable
      return;
    }
    dots.denseDotRow(slot, row, size);
    fromDots(kernel, row, f.squaredNorms[slot], size);
  }

  /** {@link SupportVectorStore#dotRow(int, KernelRow)} (slot checked). */
  void dotRow(int slot, KernelRow row, int size) {
    if (f.layout == SupportVectorStore.Layout.SPARSE) {
      SparseVector view = row.view;
      view.reset(f.poolIndices, f.poolValues, f.starts[slot], f.lengths[slot]);
      dots.dotRow(view, row, size);
      view.reset(NO_INDICES, NO_VALUES, 0, 0); // do not keep the pools reachable
      return;
    }
    dots.denseDotRow(slot, row, size);
  }

  /** The dot products in {@code out[0..size)} to kernel values: the RBF ones as block scoring computes them. */
  private void fromDots(Kernel kernel, KernelRow row, double squaredNorm, int size) {
    double[] out = row.values;
    double[] squaredNorms = f.squaredNorms;
    if (!isDouble) {
      if (kernel instanceof RbfKernel rbf) {
        float[] u = row.floats(size);
        float[] norms = row.floatNorms(size);
        for (int k = 0; k < size; k++) {
          u[k] = (float) out[k]; // a float mode dot product is a float
          norms[k] = (float) squaredNorms[k];
        }
        VectorMath.gaussianExponents(u, 0, size, (float) squaredNorm, norms, 0, rbf.twoSigmaSquaredFloat());
        floatValuesFromExponents(row, u, size);
      } else {
        for (int k = 0; k < size; k++) {
          out[k] = (float) kernel.fromDot(out[k], squaredNorm, squaredNorms[k]);
        }
      }
      return;
    }
    if (kernel instanceof RbfKernel rbf) {
      if (row.keepExponents) {
        rbf.exponentsFromDots(out, 0, size, squaredNorm, squaredNorms, 0);
        row.keptExponents(size);
        VectorMath.exp(out, 0, size);
      } else {
        VectorMath.gaussianFromDots(out, 0, size, squaredNorm, squaredNorms, 0, rbf.twoSigmaSquared());
      }
      return;
    }
    for (int k = 0; k < size; k++) {
      out[k] = kernel.fromDot(out[k], squaredNorm, squaredNorms[k]);
    }
  }

  /**
   * Float mode: the row's exponents {@code u[0..size)} become its kernel values ({@link RbfKernel#valueOfExponentFloat}'s
   * bits: the float exponential, on SIMD lanes), keeping the exponents if the row asks.
   */
  private static void floatValuesFromExponents(KernelRow row, float[] u, int size) {
    double[] out = row.values;
    if (row.keepExponents) {
      double[] e = row.exponents(size);
      for (int k = 0; k < size; k++) {
        e[k] = u[k];
      }
    }
    VectorMath.exp(u, 0, size);
    for (int k = 0; k < size; k++) {
      out[k] = u[k];
    }
  }
}
