package org.altml.cli.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.altml.cli.data.CommandFiles;
import org.altml.cli.data.DataLoading;
import org.altml.cli.options.OverwriteOption;
import org.altml.cli.options.SeedOptions;
import org.altml.cli.output.CliOutput;
import org.altml.sparse.InsufficientMemoryException;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.BirthTextGenerator;
import org.altml.sparse.synth.LabelBirths;
import org.altml.sparse.synth.NamedExampleWriter;
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;
import org.altml.sparse.synth.SynthShapes;
import org.altml.sparse.synth.ZipfTextGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code alt generate}: writes a seeded synthetic corpus. Unset shape options keep the generator's
 * defaults ({@link SparseTextGenerator.Config#defaults()}, {@link NonlinearDenseGenerator.Config#defaults()}).
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a seeded synthetic corpus.",
      "The format follows OUT's extension, as in convert.",
      "text:  RCV1-shaped sparse text (47,236 features, 76 non-zeros, 101 labels,",
      "       cardinality 3.2), labels from a planted linear model plus label noise.",
      "dense: mediamill-shaped dense data (120 features, 101 labels, cardinality",
      "       4.376), labels from RBF-like neighbourhoods (linear learners fall short).",
      "words: an open stream of named words (a Zipf law over a vocabulary that keeps",
      "       growing) and named tags born mid-stream, as JSON lines (.jsonl, .json) or",
      "       the name:value LIBSVM variant (any other name); for --open.",
      "--births F (text, words): a fraction F of the labels is present from the start,",
      "       the others are born at seeded times over the stream (docs/open-streams.md)."
    })
public final class GenerateCommand implements Callable<Integer> {
  /** The kind of corpus. */
  enum Kind {
    text,
    dense,
    words
  }

  @Spec private CommandSpec spec;

  @Mixin private SeedOptions seed;

  @Option(names = "--kind", defaultValue = "text", description = "text, dense or words (default: ${DEFAULT-VALUE}).")
  private Kind kind;

  @Option(
      names = {"-n", "--examples"},
      defaultValue = "10000",
      paramLabel = "N",
      description = "Number of examples (default: ${DEFAULT-VALUE}).")
  private int examples;

  @Option(
      names = "--skip",
      defaultValue = "0",
      paramLabel = "K",
      description = "Leave out the first K examples of the stream: with the same seed and shape options, -n N --skip K"
          + " writes the examples K+1..K+N of one corpus (the same planted model), a test set for a training set"
          + " written with -n K (default: ${DEFAULT-VALUE}).")
  private int skip;

  @Option(names = "--num-features", paramLabel = "D", description = "Number of features d.")
  private Integer numFeatures;

  @Option(names = "--num-labels", paramLabel = "L", description = "Number of labels L.")
  private Integer numLabels;

  @Option(names = "--cardinality", paramLabel = "C", description = "Mean number of relevant labels per example.")
  private Double cardinality;

  @Option(names = "--noise", paramLabel = "P", description = "Probability that each label bit is flipped.")
  private Double noise;

  @Option(names = "--mean-nnz", paramLabel = "M", description = "text: mean non-zeros per example.")
  private Integer meanNonZeros;

  @Option(names = "--model-nnz", paramLabel = "K", description = "text: non-zeros of each planted label vector.")
  private Integer modelNonZeros;

  @Option(names = "--centres", paramLabel = "C", description = "dense: number of labelled neighbourhoods.")
  private Integer centres;

  @Option(names = "--births", paramLabel = "F",
      description = "text, words: the fraction of labels present from the start; the others are born at seeded times"
          + " over the stream (default: every label present; words: 0.3).")
  private Double births;

  @Parameters(index = "0", paramLabel = "OUT", description = "Output file ('-': LIBSVM to standard output).")
  private Path out;

  @Mixin private OverwriteOption overwrite;

  /** The generators' configuration names and the options that set them, for messages. */
  private static final Map<String, String> OPTIONS = Map.of(
      "numFeatures", "--num-features", "numLabels", "--num-labels", "labelCardinality", "--cardinality",
      "labelNoise", "--noise", "meanNonZeros", "--mean-nnz", "modelNonZerosPerLabel", "--model-nnz",
      "numCentres", "--centres");

  /** Creates the command (picocli fills its fields). */
  public GenerateCommand() {}

