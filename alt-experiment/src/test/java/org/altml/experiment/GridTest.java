package org.altml.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.altml.core.learner.LearnerRegistry;
import org.junit.jupiter.api.Test;

/** The grids built from the registered kinds' paper grids (docs/spec.md#grids). */
class GridTest {
  private static Grid grid(String learner, Grid.Mode mode, Set<String> fixed) {
    return Grid.of(LearnerRegistry.get(learner).defaults(), mode, Map.of(), fixed);
  }

  private static List<String> axes(Grid grid) {
    return grid.axes().stream().map(a -> a.parameter().name() + "=" + a.values()).toList();
  }

  @Test
  void theElmGridsAreElmMds() {
    // OSML-ELM: H in {100, ..., 1000}, nothing else (threshold 0, no regularisation)
    Grid osml = grid("osml-elm", Grid.Mode.PAPER, Set.of());
    assertEquals(List.of("hidden=[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]"), axes(osml));
    // ELM-OMLL: 10 x 21 = 210 settings
    Grid omll = grid("elm-omll", Grid.Mode.PAPER, Set.of());
    assertEquals(210, omll.size(), String.join("; ", axes(omll)));
    assertEquals("hidden", omll.axes().get(0).parameter().name());
    // coarse: every other value, the default H = 500 kept
    assertEquals(List.of("hidden=[100, 300, 500, 700, 900]"), axes(grid("osml-elm", Grid.Mode.COARSE, Set.of())));
    // a fixed H leaves ELM-OMLL's C alone: the H <= 500 of docs/spec.md#elm-not-implemented for RCV1-scale data
    assertEquals(21, grid("elm-omll", Grid.Mode.PAPER, Set.of("hidden")).size());
  }

  @Test
  void theLinearGridsAreSpecs() {
    assertEquals(21 * 6, grid("falt", Grid.Mode.PAPER, Set.of()).size());
    assertEquals(21 * 21 * 6, grid("salt", Grid.Mode.PAPER, Set.of()).size());
    assertEquals(26, grid("pa1", Grid.Mode.PAPER, Set.of()).size(), "the paper tunes C alone for the PA baselines (M = 1)");
    assertEquals(26, grid("pa2", Grid.Mode.PAPER, Set.of()).size());
    assertEquals(11 * 3, grid("falt", Grid.Mode.COARSE, Set.of()).size());
  }

  /** A mistyped grid mode gets the nearest, as learner names and option values do (it was listed, none suggested). */
  @Test
  void aMistypedModeIsSuggested() {
    assertEquals(Grid.Mode.COARSE, Grid.Mode.parse(" Coarse"));
    assertEquals("a grid is paper, coarse or none: papr; did you mean 'paper'?", org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> Grid.Mode.parse("papr")).getMessage());
  }

  /** A value listed twice, in any form, is one setting (it was searched twice and counted twice in the paper rule's tally). */
  @Test
  void aValueListedTwiceIsOneSetting() {
    Grid g = Grid.of(LearnerRegistry.get("falt").defaults(), Grid.Mode.NONE,
        Map.of("eta", Grid.parseList("0.0625,0.125,2^-4,2^-4..2^-3")), Set.of());
    assertEquals(2, g.size(), String.join("; ", axes(g)));
  }

  /**
   * Powers of two above 1 are whole numbers, so integer parameters take ranges (--hidden 2^4..2^6 was refused as
   * '16.0'); a list of commas alone, or with a trailing comma, is an empty value (',' gave an empty list and an
   * internal error).
   */
  @Test
  void rangesServeIntegerParametersAndEmptyValuesAreRefused() {
    assertEquals(List.of("16", "32", "64"), Grid.parseList("2^4..2^6"));
    assertEquals(List.of("0.25", "1"), Grid.parseList("2^-2,2^0"));
    Grid budgets = Grid.of(LearnerRegistry.get("osml-elm").defaults(), Grid.Mode.NONE, Map.of("hidden", Grid.parseList("2^4..2^6")),
        Set.of());
    assertEquals(3, budgets.size());
    for (String list : new String[] {",", ",,", "1,", ",1"}) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Grid.parseList(list));
      assertEquals("an empty value in the list '" + list + "'", e.getMessage());
    }
  }

  @Test
  void aGivenMIsNotReplacedByTheMFactorsGrid() {
    // M given as 1, its default: fixed, and the M factor's paper grid is not searched instead of it
    org.altml.core.learner.Settings m1 = org.altml.core.learner.Settings.parse(LearnerRegistry.get("falt"), Map.of("maxUpdates", "1"));
    Grid fixedM = Grid.of(m1, Grid.Mode.PAPER, Map.of(), Set.of("maxUpdates"));
    assertEquals(List.of("eta"), fixedM.axes().stream().map(a -> a.parameter().name()).toList());
    // M given as a list: searched over that list alone
    Grid listedM = Grid.of(LearnerRegistry.get("salt").defaults(), Grid.Mode.PAPER, Map.of("maxUpdates", List.of("1", "2")), Set.of());
    assertEquals(List.of("eta", "delta", "maxUpdates=[1, 2]"), listedM.axes().stream()
        .map(a -> a.parameter().name() + (a.parameter().name().equals("maxUpdates") ? "=" + a.values() : "")).toList());
    assertEquals(21 * 21 * 2, listedM.size());
    // nothing given: the factor's grid, as before
    assertEquals(List.of("eta", "maxUpdatesFactor"), grid("falt", Grid.Mode.PAPER, Set.of()).axes().stream()
        .map(a -> a.parameter().name()).toList());
  }
}
