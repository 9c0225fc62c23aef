package org.altml.core.eval;

/**
 * Derives every seed of a run from the run's one seed, so that nothing random is left unseeded and each
 * random choice (the training order, a learner's hidden layer, a fold split) has its own stream. The order
 * of a train-then-test run uses the run seed itself (as ALT always has, so recorded runs reproduce);
 * every other role gets SplitMix64 of the seed mixed with the role's name.
 */
public final class Seeds {
  private Seeds() {}

  /** The seed of the training order: the run seed. */
  public static long order(long runSeed) {
    return runSeed;
  }

  /** The seed of the learner's own random choices. */
  public static long learner(long runSeed) {
    return derive(runSeed, "learner");
  }

  /** The seed for {@code role}: SplitMix64 of {@code runSeed} xor the role's hash, stable across JDKs. */
  public static long derive(long runSeed, String role) {
    long h = 1125899906842597L;
    for (int i = 0; i < role.length(); i++) {
      h = 31 * h + role.charAt(i);
    }
    return mix(runSeed ^ h);
  }

  private static long mix(long z) {
    z += 0x9e3779b97f4a7c15L;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