  @Override
  public Integer call() throws Exception {
    if (examples < 0) {
      throw new IllegalArgumentException("--examples must be >= 0: " + examples);
    }
    if (skip < 0 || (long) skip + examples > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--skip must be >= 0 and --skip + --examples at most " + Integer.MAX_VALUE
          + ": " + skip);
    }
    new CommandFiles().dataOutput("OUT", out, overwrite.value()).check();
    if (births != null && (!(births >= 0) || births > 1)) {
      throw new IllegalArgumentException("--births must be a fraction in [0, 1]: " + births);
    }
    if (kind == Kind.words) {
      return words();
    }
    if (births != null && kind != Kind.text) {
      throw new IllegalArgumentException("--births applies to --kind text and words");
    }
    Dataset data;
    try {
      data = switch (kind) {
        case text -> births == null ? new SparseTextGenerator(textConfig()).generate(skip + examples)
            : new BirthTextGenerator(new SparseTextGenerator(textConfig()), births()).generate(skip + examples);
        case dense -> new NonlinearDenseGenerator(denseConfig()).generate(skip + examples);
        case words -> throw new AssertionError("written by words()");
      };
      if (skip > 0) {
        data = data.subset(java.util.stream.IntStream.range(skip, skip + examples).toArray());
      }
    } catch (InsufficientMemoryException e) {
      throw new InsufficientMemoryException(e.what(), e.requestedBytes(), e.availableBytes(), e.getMessage()
          .replace("stream the examples instead of generating them in memory, or choose a smaller configuration",
              "generate fewer examples (-n)")
          .replace("choose a smaller configuration", "choose smaller --num-features, --num-labels or --model-nnz"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(withOptionNames(e.getMessage()), e);
    }
    DataLoading.write(data, out, spec);
    PrintWriter report = CliOutput.isStandardOutput(out) ? spec.commandLine().getErr() : spec.commandLine().getOut();
    report.println("wrote " + out + " (" + data.size() + " examples, " + data.numFeatures() + " features, "
        + data.numLabels() + " labels, seed " + seed.seed()
        + (skip > 0 ? ", after the first " + skip : "") + DataLoading.shapeNote(data, out) + ")");
    report.flush();
    return 0;
  }

  /** The text generator's label births: the fraction {@code --births} present, the others born over the whole stream. */
  private LabelBirths births() {
    int labels = textConfig().numLabels();
    return LabelBirths.spread(labels, births, Math.max(2L, (long) skip + examples), seed.seed());
  }

  /** {@code --kind words}: the named stream of {@link ZipfTextGenerator}, as JSON lines or the name:value variant. */
  private Integer words() throws java.io.IOException {
    if (numFeatures != null || meanNonZeros != null || modelNonZeros != null || centres != null || noise != null) {
      throw new IllegalArgumentException("--kind words takes -n, --skip, --num-labels, --cardinality, --births and --seed");
    }
    ZipfTextGenerator.Config config = ZipfTextGenerator.Config.defaults().withSeed(seed.seed());
    if (numLabels != null || cardinality != null) {
      config = config.withLabels(numLabels != null ? numLabels : config.numLabels(),
          cardinality != null ? cardinality : config.labelCardinality());
    }
    long total = (long) skip + examples;
    LabelBirths schedule = LabelBirths.spread(config.numLabels(), births != null ? births : 0.3, Math.max(2L, total),
        seed.seed());
    String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    NamedExampleWriter.Format format = name.endsWith(".jsonl") || name.endsWith(".json") ? NamedExampleWriter.Format.JSON_LINES
        : NamedExampleWriter.Format.LIBSVM;
    java.util.Iterator<org.altml.sparse.synth.NamedExample> stream = new ZipfTextGenerator(config, schedule).examples(total);
    for (int i = 0; i < skip && stream.hasNext(); i++) {
      stream.next();
    }
    long written;
    try (CliOutput target = CliOutput.open(spec, out)) {
      written = NamedExampleWriter.write(target.writer(), stream, format);
      target.commit();
    }
    PrintWriter report = CliOutput.isStandardOutput(out) ? spec.commandLine().getErr() : spec.commandLine().getOut();
    report.println("wrote " + out + " (" + written + " examples of named words, " + config.numLabels() + " tags, "
        + (format == NamedExampleWriter.Format.JSON_LINES ? "JSON lines" : "name:value LIBSVM") + ", seed " + seed.seed()
        + (skip > 0 ? ", after the first " + skip : "") + "; read it with --open"
        + (format == NamedExampleWriter.Format.JSON_LINES ? "" : " --format libsvm-names") + ")");
    report.flush();
    return 0;
  }

  /** A generator's message with the options for its configuration names ({@code labelNoise} is {@code --noise}). */
  static String withOptionNames(String message) {
    String m = message == null ? "invalid configuration" : message;
    for (Map.Entry<String, String> e : OPTIONS.entrySet()) {
      m = m.replaceAll("\\b" + e.getKey() + "\\b", e.getValue());
    }
    return m;
  }

  /** The text generator's configuration: defaults overridden by the options given. */
  SparseTextGenerator.Config textConfig() {
    if (centres != null) {
      throw new IllegalArgumentException("--centres applies to --kind dense only");
    }
    return SynthShapes.text(seed.seed(), numFeatures, meanNonZeros, modelNonZeros, numLabels, cardinality, noise);
  }

  /** The dense generator's configuration: defaults overridden by the options given. */
  NonlinearDenseGenerator.Config denseConfig() {
    if (meanNonZeros != null || modelNonZeros != null) {
      throw new IllegalArgumentException("--mean-nnz and --model-nnz apply to --kind text only");
    }
    return SynthShapes.dense(seed.seed(), numFeatures, numLabels, centres, cardinality, noise);
  }
}
