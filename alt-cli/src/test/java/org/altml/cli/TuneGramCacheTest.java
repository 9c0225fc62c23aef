package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.altml.sparse.data.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alt tune --gram-cache-mb}: the kernel learners share one Gram cache over the sweep, and it changes no result. */
class TuneGramCacheTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode tune(Path train, String... extra) throws IOException {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("tune", "--train", train.toString(), "--num-labels",
        "5", "--learner", "falt-k", "--sigma2", "2^-1..2^2", "--folds", "3", "--grid", "none", "--json", "--quiet"));
    args.addAll(java.util.List.of(extra));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err());
    return JSON.readTree(run.out());
  }

  @Test
  void theSweepSharesOneCacheAndSelectsAsWithout(@TempDir Path dir) throws IOException {
    Dataset all = SmallCorpus.generate(40, 5, 120, 11);
    Path train = SmallCorpus.write(all, 0, 120, dir.resolve("train.svm"));
    JsonNode cached = tune(train);
    JsonNode off = tune(train, "--gram-cache-mb", "0");
    JsonNode single = tune(train, "--threads", "1"); // one worker: no concurrent misses
    assertEquals(off.get("candidates"), cached.get("candidates"), "the cache changes no fold mean");
    assertEquals(off.get("candidates"), single.get("candidates"));
    assertEquals(0, single.at("/sharedResources/0/kernel.squaredDistances/recomputedConcurrently").asLong());
    JsonNode gram = cached.at("/sharedResources/0/kernel.squaredDistances");
    assertEquals("full", gram.get("mode").asText(), cached.toString());
    long pairs = gram.get("pairs").asLong();
    assertEquals(120L * 121 / 2, pairs);
    // two workers: a pair both miss at once is computed by one and awaited by the other, never computed twice
    assertTrue(gram.get("misses").asLong() <= pairs, gram.toString());
    assertEquals(0, gram.get("recomputedConcurrently").asLong(), gram.toString());
    assertTrue(gram.get("hits").asLong() > gram.get("misses").asLong(), "4 sigma2 values share the distances: " + gram);
    assertEquals(0, off.at("/sharedResources/0").size(), "--gram-cache-mb 0: no cache");
    CliRun bad = CliRun.of("tune", "--train", train.toString(), "--learner", "falt-k", "--gram-cache-mb", "-1");
    assertEquals(2, bad.exitCode(), bad.out() + bad.err());
    assertTrue(bad.err().contains("--gram-cache-mb must be >= 0"), bad.err());
  }
}
