package org.altml.flink.scoring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.eval.ShapeFit;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.model.SavedModel;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.RecordFormat;
import org.altml.flink.source.TextLine;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.RecordParser;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's synthetic records are valid records of the model's shape in the job's format, the same every time, and
 * as varied as real ones (the paths C2 compiles are those the warm-up took).
 */
class ScorerWarmupTest {
  private static final int[][] SHAPES = {{1, 1}, {2, 3}, {6, 72}, {101, 47_236}};

  @Test
  void theLinesAreValidLibSvmRecordsWithinTheModelsLabelsAndFeatures() throws Exception {
    for (int[] shape : SHAPES) {
      int labels = shape[0];
      int features = shape[1];
      for (boolean zeroBased : new boolean[] {false, true}) {
        DataSpec spec = new DataSpec(labels, 0, zeroBased, null, -1);
        TextLine[] lines = ScorerWarmup.lines(spec, labels, features);
        TextLine[] again = ScorerWarmup.lines(spec, labels, features);
        ReadOptions options = ReadOptions.defaults().withNumLabels(labels).withNumFeatures(features).withZeroBased(zeroBased);
        for (int i = 0; i < lines.length; i++) {
          assertArrayEquals(lines[i].text, again[i].text, "seeded: the same lines every time");
          RecordParser parser = RecordParser.libSvm(lines[i].file, options);
          assertTrue(parser.parse(lines[i].text, 0, lines[i].text.length, lines[i].line), "a record: L " + labels + " d " + features);
          assertTrue(parser.labels().size() <= Math.min(ScorerWarmup.MAX_LABELS, labels));
          assertTrue(parser.features().nnz() >= 1 && parser.features().nnz() <= Math.min(2 * ScorerWarmup.NNZ, features));
        }
      }
    }
  }

  @Test
  void theLinesVaryAsRealRecordsDo() {
    TextLine[] lines = ScorerWarmup.lines(DataSpec.libSvm(101), 101, 47_236);
    Set<Integer> labelCounts = new HashSet<>();
    Set<Integer> fractionDigits = new HashSet<>();
    Set<String> files = new HashSet<>();
    boolean exponent = false;
    boolean integerPart = false;
    boolean bare = false; // no labels written: the line starts with its first feature
    Pattern value = Pattern.compile(":(\\d+)\\.(\\d+)(e[-+]\\d+)?");
    for (TextLine line : lines) {
      String text = new String(line.text, StandardCharsets.UTF_8);
      String head = text.split(" ", 2)[0];
      labelCounts.add(head.contains(":") || head.isEmpty() ? 0 : head.split(",").length);
      bare |= head.contains(":");
      Matcher m = value.matcher(text);
      while (m.find()) {
        fractionDigits.add(m.group(2).length());
        exponent |= m.group(3) != null;
        integerPart |= !m.group(1).equals("0");
      }
      files.add(line.file);
    }
    assertEquals(Set.of(0, 1, 2, 3, 4), labelCounts);
    assertTrue(fractionDigits.containsAll(Set.of(1, 6, 8, 9)), "fraction digits " + fractionDigits);
    assertTrue(exponent && integerPart && bare);
    assertEquals(ScorerWarmup.FILES, files.size());
    assertEquals(1, lines[0].line);
    assertEquals(1, lines[ScorerWarmup.LINES / ScorerWarmup.FILES].line, "each file's lines numbered from 1");
  }

  @Test
  void everyRecordOfEveryFormatIsScoredWithTheModelsChecks() throws Exception {
    for (int[] shape : SHAPES) {
      int labels = shape[0];
      int features = shape[1];
      OnlineMultiLabelLearner learner = LearnerRegistry.get("falt").create(LearnerRegistry.get("falt").defaults(), LearnerContext.of(labels));
      RecordParser one = RecordParser.libSvm("train", ReadOptions.defaults().withNumLabels(labels));
      byte[] example = ("0 " + features + ":1").getBytes(StandardCharsets.UTF_8); // the model then knows d
      assertTrue(one.parse(example, 0, example.length, 1));
      learner.update(one.features(), one.labels());
      List<String> names = IntStream.range(0, labels).mapToObj(i -> "label " + i).toList();
      SavedModel saved = new SavedModel(learner, null, features, FeatureScaler.of(FeatureScaling.NONE), Map.of());
      SavedModel named = new SavedModel(learner, names, features, FeatureScaler.of(FeatureScaling.NONE), Map.of());
      // the jobs' specs: LIBSVM, zero-based, JSON (learning: labels required), and ARFF's (L and d from the header)
      DataSpec[] specs = {DataSpec.libSvm(labels), new DataSpec(labels, 0, true, null, -1),
          DataSpec.libSvm(labels).withFormat(RecordFormat.JSON).requiringLabels(),
          new DataSpec(labels, 0, true, null, -1).withFormat(RecordFormat.JSON),
          new DataSpec(0, features, false, "labels.xml", -1, List.of("ignored"), -1)};
      for (DataSpec spec : specs) {
        SavedModel model = spec.labelsXml() != null ? named : saved; // an ARFF job's model names its labels
        int[] scorers = {0};
        long scored = ScorerWarmup.run(() -> {
          scorers[0]++;
          LineScorer s = new LineScorer(spec, labels, false);
          s.checkRecordsAgainst(model, "m.model", ShapeFit.Allowed.NOTHING);
          return s;
        }, ScorerWarmup.lines(spec, labels, features), learner.predictor(), null, 1); // throws on a record not scored
        assertTrue(scored >= 512, "at least one look at the clock's worth");
        assertEquals((scored + ScorerWarmup.LINES - 1) / ScorerWarmup.LINES, scorers[0], "a new scorer for every pass");
      }
    }
  }
}
