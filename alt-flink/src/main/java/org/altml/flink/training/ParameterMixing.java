package org.altml.flink.training;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.altml.core.metric.EvaluationSuite;
import org.altml.core.metric.Measure;
import org.altml.flink.model.Models;
import org.altml.flink.source.DataSpec;
import org.altml.sparse.LabelSet;
import org.altml.sparse.SparseVector;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.StrictGzipInputStream;
import org.altml.sparse.io.files.RecordParser;

/**
 * The data-parallel training of {@link org.altml.flink.Jobs#parallel} computed in one thread (bad records skipped), for measuring what averaging
 * costs in F1: worker w learns the lines with number ≡ w (mod p) in file order, every worker from
 * {@link LearnerSetup#create}{@code (w)}, the final model is the average of the p models in worker order;
 * {@code DataParallelTest} checks that this is the Flink job's final model bit for bit. With
 * {@code feedback}, the average of every round is also mixed back into every worker (iterative parameter
 * mixing), which one Flink 2.x job cannot do (no iterations): this shows what that would gain.
 *
 * <pre>
 *   java -cp alt-flink-job.jar org.altml.flink.training.ParameterMixing LEARNER key=value,... TRAIN TEST MIX_EVERY P...
 * </pre>
 */
public final class ParameterMixing {
  private ParameterMixing() {}

  /** One example of the training data with its line number. */
  public record Line(long line, long clock, SparseVector x, LabelSet y) {}

  /** The examples of {@code file}, parsed per line as the jobs parse them. */
  public static List<Line> read(Path file, DataSpec data) throws IOException {
    RecordParser parser = data.parser(file.toString());
    List<Line> out = new ArrayList<>();
    InputStream in = Files.newInputStream(file);
    if (file.getFileName().toString().endsWith(".gz")) {
      in = new StrictGzipInputStream(in, 1 << 16);
    }
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String s;
      long n = 0;
      while ((s = r.readLine()) != null) {
        n++;
        try {
          if (parser.parse(s, n)) {
            LabelSet y = parser.labels();
            out.add(new Line(n, n - parser.headerLines(), parser.features().copy(), LabelSet.of(Arrays.copyOfRange(y.array(), y.offset(), y.offset() + y.size()))));
          }
        } catch (DataFormatException e) {
          // a bad record: the jobs send it to their side output and go on, so does this
        }
      }
    }
    return out;
  }

  /** The averaged model of p workers on {@code train}; rounds every {@code mixEvery} lines (feedback only). */
  public static OnlineMultiLabelLearner train(LearnerSetup setup, List<Line> train, int p, long mixEvery, boolean feedback) {
    List<OnlineMultiLabelLearner> workers = new ArrayList<>();
    for (int w = 0; w < p; w++) {
      workers.add(setup.create(w));
    }
    long nextRound = 1;
    for (Line l : train) {
      while (feedback && mixEvery > 0 && l.clock() > nextRound * mixEvery) {
        byte[] mean = Models.toBytes(average(setup, workers));
        for (int w = 0; w < p; w++) {
          workers.set(w, Models.learner(mean, "round " + nextRound));
        }
        nextRound++;
      }
      workers.get((int) Math.floorMod(l.line(), (long) p)).update(l.x(), l.y());
    }
    return average(setup, workers);
  }

  private static OnlineMultiLabelLearner average(LearnerSetup setup, List<OnlineMultiLabelLearner> workers) {
    return workers.size() == 1 ? workers.get(0) : setup.averaging().average(workers);
  }

  /** The test-set metrics of {@code model}. */
  public static EvaluationSuite test(OnlineMultiLabelLearner model, List<Line> test) {
    EvaluationSuite suite = new EvaluationSuite(model.numLabels());
    Scores scores = new Scores(model.numLabels());
    for (Line l : test) {
      model.predict(l.x(), scores);
      suite.accept(l.y(), scores);
    }
    return suite;
  }

  /** Prints a table row per p: one-shot averaging and averaging with feedback, test F1, against p = 1. */
  public static void main(String[] args) throws IOException {
    String learner = args[0];
    Map<String, String> values = new LinkedHashMap<>();
    if (!args[1].equals("-")) {
      for (String kv : args[1].split(",")) {
        String[] p = kv.split("=", 2);
        values.put(p[0], p[1]);
      }
    }
    Settings settings = Settings.parse(LearnerRegistry.get(learner), values);
    Path trainFile = Path.of(args[2]);
    Path testFile = Path.of(args[3]);
    long mixEvery = Long.parseLong(args[4]);
    DataSpec data = new DataSpec(0, 0, false, null, -1);
    DataSpec.Labels labels = data.labels(List.of(trainFile.toString()));
    LearnerSetup setup = LearnerSetup.of(settings, labels.numLabels(), labels.numFeatures(), 1);
    List<Line> train = read(trainFile, data);
    List<Line> test = read(testFile, data);
    System.out.printf(Locale.ROOT, "%s  train %s (%d)  test %s (%d)  mix every %d lines%n", settings.describe(), trainFile.getFileName(),
        train.size(), testFile.getFileName(), test.size(), mixEvery);
    System.out.println("p  one-shot F1  with feedback F1  (micro-F1 one-shot / feedback)");
    for (int i = 5; i < args.length; i++) {
      int p = Integer.parseInt(args[i]);
      EvaluationSuite once = test(train(setup, train, p, mixEvery, false), test);
      EvaluationSuite fed = test(train(setup, train, p, mixEvery, true), test);
      System.out.printf(Locale.ROOT, "%d  %.4f  %.4f  (%.4f / %.4f)%n", p, once.value(Measure.F1), fed.value(Measure.F1),
          once.value(Measure.MICRO_F1), fed.value(Measure.MICRO_F1));
    }
  }
}
