package org.altml.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command reads each input once: standard input ({@code -}) and FIFOs, which cannot be read twice,
 * work, and the run records hash what was read. A command that opened a FIFO a second time would block
 * on it, so each FIFO run is bounded by a timeout.
 */
class ReadOnceTest {
  private static final Duration LIMIT = Duration.ofSeconds(60);

  @TempDir Path dir;

  private Path train;
  private Path test;
  private byte[] trainBytes;

  @BeforeEach
  void writeData() throws IOException {
    Dataset all = SmallCorpus.generate(200, 5, 150, 61);
    train = SmallCorpus.write(all, 0, 100, dir.resolve("train.svm"));
    test = SmallCorpus.write(all, 100, 150, dir.resolve("test.svm"));
    trainBytes = Files.readAllBytes(train);
  }

  /** A FIFO at {@code name} that a background thread fills with {@code content} once a reader opens it. */
  private Path fifo(String name, byte[] content) throws IOException, InterruptedException {
    Path fifo = dir.resolve(name);
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, p.waitFor(), "mkfifo");
    Thread writer = new Thread(() -> {
      try {
        Files.write(fifo, content);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, "fifo-writer-" + name);
    writer.setDaemon(true);
    writer.start();
    return fifo;
  }

  private static CliRun bounded(Supplier<CliRun> run) {
    return assertTimeoutPreemptively(LIMIT, run::get, "a second open of a FIFO blocks: the input was read twice");
  }

  static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  @Test
  void evaluateOnFifosFinishesAndHashesWhatWasRead() throws Exception {
    Path trainFifo = fifo("train.fifo", trainBytes);
    Path testFifo = fifo("test.fifo", Files.readAllBytes(test));
    CliRun r = bounded(() -> CliRun.of("evaluate", "--learner", "falt", "--train", trainFifo.toString(), "--test",
        testFifo.toString(), "--json"));
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals(trainFifo.toString(), json.get("run.dataFiles[0].path"));
    assertEquals(sha256(trainBytes), json.get("run.dataFiles[0].sha256"));
    assertEquals(Integer.toString(trainBytes.length), json.get("run.dataFiles[0].bytes"));
    assertEquals(sha256(Files.readAllBytes(test)), json.get("run.dataFiles[1].sha256"));
    // the same numbers as from the regular files
    CliRun files = CliRun.of("evaluate", "--learner", "falt", "--train", train.toString(), "--test", test.toString(), "--json");
    assertEquals(Json.flatten(files.out()).get("metrics.f1"), json.get("metrics.f1"));
  }

  /** A pipe as training file: the model's provenance has the SHA-256 of the content that came through it. */
  @Test
  void trainFromAPipeRecordsTheHashOfItsContent() throws Exception {
    Path fifo = fifo("train.fifo", trainBytes);
    Path model = dir.resolve("m.model");
    CliRun r = bounded(() -> CliRun.of("train", "--learner", "pa1", "--data", fifo.toString(), "--model", model.toString()));
    assertEquals(0, r.exitCode(), r.err());
    SavedModel saved = ModelIo.read(model);
    assertEquals(fifo.toString(), saved.provenance().get("data"));
    assertEquals(sha256(trainBytes), saved.provenance().get("dataSha256"));
    assertEquals(Integer.toString(trainBytes.length), saved.provenance().get("dataBytes"));

    CliRun stdin = CliRun.withInput(trainBytes, "train", "--learner", "pa1", "--data", "-", "--model", model.toString());
    assertEquals(0, stdin.exitCode(), stdin.err());
    assertEquals("<stdin>", ModelIo.read(model).provenance().get("data"));
    assertEquals(sha256(trainBytes), ModelIo.read(model).provenance().get("dataSha256"));
  }

  /**
   * A regular ARFF file whose Mulan label file comes through a FIFO or standard input: the label file is read
   * once (the JIT warm-up, which peeks at a regular data file, leaves such a label file alone).
   */
  @Test
  void aLabelFileThroughAPipeIsReadOnce() throws Exception {
    Path fixtures = Path.of(ReadOnceTest.class.getResource("/corpus/fixtures/good.arff").toURI()).getParent();
    Path arff = Files.copy(fixtures.resolve("good.arff"), dir.resolve("d.arff"));
    byte[] xml = Files.readAllBytes(fixtures.resolve("good.xml"));
    Path model = dir.resolve("x.model");
    Path xmlFifo = fifo("labels.fifo", xml);
    CliRun r = bounded(() -> CliRun.of("train", "--learner", "falt", "--data", arff.toString(), "--labels-xml",
        xmlFifo.toString(), "--model", model.toString()));
    assertEquals(0, r.exitCode(), r.err());
    CliRun stdin = CliRun.withInput(xml, "train", "--learner", "falt", "--data", arff.toString(), "--labels-xml", "-",
        "--model", model.toString());
    assertEquals(0, stdin.exitCode(), stdin.err());
  }

  /** LIBSVM declares no L: prequential loads the examples once instead of a first pass for L. */
  @Test
  void prequentialReadsAFifoOnce() throws Exception {
    Path fifo = fifo("stream.fifo", trainBytes);
    CliRun r = bounded(() -> CliRun.of("prequential", "--learner", "falt", "--data", fifo.toString(), "--json"));
    assertEquals(0, r.exitCode(), r.err());
    Map<String, String> json = Json.flatten(r.out());
    assertEquals("100", json.get("examples"));
    assertEquals(sha256(trainBytes), json.get("run.dataFiles[0].sha256"));
    CliRun file = CliRun.of("prequential", "--learner", "falt", "--data", train.toString(), "--json");
    assertEquals(Json.flatten(file.out()).get("metrics.f1"), json.get("metrics.f1"));
    assertEquals(Json.flatten(file.out()).get("runKey"), json.get("runKey"), "same content, same run");
  }

  /**
   * Stopped early by --max-examples, a regular file is hashed whole (it is still there), standard input is
   * recorded by name with no hash (what was not read cannot be hashed).
   */
  @Test
  void prequentialStoppedEarly() throws Exception {
    CliRun file = CliRun.of("prequential", "--learner", "falt", "--data", train.toString(), "--num-labels", "5",
        "--max-examples", "10", "--json");
    assertEquals(0, file.exitCode(), file.err());
    assertEquals(sha256(trainBytes), Json.flatten(file.out()).get("run.dataFiles[0].sha256"));
    CliRun stdin = CliRun.withInput(trainBytes, "prequential", "--learner", "falt", "--data", "-", "--max-examples", "10",
        "--json");
    assertEquals(0, stdin.exitCode(), stdin.err());
    Map<String, String> json = Json.flatten(stdin.out());
    assertEquals("10", json.get("examples"));
    assertEquals("<stdin>", json.get("run.dataFiles[0].path"));
    assertEquals("", json.get("run.dataFiles[0].sha256"));
  }

  @Test
  void predictStatsAndConvertReadStandardInputAndFifos() throws Exception {
    Path model = dir.resolve("m.model");
    assertEquals(0, CliRun.of("train", "--learner", "falt", "--data", train.toString(), "--model", model.toString()).exitCode());
    byte[] testBytes = Files.readAllBytes(test);
    String expected = CliRun.of("predict", "--model", model.toString(), "--data", test.toString()).out();
    assertEquals(50, expected.lines().count());
    assertEquals(expected, CliRun.withInput(testBytes, "predict", "--model", model.toString(), "--data", "-").out());
    Path fifo = fifo("test.fifo", testBytes);
    assertEquals(expected, bounded(() -> CliRun.of("predict", "--model", model.toString(), "--data", fifo.toString())).out());
    // the model from standard input
    assertEquals(expected,
        CliRun.withInput(Files.readAllBytes(model), "predict", "--model", "-", "--data", test.toString()).out());

    CliRun stats = CliRun.withInput(trainBytes, "stats", "--json", "-");
    assertEquals(0, stats.exitCode(), stats.err());
    assertTrue(stats.out().contains("\"name\" : \"<stdin>\"") && stats.out().contains("\"instances\" : 100"), stats.out());

    Path converted = dir.resolve("converted.svm");
    CliRun convert = CliRun.withInput(trainBytes, "convert", "-", converted.toString());
    assertEquals(0, convert.exitCode(), convert.err());
    assertEquals(DataFiles.read(train).size(), DataFiles.read(converted).size());
  }

  /** TRAIN and TEST the same file, or both '-': read once, used for both, with a warning. */
  @Test
  void theSameInputAsTrainAndTestIsReadOnce() throws Exception {
    CliRun stdin = CliRun.withInput(trainBytes, "evaluate", "--learner", "falt", "--train", "-", "--test", "-", "--json");
    assertEquals(0, stdin.exitCode(), stdin.err());
    assertEquals("100", Json.flatten(stdin.out()).get("testExamples"));
    assertTrue(stdin.err().contains("alt: warning: the test data <stdin> is the training data <stdin> (the same input)"),
        stdin.err());
    Path fifo = fifo("both.fifo", trainBytes);
    CliRun both = bounded(() -> CliRun.of("evaluate", "--learner", "falt", "--train", fifo.toString(), "--test",
        fifo.toString(), "--json"));
    assertEquals(0, both.exitCode(), both.err());
    assertEquals(Json.flatten(stdin.out()).get("metrics.f1"), Json.flatten(both.out()).get("metrics.f1"));
  }

  @Test
  void arffFromStandardInputTakesItsLabelsFromOptions() throws Exception {
    String arff = "@relation r\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n@attribute f1 numeric\n@data\n1,0,0.5\n0,1,-1\n";
    CliRun r = CliRun.withInput(arff.getBytes(StandardCharsets.UTF_8), "stats", "--labels-first", "2", "--json", "-");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("\"labels\" : 2") && r.out().contains("\"features\" : 1"), r.out());
  }

  /** A UTF-8 byte order mark is skipped, on standard input too; UTF-16 is refused at line 1 (the corpus). */
  @Test
  void aUtf8ByteOrderMarkIsSkipped() throws Exception {
    byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
    byte[] withBom = new byte[bom.length + trainBytes.length];
    System.arraycopy(bom, 0, withBom, 0, bom.length);
    System.arraycopy(trainBytes, 0, withBom, bom.length, trainBytes.length);
    Path file = dir.resolve("bom.svm");
    Files.write(file, withBom);
    String expected = CliRun.of("stats", "--json", train.toString()).out().replace("train.svm", "bom.svm");
    assertEquals(expected, CliRun.of("stats", "--json", file.toString()).out());
    assertEquals(expected.replace("bom.svm", "<stdin>"), CliRun.withInput(withBom, "stats", "--json", "-").out());
  }
}
