package org.altml.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.altml.cli.output.Predictions;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.DivergenceException;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.Settings;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Predictor;
import org.altml.core.learner.Scores;
import org.altml.core.metric.Measure;
import org.altml.core.metric.MetricReport;
import org.altml.core.metric.ZeroDivisionPolicy;
import org.altml.sparse.SparseVector;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.data.ExampleStream;
import org.altml.sparse.synth.NonlinearDenseGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PredictionPipeline} writes, byte for byte, what one {@link Predictions#write} per example on one
 * thread writes, for any number of threads, with scaling and scores, for a linear and a kernel model (whose
 * block prediction differs from its one-example path in how it computes, not in what); and a failing block
 * comes after the lines of the blocks before it.
 */
class PredictionPipelineTest {
  private static final Dataset DATA = NonlinearDenseGenerator.withDefaults().generate(1_500);

  private static OnlineMultiLabelLearner trained(String learner, int examples) throws IOException {
    Settings settings = LearnerRegistry.get(learner).defaults();
    if (settings.spec().parameters().stream().anyMatch(p -> p.name().equals("hidden"))) {
      settings = settings.with("hidden", 32); // an ELM's default H = 500 costs seconds per pass, and H is no subject here
    }
    OnlineMultiLabelLearner m = LearnerRegistry.create(settings,
        LearnerContext.of(DATA.numLabels()).withNumFeatures(DATA.numFeatures()).withSeed(3));
    try (ExampleStream s = DATA.stream()) {
      for (int i = 0; i < examples && s.advance(); i++) {
        m.update(s.features(), s.labels());
      }
    }
    return m;
  }

  private static String oneAtATime(OnlineMultiLabelLearner model, FeatureScaler scaler, boolean scores) throws IOException {
    StringWriter out = new StringWriter();
    Predictions lines = new Predictions(out, model.numLabels(), scores);
    Predictor p = model.predictor();
    Scores s = new Scores(model.numLabels());
    try (ExampleStream e = DATA.stream()) {
      while (e.advance()) {
        p.predict(scaler.transform(e.features()), s);
        lines.write(s);
      }
    }
    return out.toString();
  }

  private static String pipelined(OnlineMultiLabelLearner model, FeatureScaler scaler, boolean scores, int threads)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (PredictionPipeline pipe = new PredictionPipeline(model, scaler, scores, out, threads);
        ExampleStream e = DATA.stream()) {
      while (e.advance()) {
        pipe.add(e.features());
      }
      pipe.flush();
      assertEquals(DATA.size(), pipe.examples());
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void linearAndKernelModelsWriteWhatOneThreadWrites() throws IOException {
    FeatureScaler standardize = FeatureScaler.fit(FeatureScaling.STANDARDIZE, DATA);
    for (String learner : LearnerRegistry.names()) {
      OnlineMultiLabelLearner model = trained(learner, 600);
      for (FeatureScaler scaler : new FeatureScaler[] {FeatureScaler.of(FeatureScaling.NONE), standardize}) {
        for (boolean scores : new boolean[] {false, true}) {
          String expected = oneAtATime(model, scaler, scores);
          assertEquals(DATA.size(), expected.lines().count());
          for (int threads : new int[] {1, 2, 3}) {
            assertEquals(expected, pipelined(model, scaler, scores, threads),
                learner + " " + scaler.scaling() + " scores=" + scores + " threads=" + threads);
          }
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aScoreThatOverflowsNamesTheFileAndLineOfItsExample(int threads) throws IOException {
    OnlineMultiLabelLearner model = trained("falt", 300);
    int bad = 600; // in the third block of 256, not its first example
    FeatureScaler none = FeatureScaler.of(FeatureScaling.NONE);
    try (PredictionPipeline pipe = new PredictionPipeline(model, none, false, OutputStream.nullOutputStream(), threads);
        ExampleStream e = DATA.stream()) {
      pipe.dataName("data.svm");
      DivergenceException thrown = assertThrows(DivergenceException.class, () -> {
        int i = 0;
        while (e.advance()) {
          SparseVector x = e.features();
          if (i == bad) {
            float[] huge = new float[x.nnz()];
            java.util.Arrays.fill(huge, Float.MAX_VALUE);
            x = SparseVector.of(java.util.Arrays.copyOfRange(x.indices(), x.offset(), x.offset() + x.nnz()), huge);
          }
          pipe.add(x, null, 2L * i + 5); // the file's line of example i, not its position
          i++;
        }
        pipe.flush();
      });
      assertTrue(thrown.getMessage().startsWith("data.svm:" + (2 * bad + 5) + ": "), thrown.getMessage());
      assertTrue(thrown.getMessage().contains("non-finite score"), thrown.getMessage());
    }
  }

  @Test
  void aFailingBlockComesAfterTheLinesOfTheBlocksBeforeIt() throws IOException {
    OnlineMultiLabelLearner model = trained("falt", 300);
    int bad = 700; // in the third block of 256
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FeatureScaler none = FeatureScaler.of(FeatureScaling.NONE);
    try (PredictionPipeline pipe = new PredictionPipeline(model, none, false, out, 2);
        ExampleStream e = DATA.stream()) {
      RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
        int i = 0;
        while (e.advance()) {
          SparseVector x = e.features();
          if (i++ == bad) {
            float[] huge = new float[x.nnz()];
            java.util.Arrays.fill(huge, Float.MAX_VALUE); // scores overflow to infinity
            x = SparseVector.of(java.util.Arrays.copyOfRange(x.indices(), x.offset(), x.offset() + x.nnz()), huge);
          }
          pipe.add(x);
        }
        pipe.flush();
      });
      // the divergence itself, or the refusal of a block that another thread reached after it (which names it)
      assertTrue(thrown instanceof DivergenceException || thrown.getMessage().contains("non-finite score"), thrown.toString());
    }
    // the lines of whole blocks before the failing one, each as one thread writes it
    String expected = oneAtATime(trained("falt", 300), none, false); // the same model, not diverged
    String written = out.toString(StandardCharsets.UTF_8);
    long lines = written.lines().count();
    assertTrue(lines <= bad && lines % 256 == 0, lines + " lines written");
    assertTrue(expected.startsWith(written), "a prefix of the one-thread output");
  }

  /**
   * With metrics, the blocks' suites merged in order give {@code TrainThenTest.test}'s report over the same examples,
   * every metric to the last bit, on any number of threads and with or without lines; and the lines stay predict's.
   * Six blocks of 256; FALT and SALT at their defaults, in double (their frozen predictors score through the float copy
   * of W), and FALT(k); raw and standardized.
   */
  @Test
  void metricsAreTrainThenTestsOnAnyNumberOfThreads() throws IOException {
    FeatureScaler standardize = FeatureScaler.fit(FeatureScaling.STANDARDIZE, DATA);
    for (String learner : LearnerRegistry.names()) {
      OnlineMultiLabelLearner model = trained(learner, 600);
      for (FeatureScaler scaler : new FeatureScaler[] {FeatureScaler.of(FeatureScaling.NONE), standardize}) {
        MetricReport expected = org.altml.core.eval.TrainThenTest.test(model, DATA, scaler, ZeroDivisionPolicy.SPEC, 1).metrics();
        String lines = oneAtATime(model, scaler, false);
        for (int threads : new int[] {1, 2, 3}) {
          for (boolean write : new boolean[] {false, true}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (PredictionPipeline pipe = PredictionPipeline.withMetrics(model, scaler, write ? out : null, threads,
                    ZeroDivisionPolicy.SPEC);
                ExampleStream e = DATA.stream()) {
              while (e.advance()) {
                pipe.add(e.features(), e.labels(), 0);
              }
              pipe.flush();
              String what = learner + " " + scaler.scaling() + " threads=" + threads + " lines=" + write;
              assertEquals(DATA.size(), pipe.examples(), what);
              for (Measure m : Measure.values()) {
                assertEquals(Double.doubleToLongBits(expected.get(m)), Double.doubleToLongBits(pipe.metrics().report().get(m)),
                    what + " " + m);
              }
              assertEquals(write ? lines : "", out.toString(StandardCharsets.UTF_8), what);
            }
          }
        }
      }
    }
  }
}
