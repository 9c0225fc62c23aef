package org.altml.sparse.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ZipfTextGeneratorTest {
  private static final ZipfTextGenerator.Config SMALL =
      ZipfTextGenerator.Config.defaults().withLabels(10, 2.0).withSeed(11);
  private static final int N = 20_000;
  private static final LabelBirths BIRTHS = LabelBirths.spread(10, 0.3, N, 11);

  private static List<NamedExample> take(ZipfTextGenerator g, int n) {
    List<NamedExample> out = new ArrayList<>(n);
    g.examples(n).forEachRemaining(out::add);
    return out;
  }

  private static String lines(ZipfTextGenerator g, int n, NamedExampleWriter.Format format) {
    StringWriter out = new StringWriter();
    assertEquals(n, NamedExampleWriter.write(out, g.examples(n), format));
    return out.toString();
  }

  @Test
  void sameSeedGivesTheSameLinesBitForBit() {
    ZipfTextGenerator a = new ZipfTextGenerator(SMALL, BIRTHS);
    ZipfTextGenerator b = new ZipfTextGenerator(SMALL, LabelBirths.spread(10, 0.3, N, 11));
    for (NamedExampleWriter.Format f : NamedExampleWriter.Format.values()) {
      assertEquals(lines(a, 500, f), lines(b, 500, f), f.toString());
      assertEquals(lines(a, 500, f), lines(a, 500, f), "each call starts afresh");
    }
    assertNotEquals(lines(a, 50, NamedExampleWriter.Format.LIBSVM),
        lines(new ZipfTextGenerator(SMALL.withSeed(12), BIRTHS), 50, NamedExampleWriter.Format.LIBSVM));
  }

  @Test
  void noLabelBeforeItsBirthAndItsUsualFrequencyAfter() {
    ZipfTextGenerator g = new ZipfTextGenerator(SMALL, BIRTHS);
    int[] after = new int[10];
    for (NamedExample e : take(g, N)) {
      for (String name : e.labels()) {
        int l = Integer.parseInt(name.substring(3));
        assertTrue(BIRTHS.born(l, e.id()), name + " in example " + e.id() + " before its birth " + BIRTHS.birth(l));
        after[l]++;
      }
    }
    int bornLate = 0;
    for (int l = 0; l < 10; l++) {
      long exposed = N - BIRTHS.birth(l);
      double p = g.frequency(l);
      double sigma = Math.sqrt(exposed * p * (1 - p));
      assertTrue(Math.abs(after[l] - exposed * p) < 5 * sigma + 1,
          "tag" + l + ": " + after[l] + " in " + exposed + " examples after its birth, expected " + exposed * p);
      bornLate += BIRTHS.birth(l) > 0 ? 1 : 0;
    }
    assertEquals(7, bornLate);
  }

  @Test
  void wordFrequenciesFollowZipfsLawRoughly() {
    for (double s : new double[] {1.0, 1.5}) {
      ZipfTextGenerator.Config c = new ZipfTextGenerator.Config(10, 2.0, 80, s, 30, 0.6, 1 << 26, 15, 0.0, 5);
      Map<String, Integer> counts = new HashMap<>();
      for (NamedExample e : take(new ZipfTextGenerator(c, LabelBirths.allPresent(10)), 10_000)) {
        e.features().forEach((w, v) -> counts.merge(w, (int) (double) v, Integer::sum));
      }
      // least-squares slope of log frequency on log rank (rank of the word by its count) over ranks 5..500
      List<Integer> sorted = new ArrayList<>(counts.values());
      sorted.sort((x, y) -> y - x);
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      int n = 0;
      for (int r = 5; r <= 500; r++) {
        double x = Math.log(r);
        double y = Math.log(sorted.get(r - 1));
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        n++;
      }
      double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
      assertTrue(Math.abs(slope + s) < 0.2, "rank-frequency slope " + slope + " for s = " + s);
    }
  }

  @Test
  void theVocabularyKeepsGrowingSublinearly() {
    ZipfTextGenerator g = new ZipfTextGenerator(SMALL, BIRTHS);
    Set<String> seen = new HashSet<>();
    long tokens = 0;
    int[] distinctAt = new int[5];
    int checkpoint = 0;
    for (NamedExample e : take(g, 16_000)) {
      seen.addAll(e.features().keySet());
      for (double v : e.features().values()) {
        tokens += (long) v;
      }
      if (e.id() + 1 == 1_000L << checkpoint) {
        distinctAt[checkpoint++] = seen.size();
      }
    }
    for (int k = 1; k < 5; k++) {
      double growth = (double) distinctAt[k] / distinctAt[k - 1];
      // V(N) follows Heaps' law with β = 0.6 (×1.52 per doubling); the words seen catch up with V, a little faster
      assertTrue(growth > 1.4 && growth < 1.85, "vocabulary " + distinctAt[k - 1] + " -> " + distinctAt[k]);
    }
    assertTrue(seen.size() < g.vocabulary(tokens) + 4 * 15 * 10 + 20, seen.size() + " words");
    assertTrue(g.vocabulary(tokens) > 2 * g.vocabulary(tokens / 4), "V(N) grows");
  }

  @Test
  void aLabelsKeywordsAreFarMoreFrequentInItsExamples() {
    ZipfTextGenerator g = new ZipfTextGenerator(SMALL, LabelBirths.allPresent(10));
    Set<String> keywords = new HashSet<>();
    for (int rank : g.keywords(0)) {
      keywords.add(ZipfTextGenerator.wordName(rank));
    }
    double with = 0, without = 0;
    int nWith = 0, nWithout = 0;
    for (NamedExample e : take(g, 5_000)) {
      int hits = 0;
      for (String w : e.features().keySet()) {
        hits += keywords.contains(w) ? 1 : 0;
      }
      if (e.labels().contains("tag0")) {
        with += hits;
        nWith++;
      } else {
        without += hits;
        nWithout++;
      }
    }
    assertTrue(nWith > 100, nWith + " examples of tag0");
    assertTrue(with / nWith > 10 * (without / nWithout),
        "keywords of tag0 per example: " + with / nWith + " with it, " + without / nWithout + " without");
  }

  @Test
  void theWritersLineFormats() {
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("w17", 1.0);
    f.put("w4", 2.0);
    f.put("q\"x", 0.5);
    NamedExample e = new NamedExample(7, f, List.of("tag3", "tag5"));
    assertEquals("{\"id\": 7, \"features\": {\"w17\": 1.0, \"w4\": 2.0, \"q\\\"x\": 0.5}, \"labels\": [\"tag3\", \"tag5\"]}",
        NamedExampleWriter.jsonLine(e));
    f.remove("q\"x");
    f.put("w9", 0.25);
    assertEquals("tag3,tag5 w17:1 w4:2 w9:0.25", NamedExampleWriter.libsvmLine(new NamedExample(7, f, List.of("tag3", "tag5"))));
    assertEquals("w17:1 w4:2 w9:0.25", NamedExampleWriter.libsvmLine(new NamedExample(8, f, List.of())));
    assertEquals("{\"id\": 8, \"features\": {}, \"labels\": []}",
        NamedExampleWriter.jsonLine(new NamedExample(8, Map.of(), List.of())));

    IllegalArgumentException colon = assertThrows(IllegalArgumentException.class,
        () -> NamedExampleWriter.libsvmLine(new NamedExample(9, Map.of("a:b", 1.0), List.of())));
    assertTrue(colon.getMessage().contains("example 9") && colon.getMessage().contains("a:b"), colon.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> NamedExampleWriter.libsvmLine(new NamedExample(9, Map.of("w1", 1.0), List.of("tag 1"))));
    assertThrows(IllegalArgumentException.class,
        () -> NamedExampleWriter.libsvmLine(new NamedExample(9, Map.of(), List.of())));
    IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
        () -> NamedExampleWriter.jsonLine(new NamedExample(9, Map.of("w1", Double.NaN), List.of())));
    assertTrue(nan.getMessage().contains("w1"), nan.getMessage());
  }

  @Test
  void generatedLinesHaveTheFormats() {
    ZipfTextGenerator g = new ZipfTextGenerator(SMALL, BIRTHS);
    Iterator<NamedExample> it = g.examples(300);
    String[] json = lines(g, 300, NamedExampleWriter.Format.JSON_LINES).split("\n");
    String[] svm = lines(g, 300, NamedExampleWriter.Format.LIBSVM).split("\n");
    assertEquals(300, json.length);
    for (int i = 0; i < 300; i++) {
      NamedExample e = it.next();
      assertTrue(json[i].matches("\\{\"id\": " + i + ", \"features\": \\{\"w\\d+\": \\d+\\.0(, \"w\\d+\": \\d+\\.0)*\\},"
          + " \"labels\": \\[(\"tag\\d+\"(, \"tag\\d+\")*)?\\]\\}"), json[i]);
      assertTrue(svm[i].matches("((tag\\d+)(,tag\\d+)* )?w\\d+:\\d+( w\\d+:\\d+)*"), svm[i]);
      assertEquals(String.join(",", e.labels()), svm[i].contains("tag") ? svm[i].substring(0, svm[i].indexOf(' ')) : "");
    }
  }
}
