package org.altml.cli.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.altml.cli.options.DataOptions;
import org.altml.cli.output.CliOutput;
import org.altml.cli.output.Progress;
import org.altml.core.eval.JitWarmup;
import org.altml.core.eval.RunRecord;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.Settings;
import org.altml.core.model.DataFit;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.DatasetBuilder;
import org.altml.sparse.data.DatasetStats;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.OutputPaths;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.arff.MulanLabels;
import org.altml.sparse.io.files.DataFiles;
import org.altml.sparse.io.libsvm.LibSvmWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one place where the CLI reads and writes data files: it maps {@link DataOptions} onto the
 * library's {@link ReadOptions} and calls {@link DataFiles}. Commands never touch readers directly, so
 * a change in the I/O API is absorbed here.
 *
 * <p>Every input is read once ({@code -}, FIFOs and process substitution work): the run records take the
 * SHA-256 the readers computed while parsing ({@link ReadOptions#withInputHashing}), never a second read.
 */
public final class DataLoading {
  private DataLoading() {}

  /**
   * The library's read options for these command-line options.
   *
   * @throws IllegalArgumentException naming the option for a negative count, or both label positions
   */
  public static ReadOptions readOptions(DataOptions options) {
    ReadOptions r = ReadOptions.defaults().withZeroBased(options.zeroBased).withWarnings(new ReadWarnings(options.err(), null));
    if (options.numLabels != null) {
      if (options.numLabels < 1) {
        // 0 would declare data without labels, which the file's own count never exceeds by less: not "take it from the file"
        throw new IllegalArgumentException("--num-labels must be >= 1 (leave it out to take the number from the file): "
            + options.numLabels);
      }
      r = r.withNumLabels(options.numLabels);
    }
    if (options.labelsXml != null) {
      r = r.withLabelFile(options.labelsXml);
    }
    if (options.labelsLast != null && options.labelsFirst != null) {
      throw new IllegalArgumentException("give --labels-first or --labels-last, not both");
    }
    if (options.labelsXml != null && (options.labelsLast != null || options.labelsFirst != null)) {
      // the XML names the label attributes, the counts place them: one of the two says where the labels are
      throw new IllegalArgumentException("give --labels-xml or " + (options.labelsLast != null ? "--labels-last" : "--labels-first")
          + ", not both: each says which attributes are the labels");
    }
    if (options.labelsLast != null) {
      r = r.withLabelsLast(atLeastZero("--labels-last", options.labelsLast));
    }
    if (options.labelsFirst != null) {
      r = r.withLabelsFirst(atLeastZero("--labels-first", options.labelsFirst));
    }
    if (!options.ignoreAttributes.isEmpty()) {
      String[] ignored = options.ignoreAttributes.stream().map(String::strip).toArray(String[]::new);
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String a : ignored) {
        if (!seen.add(a)) {
          throw new IllegalArgumentException("--ignore-attributes names " + a + " twice");
        }
      }
      r = r.withIgnoredAttributes(ignored);
    }
    return r;
  }

  private static int atLeastZero(String option, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(option + " must be >= 0: " + value);
    }
    return value;
  }

  /** The name of a file in one-line reports: its file name, or {@code <stdin>} for {@code -}. */
  public static String shortName(Path file) {
    Path name = file.getFileName();
    return DataFiles.isStandardInput(file) || name == null ? DataFiles.displayName(file) : name.toString();
  }

  /** Longest a JIT warm-up runs on its own (it normally stops when the data it overlaps is read). */
  private static final long WARMUP_NANOS = 3_000_000_000L;

  /**
   * A JIT warm-up of {@code settings} for {@code numLabels} labels on examples shaped like {@code like}'s
   * (their width and mean number of non-zeros; null: not known yet), to run while the caller reads data ({@link JitWarmup}); off when the
   * system property {@code alt.jit.warmup} is {@code false} (e.g. {@code ALT_JAVA_OPTS=-Dalt.jit.warmup=false}).
   * Close it before the timed pass starts.
   */
  public static JitWarmup warmup(Settings settings, int numLabels, Dataset like) {
    if (!Boolean.parseBoolean(System.getProperty("alt.jit.warmup", "true")) || numLabels < 1) {
      return null;
    }
    int nnz = meanNonZeros(like);
    return JitWarmup.start(settings, numLabels, nnz, like == null ? 0 : like.numFeatures(), WARMUP_NANOS);
  }

  /**
   * The JIT warm-up of a command about to read {@code file}: shaped by {@code --num-labels} when given, else by
   * the file's first examples ({@link #warmupFromFirstExamples}); null when neither can be had.
   */
  public static JitWarmup warmupBeforeReading(Settings settings, Path file, DataOptions options) {
    return options.numLabels != null ? warmup(settings, options.numLabels, null) : warmupFromFirstExamples(settings, file, options);
  }

  /** Examples a warm-up's shape is guessed from when the data is not read yet. */
  private static final int PEEK_EXAMPLES = 256;

  /**
   * A JIT warm-up started before {@code file} is read, shaped by its first {@value #PEEK_EXAMPLES} examples
   * (the labels seen so far stand in for L: the warm-up only needs the learner's code paths, not its result);
   * null when off, when the file or its {@code --labels-xml} cannot be peeked at (standard input, a pipe or
   * FIFO, which must be read once; a read error: the real read reports it) or holds no labels yet. Results never depend on it.
   */
  private static JitWarmup warmupFromFirstExamples(Settings settings, Path file, DataOptions options) {
    if (!Boolean.parseBoolean(System.getProperty("alt.jit.warmup", "true")) || !readableTwice(file)
        || (options.labelsXml != null && !readableTwice(options.labelsXml))) {
      return null; // the label file is read when an ARFF file opens: it too must survive a second read
    }
    int maxLabel = -1;
    int maxFeature = -1;
    long nnz = 0;
    int n = 0;
    try (ExampleStream stream = DataFiles.open(file, readOptions(options))) {
      while (n < PEEK_EXAMPLES && stream.advance()) {
        SparseVector x = stream.features();
        maxLabel = Math.max(maxLabel, stream.labels().maxLabel());
        maxFeature = Math.max(maxFeature, x.maxIndex());
        nnz += x.nnz();
        n++;
      }
    } catch (IOException | RuntimeException e) {
      return null; // the real read reports what is wrong with the file
    }
    if (n == 0 || maxLabel < 0) {
      return null;
    }
    int meanNnz = (int) Math.max(1, Math.round((double) nnz / n));
    return JitWarmup.start(settings, maxLabel + 1, meanNnz, maxFeature + 1, WARMUP_NANOS);
  }

  /** A regular file, not standard input, a pipe or a FIFO: peeking at it leaves it for the real read. */
  private static boolean readableTwice(Path file) {
    return !DataFiles.isStandardInput(file) && Files.isRegularFile(file);
  }

  /** Whether {@code data} is dense enough for the warm-up to take its shape (a warm-up started before it was read did not). */
  public static boolean warmsDense(Dataset data) {
    return JitWarmup.isDense(meanNonZeros(data), data.numFeatures());
  }

  private static int meanNonZeros(Dataset like) {
    return like == null || like.size() == 0 ? 32 : (int) Math.max(1, Math.round((double) like.totalNonZeros() / like.size()));
  }

  /**
   * Threads a LIBSVM file is parsed on ahead of the command ({@link ReadOptions#withParseThreads}): every
   * core. The examples, their order, the errors and the digests do not depend on it.
   */
  public static int parseThreads() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** Reads a whole data file into memory. */
  public static Dataset read(Path file, DataOptions options) throws IOException {
    return DataFiles.read(file, readOptions(options).withParseThreads(parseThreads()));
  }

  /**
   * Reads a whole data file into memory, hashing it as it is read (for the run record), with a progress
   * bar over its bytes when {@code progress} is shown and the file is a regular one.
   */
  public static Dataset readHashed(Path file, DataOptions options, Progress progress) throws IOException {
    ReadOptions r = above(readOptions(options).withInputHashing(true).withParseThreads(parseThreads()), progress);
    if (!measurable(file, progress)) {
      return DataFiles.read(file, r);
    }
    return DataFiles.read(countingBytes(file, progress), file, r);
  }

  /**
   * Opens a stream over a data file, with a progress bar over its bytes when {@code progress} is shown and
   * the file is a regular one.
   */
  public static ExampleStream open(Path file, ReadOptions options, Progress progress) throws IOException {
    options = above(options, progress);
    if (!measurable(file, progress)) {
      return DataFiles.open(file, options);
    }
    return DataFiles.open(countingBytes(file, progress), file, options);
  }

  /** {@code options} with the command's reader warnings printed above {@code progress}'s bar. */
  private static ReadOptions above(ReadOptions options, Progress progress) {
    return options.warnings() instanceof ReadWarnings w ? options.withWarnings(w.through(progress)) : options;
  }

  /** Whether reading {@code file} can show how far it got: a regular file's size is known. */
  private static boolean measurable(Path file, Progress progress) {
    return progress.shown() && !DataFiles.isStandardInput(file) && Files.isRegularFile(file);
  }

  private static InputStream countingBytes(Path file, Progress progress) throws IOException {
    progress.start("reading " + file.getFileName(), Files.size(file), true);
    return progress.counting(Files.newInputStream(file));
  }

  /**
   * The first {@code limit} examples of {@code stream} in memory (the stream is left where they end),
   * with the dimensions the stream declares or, when it declares none, those of the examples.
   */
  public static Dataset load(ExampleStream stream, String name, long limit) throws IOException {
    DatasetBuilder builder = new DatasetBuilder().name(name);
    if (stream.numFeatures() >= 0) {
      builder.numFeatures(stream.numFeatures());
    }
    if (stream.numLabels() >= 0) {
      builder.numLabels(stream.numLabels());
    }
    for (long n = 0; n < limit && stream.advance(); n++) {
      builder.add(stream.features(), stream.labels());
    }
    return builder.build();
  }

  /** Statistics of a data file in one streaming pass (the file is never loaded whole). */
  public static DatasetStats stats(Path file, DataOptions options, Map<String, Boolean> formats) throws IOException {
    try (ExampleStream s = DataFiles.open(file, readOptions(options))) {
      formats.put(DataFiles.displayName(file), s instanceof org.altml.sparse.io.arff.ArffReader);
      return DatasetStats.of(s);
    }
  }

  /** Statistics of an in-memory dataset. */
  public static DatasetStats stats(Dataset data) {
    return DatasetStats.of(data);
  }

  /**
   * Writes {@code data} to {@code out} (format by file name: {@code .arff} with its Mulan XML beside it,
   * else LIBSVM; {@code .gz} compresses), or as LIBSVM to standard output for {@code -}. {@link
   * DataFiles#write} goes through {@link org.altml.sparse.io.AtomicOutput}, so {@code out} never exists
   * half-written and an existing {@code out} is left untouched on failure.
   */
  public static void write(Dataset data, Path out, CommandSpec spec) throws IOException {
    if (!CliOutput.isStandardOutput(out)) {
      DataFiles.write(data, out);
      return;
    }
    try (CliOutput stdout = CliOutput.open(spec, out); ExampleStream s = data.stream()) {
      LibSvmWriter.write(s, stdout.stream());
      stdout.commit();
    }
  }

  /**
   * What a report of writing {@code data} to {@code out} must add when the file cannot hold the data's shape: LIBSVM
   * keeps no d or L, so read back it has the largest feature index and label written, which may be fewer (genbase's
   * 1,185 features read back as 1,176; 50 labels asked of {@code generate}, 48 drawn). Empty when nothing is lost.
   */
  public static String shapeNote(Dataset data, Path out) {
    if (!CliOutput.isStandardOutput(out) && DataFiles.formatOf(out, ReadOptions.defaults()) == org.altml.sparse.io.DataFormat.ARFF) {
      return ""; // ARFF declares every attribute
    }
    int d = 0;
    int l = 0;
    SparseVector x = new SparseVector();
    org.altml.sparse.LabelSet y = new org.altml.sparse.LabelSet();
    for (int i = 0; i < data.size(); i++) {
      d = Math.max(d, data.features(i, x).maxIndex() + 1);
      l = Math.max(l, data.labels(i, y).maxLabel() + 1);
    }
    if (d == data.numFeatures() && l == data.numLabels()) {
      return "";
    }
    return "; LIBSVM keeps no shape: read back, the file has " + d + " features and " + l + " labels"
        + (l < data.numLabels() ? " unless read with --num-labels " + data.numLabels() : "");
  }

  /**
   * {@code data} with {@code numLabels} labels (label names padded with their indices), or {@code data}
   * itself when it already has that many; features are kept as they are.
   *
   * @throws IllegalArgumentException if a label of {@code data} does not fit
   */
  public static Dataset withLabels(Dataset data, int numLabels) {
    return data.numLabels() == numLabels ? data : data.withDimensions(data.numFeatures(), numLabels);
  }

  /**
   * Checks that the test data is of the training data's kind, before a train-then-test run: ARFF label names must
   * match position by position ({@link DataFit#checkLabelNames}; an error, since every metric would compare other
   * labels), so must ARFF feature names (else every weight would meet another feature); the shapes the two declare must
   * fit, in either direction ({@link DataFit#testMisfits}: the training data stands where a model stands), unless
   * {@code allowed} accepts it (then a warning); and a LIBSVM test set with many more features than a LIBSVM training set
   * (d' &gt;= 2d + {@value DataFit#FEATURE_SLACK}) gets a warning ({@link ModelFit#NEW_FEATURES}; neither declares d).
   *
   * @throws IllegalArgumentException naming both files when the label or feature names differ, or a shape misfit is not
   *     accepted
   */
  public static void checkTestLikeTraining(Dataset train, Path trainFile, Dataset test, Path testFile, ShapeFit.Allowed allowed,
      Progress progress) {
    String trainName = DataFiles.displayName(trainFile);
    String testName = DataFiles.displayName(testFile);
    DataFit.checkLabelNames(train.labelNames(), "the training data " + trainName, "the test data " + testName, test.labelNames(),
        DataFit.SAME_DATA);
    int f = train.firstFeatureNameDifference(test);
    if (f >= 0) {
      throw new IllegalArgumentException("the features of the test data " + testName + " are not those of the training data "
          + trainName + ": feature id " + f + " is '" + test.featureNames().get(f) + "', not '" + train.featureNames().get(f)
          + "'; are the attributes in the same order?");
    }
    ShapeFit.Shape own = ShapeFit.Shape.of(train, "the training data " + trainName);
    ShapeFit.Shape other = ShapeFit.Shape.of(test, "the test data " + testName);
    ModelFit.accept(DataFit.testMisfits(own, other), allowed, progress);
    int d = train.numFeatures();
    if (!own.declared() && !other.declared() && DataFit.manyMoreFeatures(test.numFeatures(), d)) {
      progress.warn("the test data " + testName + " has " + test.numFeatures() + " features, the training data " + trainName + " "
          + d + ": are they the same data set? (" + ModelFit.NEW_FEATURES + ")");
    }
  }

  /**
   * Refuses data options typed for a format none of the command's inputs has, which would be ignored without a word:
   * {@code --zero-based} when every input is ARFF; {@code --labels-xml}, {@code --labels-last}, {@code --labels-first} or
   * {@code --ignore-attributes} (typed, not a model's) when every input is LIBSVM. One set of options serves every input
   * of a command, so a command reading both formats may give both kinds.
   *
   * @param inputs each input's name in messages, with whether it was read as ARFF
   */
  public static void checkFormatOptions(DataOptions o, Map<String, Boolean> inputs) {
    String arff = null;
    String libSvm = null;
    for (Map.Entry<String, Boolean> e : inputs.entrySet()) {
      if (e.getValue() && arff == null) {
        arff = e.getKey();
      } else if (!e.getValue() && libSvm == null) {
        libSvm = e.getKey();
      }
    }
    if (o.zeroBased && libSvm == null && arff != null) {
      throw new IllegalArgumentException(arff + " is ARFF data, and zero-based indexing (--zero-based) is a LIBSVM option");
    }
    if (arff == null && libSvm != null) {
      String option = o.labelsXml != null ? "a label file (--labels-xml FILE)"
          : o.labelsLast != null ? "the labels-last count (--labels-last N)"
          : o.labelsFirst != null ? "the labels-first count (--labels-first N)"
          : !o.ignoreAttributes.isEmpty() && !o.ignoreAttributesFromModel ? "ignoring attributes (--ignore-attributes NAME|INDEX)"
          : null;
      if (option != null) {
        throw new IllegalArgumentException(libSvm + " is LIBSVM data, whose lines list their labels, and " + option
            + " is an ARFF option");
      }
    }
  }

  /** {@link #checkFormatOptions(DataOptions, Map)} for one input read whole: ARFF data names its features. */
  public static void checkFormatOptions(DataOptions o, Path file, Dataset data) {
    checkFormatOptions(o, Map.of(DataFiles.displayName(file), isArff(data)));
  }

  /** {@link #checkFormatOptions(DataOptions, Map)} for one input read as a stream: an ARFF stream is an ArffReader. */
  public static void checkFormatOptions(DataOptions o, Path file, ExampleStream stream) {
    checkFormatOptions(o, Map.of(DataFiles.displayName(file), stream instanceof org.altml.sparse.io.arff.ArffReader));
  }

  /** {@link #checkFormatOptions(DataOptions, Map)} for a training and a test set read whole. */
  public static void checkFormatOptions(DataOptions o, Path trainFile, Dataset train, Path testFile, Dataset test) {
    Map<String, Boolean> formats = new java.util.LinkedHashMap<>();
    formats.put(DataFiles.displayName(trainFile), isArff(train));
    formats.put(DataFiles.displayName(testFile), isArff(test));
    checkFormatOptions(o, formats);
  }

  /**
   * Whether {@code data} was read from ARFF: its attributes name its features (LIBSVM's have no names), or, with no
   * feature at all (an ARFF file of labels only, or every feature ignored), they name its labels otherwise than
   * LIBSVM's label ids 0, 1, ... (it was taken for LIBSVM, and its ARFF options refused).
   */
  public static boolean isArff(Dataset data) {
    return DataFit.declaresShape(data);
  }

  /**
   * What to warn when the test data is the training data (the same input, or the same bytes by SHA-256), else null:
   * the metrics then measure how well the model fits its data, not how well it generalizes.
   *
   * @param sameInput whether the two are known to be one input (one file, or standard input read once)
   */
  public static String testIsTraining(Path trainFile, Path testFile, boolean sameInput, Dataset train, Dataset test)
      throws IOException {
    InputDigest a = dataDigest(train.inputDigests());
    InputDigest b = dataDigest(test.inputDigests());
    boolean sameFile = sameInput || OutputPaths.sameFile(trainFile, testFile);
    if (!sameFile && !a.sha256().equals(b.sha256())) {
      return null;
    }
    return "the test data " + DataFiles.displayName(testFile) + " is the training data " + DataFiles.displayName(trainFile)
        + (sameFile ? " (the same input)" : " (the same content, SHA-256 " + b.sha256().substring(0, 12) + "...)")
        + ": the metrics measure how well the model fits it, not how well it generalizes";
  }

  /**
   * {@code numLabels}, the L of data read from {@code file}, for a learner, which needs at least one label.
   *
   * @throws IllegalArgumentException naming the file when L is 0 (a label file naming no label, LIBSVM
   *     without any label, --num-labels 0)
   */
  public static int requireLabels(int numLabels, Path file, DataOptions options) {
    if (numLabels < 1) {
      throw new IllegalArgumentException(DataFiles.displayName(file) + " has no labels (L = 0"
          + (options.labelsXml != null ? ": the label file " + DataFiles.displayName(options.labelsXml) + " names none" : "")
          + "), and a learner needs at least one: check the label file or the --labels-* options, or give --num-labels");
    }
    return numLabels;
  }

  /**
   * What to say when L comes from the largest label id of LIBSVM data (no {@code --num-labels}, no input that declares
   * L), else null: a label that none of the files used is not one of the model's, and data that has it is refused
   * later (a test file, {@code alt predict}).
   *
   * @param numLabels the L inferred
   * @param inputs the files L was inferred from, each with its data
   */
  public static String inferredLabels(DataOptions options, int numLabels, Map<Path, Dataset> inputs) {
    if (options.numLabels != null || inputs.values().stream().anyMatch(DataLoading::isArff)) {
      return null;
    }
    List<String> names = inputs.keySet().stream().map(DataFiles::displayName).distinct().toList();
    return "L = " + numLabels + " inferred from the largest label id in " + String.join(" and ", names) + "; give --num-labels L"
        + " if the data has more labels" + (numLabels > 1 && !anyHasLabelZero(inputs.values()) ? "; no example has label 0:"
        + " LIBSVM label ids start at 0, so if the labels of the data start at 1, each is one too high and label 0 is a label"
        + " of no example, which the macro metrics count (write them from 0)" : "");
  }

  /** Whether an example of {@code data} has the label id 0. */
  private static boolean anyHasLabelZero(java.util.Collection<Dataset> data) {
    org.altml.sparse.LabelSet y = new org.altml.sparse.LabelSet();
    for (Dataset d : data) {
      for (int i = 0; i < d.size(); i++) {
        if (d.labels(i, y).contains(0)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The files a run read, as its record lists them: each dataset's label file (if any) and data file, hashed as read. */
  public static List<RunRecord.DataFile> dataFiles(Dataset... data) {
    List<RunRecord.DataFile> files = new ArrayList<>();
    for (Dataset d : data) {
      files.addAll(RunRecord.DataFile.of(d.inputDigests()));
    }
    return files;
  }

  /** The digest of the data file itself among a reader's digests (the label file comes first). */
  public static InputDigest dataDigest(List<InputDigest> digests) {
    return digests.isEmpty() ? null : digests.get(digests.size() - 1);
  }

  /**
   * The files a stream read, for its run record, once the run is over. At the end of the stream: the
   * digests computed while reading. Stopped early (--max-examples): a regular file is hashed now, whole, as
   * it stays on disk; a pipe or standard input cannot be read again and is recorded by name, with no hash.
   */
  public static List<RunRecord.DataFile> dataFiles(ExampleStream stream, boolean atEnd, Path file, DataOptions options)
      throws IOException {
    if (atEnd) {
      return RunRecord.DataFile.of(stream.inputDigests());
    }
    List<RunRecord.DataFile> files = new ArrayList<>();
    Path xml = options.labelsXml != null ? options.labelsXml
        : options.labelsGiven() || DataFiles.isStandardInput(file) ? null : MulanLabels.findBeside(file);
    for (Path f : xml == null ? List.of(file) : List.of(xml, file)) {
      boolean regular = !DataFiles.isStandardInput(f) && Files.isRegularFile(f);
      files.add(regular ? RunRecord.DataFile.of(f) : new RunRecord.DataFile(DataFiles.displayName(f), 0, ""));
    }
    return files;
  }
}
