package org.altml.experiment;

import java.util.Locale;

/**
 * How much of a grid tuning evaluates.
 *
 * <ul>
 *   <li>{@link #FULL}: every setting on every fold (SALT on the paper's grid: 21 × 21 × 6 × 10 = 26,460
 *       train-then-test runs per dataset).
 *   <li>{@link #HALVING}: successive halving over folds (Jamieson and Talwalkar 2016, with rate 3):
 *       every setting on 1 fold, the best third (by the selection rule on the folds so far) on 3, the best
 *       third of those on 9, then the survivors on all k; about a quarter of the work for k = 10.
 *   <li>{@link #REFINE}: coarse to fine: the coarse grid (every other value of each axis) on every fold,
 *       then every full-grid neighbour (one step along any axes) of the best three coarse settings; the
 *       selection runs over everything evaluated. About a sixth of the work for SALT.
 * </ul>
 *
 * How often the adaptive searches pick the full grid's setting is measured in the README ("Experiments").
 */
public enum Search {
  /** Every setting, every fold. */
  FULL,
  /** Successive halving over folds. */
  HALVING,
  /** Coarse grid, then the neighbours of the best coarse settings. */
  REFINE;

  /** {@code full}, {@code halving} or {@code refine}, case-insensitively. */
  public static Search parse(String text) {
    for (Search s : values()) {
      if (s.name().equalsIgnoreCase(text.strip())) {
        return s;
      }
    }
    throw new IllegalArgumentException("--search must be full, halving or refine: " + text
        + org.altml.core.learner.NameSuggestion.didYouMean(text.strip(), java.util.List.of("full", "halving", "refine")));
  }

  /** The lower-case name. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
