package org.altml.cli.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.altml.cli.CliRun;
import org.altml.cli.SmallCorpus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data must fit the model it is given to ({@code predict}, {@code train --from}): no more labels, the same
 * label names when both have names, and not many more features (d' >= 2d + 100) unless
 * {@code --allow-new-features}, which turns that error into one warning.
 */
class ModelFitTest {
  @TempDir Path dir;

  private Path model;

  /** An ARFF file with labels named {@code labels} and {@code features} numeric features, and its XML. */
  private Path arff(String name, List<String> labels, int features) throws IOException {
    StringBuilder a = new StringBuilder("@relation " + name + "\n");
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<labels xmlns=\"http://mulan.sourceforge.net/labels\">\n");
    for (String l : labels) {
      a.append("@attribute ").append(l).append(" {0,1}\n");
      xml.append("<label name=\"").append(l).append("\"/>\n");
    }
    for (int f = 0; f < features; f++) {
      a.append("@attribute f").append(f).append(" numeric\n");
    }
    a.append("@data\n");
    for (int i = 0; i < 6; i++) {
      List<String> values = new ArrayList<>();
      for (int l = 0; l < labels.size(); l++) {
        values.add(Integer.toString((i + l) % 2));
      }
      for (int f = 0; f < features; f++) {
        values.add(Integer.toString((i * 7 + f) % 5 - 2));
      }
      a.append(String.join(",", values)).append('\n');
    }
    Files.writeString(dir.resolve(name + ".xml"), xml.append("</labels>\n"));
    Path file = dir.resolve(name + ".arff");
    Files.writeString(file, a);
    return file;
  }

  @BeforeEach
  void trainAModel() throws IOException {
    Path moods = arff("moods", List.of("happy", "sad", "calm"), 10);
    model = dir.resolve("moods.model");
    CliRun r = CliRun.of("train", "--learner", "falt", "--data", moods.toString(), "--model", model.toString());
    assertEquals(0, r.exitCode(), r.err());
  }

  private static void assertRefused(CliRun r, String... fragments) {
    assertEquals(2, r.exitCode(), r.err());
    String line = r.errLine();
    for (String f : fragments) {
      assertTrue(line.contains(f), "'" + f + "' in " + line);
    }
  }

  @Test
  void anArffFileWithoutItsXmlIsReadWithTheModelsLabelNames() throws IOException {
    Path moods = dir.resolve("moods.arff");
    Path with = dir.resolve("with.txt");
    assertEquals(0, CliRun.of("predict", "--model", model.toString(), "--data", moods.toString(), "--out", with.toString()).exitCode());
    Path alone = Files.createDirectory(dir.resolve("alone")).resolve("moods.arff");
    Files.copy(moods, alone);
    Path without = dir.resolve("without.txt");
    CliRun r = CliRun.of("predict", "--model", model.toString(), "--data", alone.toString(), "--out", without.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(Files.readString(with), Files.readString(without));
    assertEquals(0, CliRun.of("test", "--model", model.toString(), "--data", alone.toString()).exitCode());
    // a file whose attributes are not the model's labels is refused, naming the label
    Path scenes = arff("scenes", List.of("beach", "sunset", "field"), 10);
    Path other = dir.resolve("alone").resolve("scenes.arff");
    Files.copy(scenes, other);
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", other.toString(), "--out", dir.resolve("x").toString()),
        "label 'happy' (a saved model's label, no XML label file beside the data) is not an attribute of", "scenes.arff");
  }

  @Test
  void otherLabelNamesAreRefusedNamingBoth() throws IOException {
    Path scenes = arff("scenes", List.of("beach", "sunset", "field"), 10);
    Path out = dir.resolve("p.txt");
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", scenes.toString(), "--out", out.toString());
    assertRefused(p, scenes.toString(), model.toString(), "beach", "happy", "label id 0");
    assertFalse(Files.exists(out));
    CliRun t = CliRun.of("train", "--from", model.toString(), "--data", scenes.toString(), "--model", dir.resolve("m2").toString());
    assertRefused(t, scenes.toString(), model.toString(), "beach");
    assertFalse(Files.exists(dir.resolve("m2")));
  }

  /** ARFF data of the model's labels but its attributes in another order is refused by predict, test and train --from. */
  @Test
  void attributesInAnotherOrderAreRefused() throws IOException {
    Path moods = dir.resolve("moods.arff");
    Path swapped = dir.resolve("swapped.arff");
    Files.writeString(swapped, Files.readString(moods).replace("@attribute f0 numeric\n@attribute f1 numeric",
        "@attribute f1 numeric\n@attribute f0 numeric"));
    Files.copy(dir.resolve("moods.xml"), dir.resolve("swapped.xml"));
    String[] says = {"the features of " + swapped + " are not those the model " + model + " was trained on: the names of its first"
        + " 10 attributes differ (another data set, or its attributes in another order)"};
    Path out = dir.resolve("p.txt");
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", swapped.toString(), "--out", out.toString()), says);
    assertFalse(Files.exists(out));
    assertRefused(CliRun.of("test", "--model", model.toString(), "--data", swapped.toString()), says);
    assertRefused(CliRun.of("train", "--from", model.toString(), "--data", swapped.toString(), "--model",
        dir.resolve("m2").toString()), says);
    // a continuation on wider data of the same first attributes (new features: allowed) records their names: the data it
    // learned from fits
    Path wider = arff("moods-wider", List.of("happy", "sad", "calm"), 12);
    Path continued = dir.resolve("continued.model");
    assertEquals(0, CliRun.of("train", "--from", model.toString(), "--data", wider.toString(), "--model", continued.toString(),
        "--allow-new-features").exitCode());
    CliRun again = CliRun.of("test", "--model", continued.toString(), "--data", wider.toString());
    assertEquals(0, again.exitCode(), again.err());
    // the model's own attribute order, and a copy of the file, pass
    assertEquals(0, CliRun.of("test", "--model", model.toString(), "--data", moods.toString()).exitCode());
    assertEquals(0, CliRun.of("train", "--from", model.toString(), "--data", moods.toString(), "--model",
        dir.resolve("m3").toString()).exitCode());
  }

  /**
   * Train-then-test checks the test data against the training data as predict checks it against a model: other
   * label names are refused naming both files (emotions' training file and scene's test file both have six
   * labels), more features than the training file declares are refused unless --allow-new-features (then a warning), and
   * the same kind of data runs as before.
   */
  @Test
  void evaluateRefusesATestSetOfOtherLabelsOrMoreFeatures() throws IOException {
    Path moods = dir.resolve("moods.arff");
    Path scenes = arff("scenes", List.of("beach", "sunset", "field"), 10);
    CliRun e = CliRun.of("evaluate", "--learner", "falt", "--train", moods.toString(), "--test", scenes.toString());
    assertRefused(e, "the test data " + scenes, "the training data " + moods, "label id 0 is 'beach', not 'happy'");
    Path out = dir.resolve("experiment");
    CliRun x = CliRun.of("experiment", "--train", moods.toString(), "--test", scenes.toString(), "--learners", "falt", "--folds", "2",
        "--runs", "2", "--grid", "coarse", "--out", out.toString(), "--quiet");
    assertRefused(x, "the test data " + scenes, "label id 0 is 'beach', not 'happy'");
    Path wide = arff("wide", List.of("happy", "sad", "calm"), 120);
    // both declare d: more features are refused as for an ARFF model, or with --allow-new-features a warning
    assertRefused(CliRun.of("evaluate", "--learner", "falt", "--train", moods.toString(), "--test", wide.toString()),
        "the test data " + wide + " has 120 features, the training data " + moods + " has 10", "--allow-new-features");
    CliRun w = CliRun.of("evaluate", "--learner", "falt", "--train", moods.toString(), "--test", wide.toString(),
        "--allow-new-features");
    assertEquals(0, w.exitCode(), w.err());
    assertTrue(w.err().contains("the test data " + wide + " has 120 features, the training data " + moods + " has 10"), w.err());
    Path more = arff("moods-more", List.of("happy", "sad", "calm"), 10);
    CliRun same = CliRun.of("evaluate", "--learner", "falt", "--train", moods.toString(), "--test", more.toString());
    assertEquals(0, same.exitCode(), same.err());
    assertFalse(same.err().contains("same data set"), same.err());
    // the same labels over attributes in another order: every weight would meet another feature
    Path swapped = dir.resolve("moods-swapped.arff");
    Files.writeString(swapped, Files.readString(more).replace("@attribute f0 numeric\n@attribute f1 numeric",
        "@attribute f1 numeric\n@attribute f0 numeric"));
    Files.copy(dir.resolve("moods-more.xml"), dir.resolve("moods-swapped.xml"));
    CliRun order = CliRun.of("evaluate", "--learner", "falt", "--train", moods.toString(), "--test", swapped.toString());
    assertRefused(order, "the features of the test data " + swapped, "the training data " + moods,
        "feature id 0 is 'f1', not 'f0'; are the attributes in the same order?");
  }

  @Test
  void moreLabelsThanTheModelAreRefused() throws IOException {
    Path more = arff("more", List.of("happy", "sad", "calm", "angry"), 10);
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", more.toString()), more.toString(),
        "has 4 labels but the model " + model + " has 3");
    Path svm = dir.resolve("more.svm");
    Files.writeString(svm, "0 1:1\n# a comment\n3 2:1\n");
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", svm.toString(), "--out", dir.resolve("o").toString()),
        svm + ":3: label 3", model.toString());
    assertRefused(CliRun.of("train", "--from", model.toString(), "--data", svm.toString(), "--model", dir.resolve("m2").toString()),
        svm.toString(), "has 4 labels but the model");
  }

  /**
   * ARFF data that declares fewer labels than the model (the same names as far as they go) is refused by predict, test and
   * train --from, naming both files and the option that accepts it; with that option it is taken with one warning. A
   * LIBSVM file declares nothing: it may use fewer label and feature ids.
   */
  @Test
  void fewerDeclaredLabelsNeedAllowShapeMismatchAndLibSvmDataFit() throws IOException {
    Path fewer = arff("fewer", List.of("happy", "sad"), 10);
    for (String[] args : new String[][] {
      {"predict", "--model", model.toString(), "--data", fewer.toString()},
      {"test", "--model", model.toString(), "--data", fewer.toString()},
      {"train", "--from", model.toString(), "--data", fewer.toString(), "--model", dir.resolve("m2").toString()},
    }) {
      assertRefused(CliRun.of(args), fewer + " has 2 labels, the model " + model + " 3", "label ids up to 2",
          "give --allow-shape-mismatch");
    }
    assertFalse(Files.exists(dir.resolve("m2")));
    CliRun p = CliRun.of("predict", "--model", model.toString(), "--data", fewer.toString(), "--allow-shape-mismatch");
    assertEquals(0, p.exitCode(), p.err());
    assertEquals(6, p.out().lines().count());
    assertTrue(p.errLine().startsWith("alt: warning: " + fewer + " has 2 labels"), p.err());
    CliRun t = CliRun.of("train", "--from", model.toString(), "--data", fewer.toString(), "--model", dir.resolve("m2").toString(),
        "--allow-shape-mismatch");
    assertEquals(0, t.exitCode(), t.err());
    Path svm = dir.resolve("plain.svm");
    Files.writeString(svm, "0 1:1 10:2\n2 3:1\n");
    CliRun s = CliRun.of("predict", "--model", model.toString(), "--data", svm.toString());
    assertEquals(0, s.exitCode(), s.err());
    assertEquals("", s.err(), "LIBSVM has label ids, not names: nothing to compare");
  }

  /** d = 10: 2d + 100 = 120 features or more are refused, fewer are taken (a linear model has no weights for them). */
  @Test
  void manyMoreFeaturesNeedAllowNewFeatures() throws IOException {
    Path wide = arff("wide", List.of("happy", "sad", "calm"), 120);
    Path out = dir.resolve("p.txt");
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", wide.toString(), "--out", out.toString()),
        wide.toString(), "120 features", model.toString(), "trained on 10", "--allow-new-features");
    assertFalse(Files.exists(out));
    CliRun allowed = CliRun.of("predict", "--model", model.toString(), "--data", wide.toString(), "--out", out.toString(),
        "--allow-new-features");
    assertEquals(0, allowed.exitCode(), allowed.err());
    assertEquals(1, allowed.err().lines().count(), allowed.err());
    assertTrue(allowed.err().startsWith("alt: warning: " + wide + " has 120 features"), allowed.err());
    assertEquals(6, Files.readAllLines(out).size());

    // the model's d was declared (ARFF) and so is the data's: any more features are new ones
    Path bitWider = arff("bitwider", List.of("happy", "sad", "calm"), 11);
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", bitWider.toString()), bitWider + " has 11"
        + " features, the model " + model + " was trained on 10", "--allow-new-features");
    CliRun fine = CliRun.of("predict", "--model", model.toString(), "--data", bitWider.toString(), "--allow-new-features");
    assertEquals(0, fine.exitCode(), fine.err());
    assertTrue(fine.errLine().startsWith("alt: warning: " + bitWider + " has 11 features"), fine.err());

    Path svm = dir.resolve("wide.svm");
    Files.writeString(svm, "0 1:1\n1 120:1\n");
    assertRefused(CliRun.of("predict", "--model", model.toString(), "--data", svm.toString()), svm.toString(),
        "features up to 120");
    Path continued = dir.resolve("continued.model");
    assertRefused(CliRun.of("train", "--from", model.toString(), "--data", wide.toString(), "--model", continued.toString()),
        "--allow-new-features");
    CliRun t = CliRun.of("train", "--from", model.toString(), "--data", wide.toString(), "--model", continued.toString(),
        "--allow-new-features");
    assertEquals(0, t.exitCode(), t.err());
    assertTrue(t.err().startsWith("alt: warning: "), t.err());
    assertTrue(t.out().contains("(d = 120)"), t.out());
  }

  /** {@code NAME.arff} holding {@code text}, with the Mulan XML {@code NAME.xml} naming its labels happy and sad. */
  private Path happySadArff(String name, String text) throws IOException {
    Path arff = Files.writeString(dir.resolve(name + ".arff"), text);
    Files.writeString(dir.resolve(name + ".xml"), "<labels xmlns=\"http://mulan.sourceforge.net/labels\"><label name=\"happy\"/>"
        + "<label name=\"sad\"/></labels>");
    return arff;
  }

  /**
   * A model trained without an ARFF attribute (a string id) applies the same --ignore-attributes to the data
   * it predicts or continues on, which otherwise fails on the string attribute or shifts every feature.
   */
  @Test
  void theModelCarriesTheAttributesItIgnored() throws IOException {
    String header = "@relation ids\n@attribute id string\n@attribute happy {0,1}\n@attribute sad {0,1}\n"
        + "@attribute f1 numeric\n@attribute f2 numeric\n@data\n";
    Path ids = happySadArff("ids", header + "'a',1,0,1,2\n'b',0,1,-1,0\n'c',1,1,2,2\n");
    CliRun refused = CliRun.of("train", "--learner", "falt", "--data", ids.toString(), "--model", dir.resolve("x").toString());
    assertRefused(refused, ids.toString(), "string attribute 'id'", "--ignore-attributes id");
    Path idModel = dir.resolve("ids.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--ignore-attributes", "id", "--data", ids.toString(), "--model",
        idModel.toString()).exitCode());
    CliRun p = CliRun.of("predict", "--model", idModel.toString(), "--data", ids.toString());
    assertEquals(0, p.exitCode(), p.err());
    assertEquals(p.out(), CliRun.of("predict", "--model", idModel.toString(), "--ignore-attributes", "id", "--data",
        ids.toString()).out());
    assertRefused(CliRun.of("predict", "--model", idModel.toString(), "--ignore-attributes", "f1", "--data", ids.toString()),
        "--ignore-attributes f1 differs", "(id)");
    CliRun t = CliRun.of("train", "--from", idModel.toString(), "--data", ids.toString(), "--model",
        dir.resolve("more.model").toString());
    assertEquals(0, t.exitCode(), t.err());
  }

  /**
   * LIBSVM data cannot leave an attribute out by name: with a model trained without ARFF attributes, LIBSVM data with
   * more features than the model (it still has them: every feature after them would be shifted) is refused, and data
   * as {@code convert --ignore-attributes} writes it predicts as the ARFF file does, with a note.
   */
  @Test
  void libSvmDataForAModelThatIgnoredArffAttributesMustBeWithoutThem() throws IOException {
    String header = "@relation w\n@attribute happy {0,1}\n@attribute sad {0,1}\n@attribute f1 numeric\n"
        + "@attribute noise numeric\n@attribute f2 numeric\n@data\n";
    Path arff = happySadArff("w", header + "1,0,1,9,2\n0,1,-1,8,0\n1,1,2,7,2\n0,0,0.5,6,1\n");
    Path model = dir.resolve("w.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--ignore-attributes", "noise", "--data", arff.toString(), "--model",
        model.toString()).exitCode());
    Path whole = dir.resolve("whole.svm");
    assertEquals(0, CliRun.of("convert", arff.toString(), whole.toString()).exitCode());
    for (String[] args : new String[][] {
      {"predict", "--model", model.toString(), "--data", whole.toString()},
      {"test", "--model", model.toString(), "--data", whole.toString()},
      {"train", "--from", model.toString(), "--data", whole.toString(), "--model", dir.resolve("m2").toString()},
    }) {
      assertRefused(CliRun.of(args), whole.toString(), "more than the 2 the model", "without the ARFF"
          + " attributes noise", "alt convert --ignore-attributes noise");
    }
    Path without = dir.resolve("without.svm");
    assertEquals(0, CliRun.of("convert", "--ignore-attributes", "noise", arff.toString(), without.toString()).exitCode());
    CliRun fromLibSvm = CliRun.of("predict", "--model", model.toString(), "--data", without.toString());
    assertEquals(0, fromLibSvm.exitCode(), fromLibSvm.err());
    assertEquals(CliRun.of("predict", "--model", model.toString(), "--data", arff.toString()).out(), fromLibSvm.out());
    assertTrue(fromLibSvm.err().contains("is LIBSVM, whose features cannot be left out by name"), fromLibSvm.err());
  }

  /** --num-labels names itself when it is the problem: 0 is not "from the file", more than the model's is the option's. */
  @Test
  void numLabelsIsNamedWhenItIsTheProblem() throws IOException {
    Path data = SmallCorpus.write(SmallCorpus.generate(50, 5, 30, 5), 0, 30, dir.resolve("n.svm"));
    assertRefused(CliRun.of("train", "--learner", "falt", "--num-labels", "0", "--data", data.toString(), "--model",
        dir.resolve("z").toString()), "--num-labels must be >= 1 (leave it out to take the number from the file): 0");
    Path model = dir.resolve("n.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", data.toString(), "--model", model.toString()).exitCode());
    for (String command : new String[] {"predict", "test"}) {
      assertRefused(CliRun.of(command, "--model", model.toString(), "--num-labels", "8", "--data", data.toString()),
          "--num-labels 8 is more than the 5 labels of the model");
    }
    assertRefused(CliRun.of("train", "--from", model.toString(), "--num-labels", "8", "--data", data.toString(), "--model",
        dir.resolve("m2").toString()), "--num-labels 8 is more than the 5 labels of the model");
  }
}
