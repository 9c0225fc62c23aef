package org.altml.flink.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.core.model.DataFit;

/**
 * The LIBSVM records a frozen model scored, per file, and those of them with features beyond the model's d: counted
 * by each predictor ({@link org.altml.flink.scoring.LineScorer}), reported at its end of input as one reports line per file, summed by the
 * client, which names a file most of whose records go beyond d, as {@code alt predict} does. LIBSVM declares no d, so
 * each record is all there is to see: ordinary test data uses a feature the training data did not in a few records,
 * data of another kind (a model of yeast, 103 features, scoring scene's 294) in most. Not thread-safe.
 */
public final class FeaturesBeyond {
  /** The type of its reports lines. */
  static final String TYPE = "features-beyond";

  private final Map<String, long[]> files = new LinkedHashMap<>(); // file -> {records, beyond d, widest}
  private final Map<String, String> models = new LinkedHashMap<>(); // file -> "model name\0d" (client side)

  /** Counts one record of {@code file} using {@code numFeatures} features, against a model of d = {@code d}. */
  public void count(String file, long numFeatures, long d) {
    long[] c = files.computeIfAbsent(file, f -> new long[3]);
    c[0]++;
    if (d > 0 && numFeatures > d) {
      c[1]++;
      c[2] = Math.max(c[2], numFeatures);
    }
  }

  /** One reports line per file counted, naming the model {@code modelName} of d = {@code d}. */
  public List<String> reports(String modelName, long d) {
    List<String> lines = new ArrayList<>();
    files.forEach((file, c) -> lines.add("{\"type\":\"" + TYPE + "\",\"file\":" + Output.quote(file) + ",\"modelFile\":"
        + Output.quote(modelName) + ",\"d\":" + d + ",\"records\":" + c[0] + ",\"beyond\":" + c[1] + ",\"widest\":" + c[2] + "}"));
    return lines;
  }

  /** Takes {@code line} when it is a predictor's report of this kind (adding its counts); returns whether it was. */
  boolean offer(String line) {
    if (!line.startsWith("{\"type\":\"" + TYPE + "\"")) {
      return false;
    }
    String file = Output.stringField(line, "file");
    long[] c = files.computeIfAbsent(file, f -> new long[3]);
    c[0] += Output.longField(line, "records");
    c[1] += Output.longField(line, "beyond");
    c[2] = Math.max(c[2], Output.longField(line, "widest"));
    models.put(file, Output.stringField(line, "modelFile") + "\0" + Output.longField(line, "d"));
    return true;
  }

  /** The warning for each file most of whose records had features beyond the model's d (summed reports). */
  List<String> warnings() {
    List<String> warnings = new ArrayList<>();
    files.forEach((file, c) -> {
      if (c[1] > 0) {
        String[] model = models.get(file).split("\0", 2);
        String warning = DataFit.mostFeaturesBeyond(file, "records", c[0], c[1], c[2], Long.parseLong(model[1]), model[0], true);
        if (warning != null) {
          warnings.add(warning);
        }
      }
    });
    return warnings;
  }
}
