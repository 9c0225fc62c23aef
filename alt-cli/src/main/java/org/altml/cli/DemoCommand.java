package org.altml.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.synth.SparseTextGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alt demo}: the toolkit on an embedded default, needing no data files. For now it generates a
 * seeded RCV1-shaped corpus in memory and summarizes it as {@code alt stats} would; the learners turn
 * it into a train-and-evaluate demo.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Runs ALT on a built-in synthetic corpus.",
      "For now: generates a seeded RCV1-shaped corpus in memory (47,236 features, 76 non-zeros per",
      "example, 101 labels) and summarizes it as 'alt stats' does."
    })
public final class DemoCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Mixin private SeedOptions seed;

  @Option(
      names = {"-n", "--examples"},
      defaultValue = "20000",
      paramLabel = "N",
      description = "Number of examples (default: ${DEFAULT-VALUE}).")
  private int examples;

  @Option(names = "--json", description = "Print the statistics as JSON.")
  private boolean json;

  /** Creates the command (picocli fills its fields). */
  public DemoCommand() {}

  @Override
  public Integer call() throws Exception {
    if (examples < 0) {
      throw new IllegalArgumentException("--examples must be >= 0: " + examples);
    }
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    SparseTextGenerator generator = new SparseTextGenerator(SparseTextGenerator.Config.defaults().withSeed(seed.seed()));
    Dataset data = generator.generate(examples);
    double seconds = (System.nanoTime() - start) / 1e9;
    List<StatsReport.Row> rows = List.of(new StatsReport.Row("rcv1-shaped", DataLoading.stats(data)));
    if (json) {
      StatsReport.printJson(rows, out);
      return 0;
    }
    out.printf(Locale.ROOT, "Synthetic RCV1-shaped corpus, seed %d: %d examples generated in %.2f s%n",
        seed.seed(), data.size(), seconds);
    out.println();
    StatsReport.printTable(rows, out);
    out.println();
    out.println("Next: alt generate --kind text -n 100000 corpus.svm, then alt stats corpus.svm");
    out.flush();
    return 0;
  }
}
