package org.altml.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alt flink run --test}: the test files' declared shape must fit the training files' (DataFit's rule, the model
 * being the training data), where either side declares it (an ARFF header; LIBSVM only by --num-labels), unless
 * --allow-shape-mismatch; before the job. Before, the first ARFF header's L and label names were taken in silence (a
 * --num-labels for the LIBSVM data dropped) and the test records scored with exit 0.
 */
class RunTestShapeTest {
  @TempDir Path dir;

  /** An ARFF file of three features and labels {@code labels}, ten examples. */
  private Path arff(String name, String... labels) throws Exception {
    StringBuilder b = new StringBuilder("@relation r\n@attribute f1 numeric\n@attribute f2 numeric\n@attribute f3 numeric\n");
    for (String l : labels) {
      b.append("@attribute ").append(l).append(" {0,1}\n");
    }
    b.append("@data\n");
    for (int i = 0; i < 10; i++) {
      b.append(i % 3).append(',').append(i % 2).append(",0.5");
      for (int l = 0; l < labels.length; l++) {
        b.append(',').append((i + l) % 2);
      }
      b.append('\n');
    }
    return Files.writeString(dir.resolve(name), b);
  }

  private static String[] run(Path data, Path test, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "--mode", "parallel", "--learner", "falt", "--data", data.toString(),
        "--test", test.toString(), "--checkpoint-ms", "0", "--no-predictions", "--labels-last", "2"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void testFilesOfAnotherDeclaredShapeAreRefusedUnlessAccepted() throws Exception {
    Path svm = Files.writeString(dir.resolve("train.svm"), "0 1:1 3:0.5\n1 2:1\n0,1 1:0.5 2:1\n");
    Path named = arff("named.arff", "up", "high");
    // label names against the LIBSVM training data's ids
    String refused = FlinkMainTest.executeWithErr(2, run(svm, named, "--num-labels", "2"));
    assertTrue(refused.contains("the labels of the test data " + named + " have names (up, high), those of the training data "
        + svm + " (--num-labels 2) are ids only") && refused.contains("are they the same data set? (if this data is meant,"
        + " give --allow-shape-mismatch)"), refused);
    String accepted = FlinkMainTest.executeWithErr(0, run(svm, named, "--num-labels", "2", "--allow-shape-mismatch"));
    assertTrue(accepted.contains("alt flink: warning: the labels of the test data " + named + " have names"), accepted);
    // --num-labels of the LIBSVM training data against the L an ARFF test file declares (it was dropped for the header's)
    Path ids = arff("ids.arff", "0", "1");
    String fewer = FlinkMainTest.executeWithErr(2, run(svm, ids, "--num-labels", "5"));
    assertTrue(fewer.contains("the test data " + ids + " has 2 labels, the training data " + svm + " (--num-labels 5) 5"), fewer);
    // and the other way round: ARFF training data, LIBSVM test data declared of more labels
    Path test = Files.writeString(dir.resolve("test.svm"), "0 1:1\n1 2:1\n");
    String more = FlinkMainTest.executeWithErr(2, run(ids, test, "--num-labels", "3"));
    assertTrue(more.contains("the test data " + test + " (--num-labels 3) has 3 labels, the training data " + ids + " 2"), more);
    // the same shape fits: ARFF labels named by their ids and LIBSVM of that L, without a word
    String fits = FlinkMainTest.executeWithErr(0, run(svm, ids, "--num-labels", "2"));
    assertFalse(fits.contains("warning"), fits);
  }

  /**
   * A LIBSVM test file declares nothing, but its records may not use feature ids beyond the ARFF training data's d: bad
   * records, as those with labels beyond its L, unless --allow-new-features (they were scored in silence).
   */
  @Test
  void libSvmTestRecordsBeyondTheArffTrainingFeaturesAreBad() throws Exception {
    Path train = arff("train.arff", "0", "1");
    Path test = Files.writeString(dir.resolve("test.svm"), "0 1:1 3:0.5\n1 2:1 7:1\n");
    Path out = dir.resolve("out");
    FlinkMainTest.executeWithErr(0, run(train, test, "--out", out.toString()));
    List<String> bad = Files.readAllLines(out.resolve("bad-records.jsonl"));
    assertEquals(1, bad.size(), bad.toString());
    assertTrue(bad.get(0).contains("feature index beyond the declared 3 features"), bad.get(0));
    Path allowed = dir.resolve("allowed");
    FlinkMainTest.executeWithErr(0, run(train, test, "--out", allowed.toString(), "--allow-new-features"));
    assertFalse(Files.exists(allowed.resolve("bad-records.jsonl")) && !Files.readString(allowed.resolve("bad-records.jsonl"))
        .isEmpty(), "no bad record");
  }

  @Test
  void theOptionsAreForTestFiles() throws Exception {
    Path svm = Files.writeString(dir.resolve("train.svm"), "0 1:1\n1 2:1\n");
    String keyed = FlinkMainTest.executeWithErr(2, "run", "--mode", "keyed", "--learner", "falt", "--data", svm.toString(),
        "--num-labels", "2", "--allow-shape-mismatch");
    assertTrue(keyed.contains("--allow-shape-mismatch is for --mode parallel"), keyed);
    String noTest = FlinkMainTest.executeWithErr(2, "run", "--mode", "parallel", "--learner", "falt", "--data", svm.toString(),
        "--num-labels", "2", "--allow-new-features");
    assertTrue(noTest.contains("--allow-new-features is for --test FILE"), noTest);
  }
}
