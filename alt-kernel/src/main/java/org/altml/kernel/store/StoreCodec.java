package org.altml.kernel.store;

import java.io.IOException;
import org.altml.core.learner.CorruptStateException;
import org.altml.core.learner.Precision;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;

/**
 * The on-disk form of a {@link SupportVectorStore} (part of a kernel model's body, version 1): layout, sizes, the
 * next age, then every slot in slot order (age, features, coefficients in the storage precision). Slot order is
 * kept because it is the order scores are summed in. Reading checks every size against the bytes that remain and
 * every value it stores.
 */
final class StoreCodec {
  private StoreCodec() {}

  /** Writes {@code s}. */
  static void write(SupportVectorStore s, StateOutput out) throws IOException {
    FeatureRows f = s.features;
    CoefficientRows c = s.coefficients;
    SupportVectorStore.Layout layout = f.layout;
    int size = s.size;
    out.writeByte(layout == null ? 0 : layout == SupportVectorStore.Layout.DENSE ? 1 : 2);
    out.writeInt(size);
    out.writeLong(s.ages.nextAge);
    out.writeInt(f.numFeatures());
    for (int k = 0; k < size; k++) {
      out.writeLong(s.ages.ages[k]);
      if (layout == SupportVectorStore.Layout.DENSE) {
        out.writeFloats(f.dense, k * f.columns, f.numFeatures());
      } else {
        out.writeInt(f.lengths[k]);
        for (int p = f.starts[k]; p < f.starts[k] + f.lengths[k]; p++) {
          out.writeInt(f.poolIndices[p]);
        }
        out.writeFloats(f.poolValues, f.starts[k], f.lengths[k]);
      }
      if (c.isDouble) {
        out.writeDoubles(c.coefDouble, k * c.stride, c.width);
      } else {
        out.writeFloats(c.coefFloat, k * c.stride, c.width);
      }
    }
  }

  /**
   * Reads a store written by {@link #write} ({@link SupportVectorStore#read}).
   *
   * @throws CorruptStateException when the state is inconsistent or truncated
   */
  static SupportVectorStore read(StateInput in, int width, Precision precision, int numFeaturesHint, int initialCapacity)
      throws IOException {
    int code = in.readByte();
    if (code < 0 || code > 2) {
      throw in.corrupt("unknown support-vector layout " + code);
    }
    SupportVectorStore.Layout layout = code == 0 ? null : code == 1 ? SupportVectorStore.Layout.DENSE : SupportVectorStore.Layout.SPARSE;
    int size = in.readInt();
    long nextAge = in.readLong();
    int numFeatures = in.readInt();
    int coefBytes = precision == Precision.DOUBLE ? 8 : 4;
    if (size < 0 || numFeatures < 0 || nextAge < size || (layout == null && size > 0)) {
      throw in.corrupt("bad support-vector store: " + size + " vectors, next age " + nextAge + ", " + numFeatures + " features");
    }
    in.requireAllocation(size, 8 + 4 + coefBytes * width,
        24L + (long) CoefficientRows.rowStride(width, precision == Precision.DOUBLE) * coefBytes, size + " support vectors");
    SupportVectorStore s = new SupportVectorStore(width, precision, Math.max(numFeaturesHint, numFeatures),
        Math.max(size, initialCapacity), layout);
    double[] alpha = new double[width];
    float[] coefFloats = new float[width];
    VectorBuffer x = new VectorBuffer();
    float[] row = new float[layout == SupportVectorStore.Layout.DENSE ? numFeatures : 0];
    if (layout == SupportVectorStore.Layout.DENSE) {
      in.requireValues((long) size * numFeatures, 4, "dense support vectors");
    }
    for (int k = 0; k < size; k++) {
      long age = in.readLong();
      if (age < 0 || age >= nextAge) {
        throw in.corrupt("support vector " + k + " has age " + age + ", outside [0, next age " + nextAge + ")");
      }
      if (layout == SupportVectorStore.Layout.DENSE) {
        in.readFloats(row, 0, numFeatures);
        x.clear(numFeatures);
        for (int j = 0; j < numFeatures; j++) {
          if (row[j] != 0f) {
            x.add(j, row[j]);
          }
        }
      } else {
        readSparse(in, k, numFeatures, x);
      }
      if (!x.checkValues()) {
        throw in.corrupt("support vector " + k + " has a zero, NaN or infinite feature value");
      }
      if (precision == Precision.DOUBLE) {
        in.readDoubles(alpha, 0, width);
      } else {
        in.readFloats(coefFloats, 0, width);
        for (int j = 0; j < width; j++) {
          alpha[j] = coefFloats[j];
        }
      }
      int slot = s.size++;
      s.writeVector(slot, x.view(), Double.NaN);
      s.writeCoefficients(slot, alpha);
      s.ages.ages[slot] = age;
    }
    s.ages.nextAge = nextAge;
    FeatureRows f = s.features;
    f.maxFeature = Math.max(f.maxFeature, numFeatures - 1);
    if (layout == SupportVectorStore.Layout.DENSE) {
      f.ensureColumns(numFeatures, s.size, s.capacity);
    }
    if (!s.ages.relinkByAge(s.size)) {
      throw in.corrupt("two support vectors have the same age");
    }
    if (!s.allFinite()) {
      throw in.corrupt("holds a non-finite support-vector coefficient");
    }
    return s;
  }

  /** Reads support vector {@code k}'s sparse entries (ascending indices below {@code numFeatures}) into {@code x}. */
  private static void readSparse(StateInput in, int k, int numFeatures, VectorBuffer x) throws IOException {
    int nnz = in.readInt();
    in.requireValues(nnz, 8, "support vector " + k);
    x.clear(nnz);
    int last = -1;
    int[] indices = new int[nnz];
    for (int p = 0; p < nnz; p++) {
      indices[p] = in.readInt();
      if (indices[p] <= last || indices[p] >= numFeatures) {
        throw in.corrupt("support vector " + k + " has feature indices out of order or beyond " + numFeatures);
      }
      last = indices[p];
    }
    float[] values = new float[nnz];
    in.readFloats(values, 0, nnz);
    for (int p = 0; p < nnz; p++) {
      x.add(indices[p], values[p]);
    }
  }
}
