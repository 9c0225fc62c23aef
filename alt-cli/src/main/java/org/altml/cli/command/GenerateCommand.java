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
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.altml.sparse.synth.SparseTextGenerator;
import org.altml.sparse.synth.SynthShapes;
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
      "       4.376), labels from RBF-like neighbourhoods (linear learners fall short)."
    })
public final class GenerateCommand implements Callable<Integer> {
  /** The kind of corpus. */
  enum Kind {
    text,
    dense
  }

  @Spec private CommandSpec spec;

  @Mixin private SeedOptions seed;

  @Option(names = "--kind", defaultValue = "text", description = "text or dense (default: ${DEFAULT-VALUE}).")
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
    Dataset data;
    try {
      data = switch (kind) {
        case text -> new SparseTextGenerator(textConfig()).generate(skip + examples);
        case dense -> new NonlinearDenseGenerator(denseConfig()).generate(skip + examples);
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
