package org.altml.flink.output;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.core.eval.FeatureScaler;
import org.altml.core.eval.FeatureScaling;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.model.DataFit;
import org.altml.core.model.ModelIo;
import org.altml.core.model.SavedModel;
import org.altml.flink.model.Models;

/**
 * The model files of a run under {@code --out}: {@code final.model} of a parallel run, {@code key-<key>.model} per key
 * of a keyed run, from the models its reports carry, with the data's label names, d and feature names so that {@code
 * alt predict} and {@code alt flink predict} can check the data they are given against the model ({@link DataFit});
 * and the removal of the key models of an earlier run whose keys are not in this run's data.
 */
public final class ModelFileWriter {
  /** The file of a parallel run's final averaged model. */
  public static final String FINAL = "final.model";

  private static final Pattern MODEL = Pattern.compile("\"model\":\"([^\"]*)\"");

  private final Path out;
  private final String mode;
  private final List<String> data;
  private final List<String> labelNames;
  private final int numFeatures;
  private final List<String> featureNames;

  /**
   * The model files of a run in {@code mode} over the {@code data} files under {@code out} (null: none).
   *
   * @param labelNames the data's label names (null: the label ids)
   * @param numFeatures d as declared (an ARFF header or --num-features; 0: unknown)
   * @param featureNames the data's feature names (an ARFF header), recorded as a digest; empty: none
   */
  public ModelFileWriter(Path out, String mode, List<String> data, List<String> labelNames, int numFeatures,
      List<String> featureNames) {
    this.out = out;
    this.mode = mode;
    this.data = List.copyOf(data);
    this.labelNames = labelNames;
    this.numFeatures = numFeatures;
    this.featureNames = featureNames;
  }

  /** Whether a run writes a model file named {@code name} ({@code final.model}, {@code key-*.model}). */
  public static boolean isModelFile(String name) {
    return name.equals(FINAL) || name.startsWith("key-") && name.endsWith(".model");
  }

  /** The key a keyed report is about (JSON-escaped as the report has it). */
  private static String keyOf(String report) {
    return report.replaceAll("^\\{\"type\":\"key\",\"key\":\"([^\"]*)\".*", "$1");
  }

  /** Writes the models the reports carry under {@code --out}; returns the names of the files written. */
  Set<String> write(List<String> reports) throws IOException {
    Set<String> written = new HashSet<>();
    if (out == null) {
      return written;
    }
    // in key order, so that the -2, -3 of keys sharing a file name go to the same keys in every run
    List<String> ordered = new ArrayList<>(reports);
    ordered.sort(Comparator.comparing(r -> r.startsWith("{\"type\":\"key\"") ? keyOf(r) : ""));
    for (String r : ordered) {
      Matcher m = MODEL.matcher(r);
      if (!m.find()) {
        continue;
      }
      String name;
      if (r.startsWith("{\"type\":\"key\"")) {
        String base = "key-" + keyOf(r).replaceAll("[^A-Za-z0-9._-]", "_");
        name = base + ".model";
        // keys that differ only where file names cannot hold them (a_b/c and a/b_c) get -2, -3, ...: a model each
        for (int k = 2; written.contains(name); k++) {
          name = base + "-" + k + ".model";
        }
      } else {
        name = FINAL;
      }
      // the data's label names and d go into the file, so that alt predict and alt flink predict can check the
      // data they are given against the model (DataFit); written atomically, as alt train writes its models
      SavedModel carried = Models.saved(Base64.getDecoder().decode(m.group(1)), name);
      OnlineMultiLabelLearner learner = carried.learner();
      Map<String, String> provenance = new LinkedHashMap<>();
      provenance.put("trainedBy", "alt flink run --mode " + mode);
      provenance.put("data", String.join(",", data));
      if (r.startsWith("{\"type\":\"key\"")) {
        provenance.put("key", keyOf(r)); // the key itself: its file name may carry a -2
      }
      String features = DataFit.featureNamesDigest(featureNames, numFeatures);
      if (features != null) {
        provenance.put(DataFit.FEATURE_NAMES_SHA256, features);
      }
      SavedModel model = carried.isOpen() // an open model: its own vocabulary names its labels and features
          ? new SavedModel(learner, null, carried.numFeatures(), FeatureScaler.of(FeatureScaling.NONE), provenance, carried.vocabulary())
          : new SavedModel(learner, labelNames, numFeatures, FeatureScaler.of(FeatureScaling.NONE), provenance);
      ModelIo.write(model, out.resolve(name));
      written.add(name);
    }
    return written;
  }

  /**
   * Removes the {@code key-*.model} files under {@code --out} that this keyed run did not write (keys of an earlier
   * run, no longer in the data), so that the folder holds this run's models only; says how many on stderr.
   */
  void removeStaleKeyModels(Set<String> written) throws IOException {
    if (out == null) {
      return;
    }
    List<Path> stale = new ArrayList<>();
    try (DirectoryStream<Path> models = Files.newDirectoryStream(out, "key-*.model")) {
      for (Path p : models) {
        if (!written.contains(p.getFileName().toString()) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          stale.add(p);
        }
      }
    }
    for (Path p : stale) {
      Files.deleteIfExists(p);
    }
    if (!stale.isEmpty()) {
      System.err.println("alt flink: removed " + stale.size() + " key-*.model file" + (stale.size() == 1 ? "" : "s")
          + " of an earlier run from " + out + " (keys not in this run's data)");
    }
  }
}
