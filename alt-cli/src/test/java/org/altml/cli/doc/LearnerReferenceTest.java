package org.altml.cli.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.core.features.FeatureMapRegistry;
import org.altml.core.features.FeatureMapSpec;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.junit.jupiter.api.Test;

/** docs/learners.md holds the parameter tables {@link LearnerReference} generates from today's registries, and prose for every kind. */
class LearnerReferenceTest {
  /** The page, from alt-cli (the tests' working directory) or the repository root. */
  private static final Path PAGE =
      Files.isDirectory(Path.of("../docs")) ? Path.of("../docs/learners.md") : Path.of("docs/learners.md");

  /** The one command that rewrites the generated blocks of docs/learners.md, from the repository root. */
  static final String REGENERATE = "mvn -B -ntp -q -pl alt-cli -am test -Dtest=LearnerReferenceTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dalt.docs.regenerate=true";

  @Test
  void theCommittedPageIsTheGeneratedOne() throws IOException {
    assertTrue(Files.exists(PAGE), PAGE.toAbsolutePath() + " is missing");
    String committed = Files.readString(PAGE, StandardCharsets.UTF_8);
    String generated = LearnerReference.update(committed);
    if (Boolean.getBoolean("alt.docs.regenerate")) {
      Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
      committed = generated;
    }
    String difference = CliReferenceTest.firstDifference(committed, generated);
    if (difference != null) {
      fail("docs/learners.md is stale (a learner kind or parameter changed since its tables were generated): " + difference
          + "; regenerate it from the repository root with: " + REGENERATE);
    }
  }

  @Test
  void everyRegisteredKindAndMapHasItsSectionWithProseAndTable() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    assertTrue(LearnerRegistry.all().size() >= 9, "alt-core's and alt-kernel's kinds are on the class path");
    for (LearnerSpec k : LearnerRegistry.all()) {
      assertTrue(LearnerReference.hasProseSection(page, k.name(), "parameters " + k.name()), k.name());
      for (Parameter<?> p : k.parameters()) {
        assertTrue(page.contains("| `" + p.name() + "` | `" + p.option() + "` |"), k.name() + " " + p.name());
      }
    }
    for (FeatureMapSpec m : FeatureMapRegistry.all()) {
      assertTrue(LearnerReference.hasProseSection(page, m.name(), "map-parameters " + m.name()), m.name());
    }
  }

  @Test
  void aRegisteredKindWithoutASectionIsRefusedByName() {
    String page = "# Learners\n\n### `falt`\n\nFirst order.\n\n<!-- begin generated: parameters falt -->\n"
        + "<!-- end generated -->\n";
    LearnerSpec falt = LearnerRegistry.get("falt");
    LearnerSpec extra = new Extra();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LearnerReference.update(page, List.of(falt, extra), List.of()));
    assertTrue(e.getMessage().contains("learner kind 'extra'"), e.getMessage());
    assertTrue(e.getMessage().contains("<!-- begin generated: parameters NAME -->"), e.getMessage());
    // a table without prose around it is no section either
    String bare = page + "\n### `extra`\n\n<!-- begin generated: parameters extra -->\n<!-- end generated -->\n";
    e = assertThrows(IllegalArgumentException.class, () -> LearnerReference.update(bare, List.of(falt, extra), List.of()));
    assertTrue(e.getMessage().contains("learner kind 'extra'"), e.getMessage());
    String written = bare.replace("### `extra`\n\n", "### `extra`\n\nA test kind.\n\n");
    assertTrue(LearnerReference.update(written, List.of(falt, extra), List.of()).contains("| `share` | `--share` |"));
  }

  @Test
  void aBlockNamingNoRegisteredKindIsRefused() {
    String page = "### `gone`\n\nRemoved.\n\n<!-- begin generated: parameters gone -->\n<!-- end generated -->\n";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LearnerReference.update(page, List.of(), List.of()));
    assertTrue(e.getMessage().contains("'generated: parameters gone' names no registered learner kind"), e.getMessage());
  }

  @Test
  void aChangedParameterChangesTheTable() {
    String page = "### `extra`\n\nA test kind.\n\n<!-- begin generated: parameters extra -->\n<!-- end generated -->\n";
    String table = LearnerReference.update(page, List.of(new Extra()), List.of());
    assertTrue(table.contains("| `share` | `--share` | s | `0.5` | `> 0` | 2^[-2..1] | share s of the examples |\n"), table);
    assertTrue(table.contains("| `m` | `--m` | M | unset | `in [1, 2147483647]` | 100, 200, …, 1000 |"), table);
    assertTrue(table.contains("(given instead of `maxUpdates`, never both)"), table);
    assertEquals(table, LearnerReference.update(table, List.of(new Extra()), List.of()), "regenerating is stable");
    String stale = table.replace("`0.5`", "`0.25`");
    assertTrue(CliReferenceTest.firstDifference(stale, LearnerReference.update(stale, List.of(new Extra()), List.of()))
        .contains("`0.5`"));
  }

  @Test
  void gridsAreWrittenAsTheProjectWritesThem() {
    assertEquals("2^[-10..10]", LearnerReference.grid(CommonParameters.powersOfTwoF(-10, 10)));
    assertEquals("2^[-3..2]", LearnerReference.grid(CommonParameters.powersOfTwoD(-3, 2)));
    assertEquals("100, 200, …, 1000", LearnerReference.grid(List.of(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000)));
    assertEquals("1, 2, 5", LearnerReference.grid(List.of(1, 2, 5)));
    assertEquals("0.25, 1.0", LearnerReference.grid(List.of(0.25, 1.0)));
    assertEquals("", LearnerReference.grid(List.of()));
  }

  /** A kind no module registers, to check what the generator does with any spec. */
  private static final class Extra implements LearnerSpec {
    @Override
    public String name() {
      return "extra";
    }

    @Override
    public String description() {
      return "a test kind";
    }

    @Override
    public List<Parameter<?>> parameters() {
      return List.of(Parameter.positiveFloat("share", "s", "share s of the examples", 0.5f, CommonParameters.powersOfTwoF(-2, 1)),
          Parameter.integer("m", "M", "steps", null, 1, Integer.MAX_VALUE,
              List.of(100, 200, 300, 400, 500, 600, 700, 800, 900, 1000)).insteadOf("maxUpdates"));
    }

    @Override
    public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ModelCodec codec() {
      throw new UnsupportedOperationException();
    }
  }
}
