package org.altml.kernel.budget;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.altml.core.learner.Precision;
import org.altml.core.math.VectorMath;
import org.altml.kernel.RbfKernel;
import org.altml.kernel.store.KernelRow;
import org.altml.kernel.store.SupportVectorStore;
import org.altml.kernel.store.SupportVectorStoreTest;
import org.altml.kernel.store.VectorBuffer;
import org.altml.sparse.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BudgetPolicyTest {
  private static final long SEED = Long.getLong("alt.tests.seed", 20261202L);
  private static final RbfKernel KERNEL = new RbfKernel(2.0);

  private static SupportVectorStore store(int width) {
    return new SupportVectorStore(width, Precision.DOUBLE, 0, 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"oldest", "random", "smallest", "merge"})
  void everyPolicyKeepsTheStoreAtTheBudget(String name) {
    SplittableRandom r = new SplittableRandom(SEED);
    BudgetPolicy policy = BudgetPolicies.create(name, KERNEL, 7L);
    assertEquals(name, policy.name());
    int budget = 5;
    SupportVectorStore store = store(3);
    for (int i = 0; i < 200; i++) {
      store.append(SupportVectorStoreTest.randomVector(r, 10, 0.5),
          new double[] {r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1)});
      while (store.size() > budget) {
        policy.shrink(store);
      }
      assertEquals(Math.min(i + 1, budget), store.size(), name + " seed " + SEED);
    }
  }

  @Test
  void oldestRemovesTheHeadOfTheAgeList() {
    SupportVectorStore store = store(1);
    for (int i = 0; i < 4; i++) {
      store.append(SparseVector.of(new int[] {i}, new float[] {1f}), new double[] {i});
    }
    store.remove(store.oldest()); // age 0
    new OldestPolicy().shrink(store); // age 1
    assertEquals(2, store.size());
    assertEquals(2L, store.age(store.oldest()));
  }

  /** ||α||² ties within a relative 1e-9 go to the oldest; the newest can be the one removed. */
  @Test
  void smallestBreaksTiesByAge() {
    SupportVectorStore store = store(2);
    store.append(SparseVector.of(new int[] {0}, new float[] {1f}), new double[] {3, 4}); // 25
    store.append(SparseVector.of(new int[] {1}, new float[] {1f}), new double[] {1, 0}); // 1
    store.append(SparseVector.of(new int[] {2}, new float[] {1f}), new double[] {0, 1 + 1e-12}); // 1 + 2e-12: a tie
    store.append(SparseVector.of(new int[] {3}, new float[] {1f}), new double[] {0, 0.99999}); // smaller than 1
    assertEquals(3, SmallestPolicy.select(store));
    store.remove(3);
    assertEquals(1, SmallestPolicy.select(store), "the older of the tied two");
    store.remove(1);
    store.append(SparseVector.of(new int[] {4}, new float[] {1f}), new double[] {0.1, 0});
    int newest = store.newest();
    assertEquals(newest, SmallestPolicy.select(store), "the newest vector can be removed");
  }

  /**
   * A float store ties within 1e-6 relative: two coefficients on either side of the midpoint between two adjacent
   * floats tie in double (4e-11 apart) but are stored 1.5e-7 apart once rounded; the older, rounded up, still goes in
   * a float store as in a double one (with the 1e-9 rule the float store would remove the newer, smaller one).
   */
  @Test
  void smallestTiesWithinFloatRoundingInAFloatStore() {
    float f1 = 0.1f;
    float f2 = Math.nextUp(f1);
    double mid = ((double) f1 + f2) / 2;
    for (org.altml.core.learner.Precision precision : org.altml.core.learner.Precision.values()) {
      SupportVectorStore store = new SupportVectorStore(1, precision, 0, 0);
      store.append(SparseVector.of(new int[] {0}, new float[] {1f}), new double[] {mid + 1e-12}); // older: rounds up to f2
      store.append(SparseVector.of(new int[] {1}, new float[] {1f}), new double[] {mid - 1e-12}); // newer: rounds to f1
      store.append(SparseVector.of(new int[] {2}, new float[] {1f}), new double[] {1});
      double older = store.coefficientSquaredNorm(0);
      double newer = store.coefficientSquaredNorm(1);
      if (precision == org.altml.core.learner.Precision.FLOAT) {
        double gap = (older - newer) / newer;
        assertTrue(gap > SmallestPolicy.TIE_TOLERANCE && gap < SmallestPolicy.FLOAT_TIE_TOLERANCE, "gap " + gap);
      }
      assertEquals(0, SmallestPolicy.select(store), precision + ": the older of two rows that tie before rounding");
    }
  }

  @Test
  void randomIsReproducibleFromItsSeedAndItsSavedState() {
    RandomPolicy a = new RandomPolicy(42);
    RandomPolicy b = new RandomPolicy(42);
    RandomPolicy c = new RandomPolicy(43);
    int[] da = new int[50];
    int[] db = new int[50];
    int[] dc = new int[50];
    for (int i = 0; i < 50; i++) {
      da[i] = a.nextInt(1000);
      db[i] = b.nextInt(1000);
      dc[i] = c.nextInt(1000);
    }
    assertArrayEquals(da, db);
    assertNotEquals(java.util.Arrays.toString(da), java.util.Arrays.toString(dc));
    // the removals themselves: two stores with the same content and seed lose the same vectors
    SplittableRandom r = new SplittableRandom(SEED);
    SupportVectorStore s1 = store(1);
    SupportVectorStore s2 = store(1);
    RandomPolicy p1 = new RandomPolicy(9);
    RandomPolicy p2 = new RandomPolicy(9);
    for (int i = 0; i < 100; i++) {
      SparseVector x = SupportVectorStoreTest.randomVector(r, 5, 0.5);
      s1.append(x, new double[] {i});
      s2.append(x, new double[] {i});
      if (s1.size() > 10) {
        p1.shrink(s1);
        p2.shrink(s2);
      }
    }
    for (int k = 0; k < s1.size(); k++) {
      assertEquals(s1.age(k), s2.age(k));
    }
    // uniform enough: every residue of a small bound shows up
    RandomPolicy u = new RandomPolicy(SEED);
    int[] counts = new int[7];
    for (int i = 0; i < 7000; i++) {
      counts[u.nextInt(7)]++;
    }
    for (int count : counts) {
      assertEquals(1000, count, 150, "seed " + SEED);
    }
  }

  /**
   * Two support vectors and budget 1: merge by hand.
   *
   * <p>σ² = 1, x_m = e_0, x_n = e_1, so ||x_m − x_n||² = 2 and
   * k = exp(−2 / 2) = e^{−1}. α_m = (0.5, −0.5) (A = ||α_m||² = 0.5, the smaller, so m is merged away),
   * α_n = (1, −0.25) (B = 1.0625), C = α_m·α_n = 0.5 + 0.125 = 0.625. ||α_z||²(h) = A·k^{2(1−h)²} +
   * B·k^{2h²} + 2C·k^{(1−h)²+h²}, maximized over [0, 1] independently (a Python grid of 1e-5 refined by
   * ternary search): h* = 0.30522733, ||α_z||² = 1.77505630. Then α_z = α_m·k^{(1−h)²} + α_n·k^{h²} =
   * (1.21959900, −0.53631575), z = (h*, 1 − h*) = (0.30522733, 0.69477267), and the degradation
   * A + B + 2kC − ||α_z||² = 0.24729300. Golden-section search stops at a bracket of 1e-4, so h is within
   * 5e-5 of h*; |dα_z/dh| ≤ 0.29 bounds α_z's error by 1.5e-5, and the degradation is flat at the optimum.
   */
  @Test
  void mergeMatchesTheHandComputedTwoVectorCase() {
    RbfKernel kernel = new RbfKernel(1.0);
    SupportVectorStore store = store(2);
    store.append(SparseVector.of(new int[] {0}, new float[] {1f}), new double[] {0.5, -0.5});
    store.append(SparseVector.of(new int[] {1}, new float[] {1f}), new double[] {1.0, -0.25});
    long ageOfN = store.age(1);
    MergePolicy merge = new MergePolicy(kernel);
    merge.shrink(store);
    assertEquals(1, store.size());
    assertEquals(0.30522733003629166, merge.lastH(), 5e-5);
    assertEquals(0.2472930013642891, merge.lastDegradation(), 1e-7);
    assertEquals(ageOfN, store.age(0), "z takes n's age");
    assertEquals(1.2195989977944266, store.coefficient(0, 0), 2e-5);
    assertEquals(-0.5363157509143694, store.coefficient(0, 1), 2e-5);
    SparseVector z = store.features(0, new VectorBuffer());
    assertEquals(2, z.nnz());
    assertEquals(0.30522733003629166, z.get(0), 5e-5);
    assertEquals(0.6947726699637083, z.get(1), 5e-5);
    assertEquals(2, merge.kernelEvaluations());
  }

  /** With three vectors, m merges with the partner of least degradation: the close one, not the far one. */
  @Test
  void mergePicksThePartnerOfLeastDegradation() {
    RbfKernel kernel = new RbfKernel(1.0);
    SupportVectorStore store = store(1);
    store.append(SparseVector.of(new int[] {0}, new float[] {5f}), new double[] {1.0}); // far away
    store.append(SparseVector.of(new int[] {1}, new float[] {1f}), new double[] {0.1}); // m, the smallest
    store.append(SparseVector.of(new int[] {1}, new float[] {1.1f}), new double[] {1.0}); // close to m
    new MergePolicy(kernel).shrink(store);
    assertEquals(2, store.size());
    assertEquals(0L, store.age(store.oldest()));
    assertEquals(2L, store.age(store.newest()), "the merged vector keeps the close partner's age");
  }

  /**
   * {@code mergePartners} P: with P ≥ size − 1 the same merges as the exact rule; with a small P the partner
   * chosen is among the P of largest K(x_m, x_n), and the store stays at the budget.
   */
  @Test
  void mergeWithFewPartnersSearchesTheNearestOnly() {
    SplittableRandom r = new SplittableRandom(SEED);
    SupportVectorStore exact = store(3);
    SupportVectorStore wide = store(3);
    SupportVectorStore narrow = store(3);
    MergePolicy all = new MergePolicy(KERNEL);
    MergePolicy allByOption = new MergePolicy(KERNEL, 1000);
    MergePolicy few = new MergePolicy(KERNEL, 3);
    int budget = 12;
    for (int i = 0; i < 300; i++) {
      SparseVector x = SupportVectorStoreTest.randomVector(r, 10, 0.6);
      double[] alpha = {r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1)};
      exact.append(x, alpha);
      wide.append(x, alpha);
      narrow.append(x, alpha);
      if (exact.size() > budget) {
        all.shrink(exact);
        allByOption.shrink(wide);
        assertEquals(all.lastH(), allByOption.lastH(), 0.0, "P >= size - 1 is the exact rule, round " + i);
        // which partners may the narrow policy take: the 3 of largest K against its m
        int m = SmallestPolicy.select(narrow);
        KernelRow row = new KernelRow();
        narrow.kernelRow(KERNEL, m, row);
        double[] k = java.util.Arrays.copyOf(row.values(), narrow.size());
        k[m] = Double.NEGATIVE_INFINITY;
        double[] sorted = k.clone();
        java.util.Arrays.sort(sorted);
        double third = sorted[sorted.length - 3];
        long[] agesBefore = new long[narrow.size()];
        for (int s = 0; s < narrow.size(); s++) {
          agesBefore[s] = narrow.age(s);
        }
        few.shrink(narrow);
        assertEquals(budget, narrow.size());
        // the merged point took its partner's age: that partner's K must be among the three largest
        long mergedAge = -1;
        for (int s = 0; s < narrow.size(); s++) {
          if (narrow.stamp(s) == narrow.nextStamp() - 1) {
            mergedAge = narrow.age(s);
          }
        }
        for (int s = 0; s < agesBefore.length; s++) {
          if (agesBefore[s] == mergedAge) {
            assertEquals(true, k[s] >= third, "partner K " + k[s] + " below the third largest " + third + ", round " + i);
          }
        }
      }
      assertEquals(exact.size(), wide.size());
    }
  }

  /**
   * The screen (each partner's search stopped after a few steps, dropped when a bound on what it could still
   * reach cannot beat a finished search) makes the merges of searching every partner to the end, bit for bit,
   * at kernel widths where the partners' k are near 1 and where they spread, on dense and sparse stores, and
   * on three threads with stores large enough to be cut into parts (each part screens its own partners).
   */
  @Test
  void theScreenMakesTheMergesOfSearchingEveryPartner() {
    String previous = System.setProperty(org.altml.core.learner.RoundThreads.ALWAYS_SPLIT_PROPERTY, "true");
    org.altml.core.learner.RoundThreads three;
    try {
      three = org.altml.core.learner.RoundThreads.of(3);
    } finally {
      if (previous == null) {
        System.clearProperty(org.altml.core.learner.RoundThreads.ALWAYS_SPLIT_PROPERTY);
      } else {
        System.setProperty(org.altml.core.learner.RoundThreads.ALWAYS_SPLIT_PROPERTY, previous);
      }
    }
    for (double sigma2 : new double[] {0.5, 2.0, 64.0}) {
      screenAgrees(sigma2, 1.0, 40, 400, null);
      screenAgrees(sigma2, 0.4, 40, 400, null);
      screenAgrees(sigma2, 1.0, 3 * MergePolicy.MIN_PART, 3 * MergePolicy.MIN_PART + 60, three);
    }
  }

  private static void screenAgrees(double sigma2, double density, int budget, int rounds, org.altml.core.learner.RoundThreads threads) {
    RbfKernel kernel = new RbfKernel(sigma2);
    SplittableRandom r = new SplittableRandom(SEED + (long) (sigma2 * 10) + (long) (density * 100) + budget);
    SupportVectorStore screened = store(4);
    SupportVectorStore whole = store(4);
    MergePolicy fast = new MergePolicy(kernel, 0);
    MergePolicy exact = new MergePolicy(kernel, 0, false);
    if (threads != null) {
      fast.useThreads(threads);
    }
    for (int i = 0; i < rounds; i++) {
      SparseVector x = SupportVectorStoreTest.randomVector(r, 12, density);
      double[] alpha = {r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-0.2, 0.2)};
      screened.append(x, alpha);
      whole.append(x, alpha);
      if (screened.size() > budget) {
        fast.shrink(screened);
        exact.shrink(whole);
        String at = "sigma2 " + sigma2 + ", density " + density + ", budget " + budget + ", round " + i;
        assertEquals(Double.doubleToRawLongBits(exact.lastH()), Double.doubleToRawLongBits(fast.lastH()), "h, " + at);
        assertEquals(Double.doubleToRawLongBits(exact.lastDegradation()), Double.doubleToRawLongBits(fast.lastDegradation()),
            "degradation, " + at);
      }
    }
    for (int slot = 0; slot < whole.size(); slot++) {
      assertEquals(whole.age(slot), screened.age(slot));
      double[] p = new double[4];
      double[] q = new double[4];
      whole.coefficients(slot, p);
      screened.coefficients(slot, q);
      assertArrayEquals(p, q, 0.0);
    }
    assertEquals(exact.partnersSearched(), fast.partnersSearched() + fast.partnersScreenedOut());
    assertEquals(0, exact.partnersScreenedOut());
    assertNotEquals(0L, fast.partnersScreenedOut(), "the screen dropped partners at sigma2 " + sigma2 + ", budget " + budget);
  }

  /**
   * The prefilter's bound is below the degradation at every h of [0, 1] (a fine grid, and the search's own h), on
   * random partners and on the cases that come closest to it: α_n = ±α_m, one norm much smaller than the other,
   * k near 0 and 1.
   */
  @Test
  void theZeroStepBoundIsBelowEveryDegradation() {
    SplittableRandom r = new SplittableRandom(SEED);
    double[] h = new double[1];
    double[] f = new double[1];
    double[] work = new double[16];
    double closest = Double.POSITIVE_INFINITY;
    for (int i = 0; i < 5_000; i++) {
      double a = Math.exp(r.nextDouble(-6, 2));
      double b = i % 4 == 0 ? a : Math.exp(r.nextDouble(-6, 4));
      double rho = switch (i % 5) {
        case 0 -> 1.0;
        case 1 -> -1.0;
        default -> r.nextDouble(-1, 1);
      };
      double c = rho * Math.sqrt(a * b); // |C| <= sqrt(AB): Cauchy-Schwarz
      double u = i % 7 == 0 ? -r.nextDouble(0, 0.01) : -Math.exp(r.nextDouble(-5, 3));
      double k = VectorMath.exp(u);
      double bound = MergePolicy.leastDegradation(a, b, c, k);
      double d = a + b + 2.0 * k * c;
      double least = Double.POSITIVE_INFINITY;
      for (int g = 0; g <= 2000; g++) {
        double x = g / 2000.0;
        double km = Math.exp(u * (1 - x) * (1 - x));
        double kn = Math.exp(u * x * x);
        least = Math.min(least, d - (a * km * km + b * kn * kn + 2.0 * c * km * kn));
      }
      VectorMath.mergeSearch(a, new double[] {b}, new double[] {c}, new double[] {u}, 1, h, f, work);
      least = Math.min(least, d - f[0]);
      double scale = a + b + 2.0 * Math.abs(c);
      assertTrue(bound <= least + 1e-12 * scale, "a " + a + " b " + b + " c " + c + " u " + u + ": bound " + bound + " > " + least);
      closest = Math.min(closest, (least - bound) / scale);
    }
    assertTrue(closest < 1e-3, "the cases come close to the bound: " + closest);
  }

  @Test
  void unknownPolicyAndNoneAreHandled() {
    assertEquals(null, BudgetPolicies.create("none", KERNEL, 1));
    assertThrows(IllegalArgumentException.class, () -> BudgetPolicies.create("lru", KERNEL, 1));
    assertEquals(java.util.List.of("none", "oldest", "random", "smallest", "merge"), BudgetPolicies.names());
  }
}
