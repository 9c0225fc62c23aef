package org.altml.flink.options;

import java.util.List;
import org.altml.flink.source.DataSpec;
import org.altml.flink.source.RecordFormat;
import picocli.CommandLine.Option;

/** The data files of an {@code alt flink} command and how their records are read: a picocli mixin of both commands. */
public final class FlinkDataOptions {
  @Option(names = "--data", required = true, arity = "1..*", paramLabel = "FILE", description = "LIBSVM or ARFF files (.gz too),"
      + " JSON lines with --format json, or one Kafka topic kafka://HOST:PORT/TOPIC")
  List<String> files;
  @Option(names = "--format", paramLabel = "libsvm|json", defaultValue = "libsvm", description = "the records of the files that"
      + " are not ARFF: LIBSVM lines, or one JSON object per line, {\"id\": \"a1\", \"features\": {\"3\": 0.5}, \"labels\":"
      + " [0, 4]} (default ${DEFAULT-VALUE})")
  RecordFormat format;
  @Option(names = "--num-labels", paramLabel = "L", defaultValue = "0", description = "L of LIBSVM data (ARFF: from the header)")
  int numLabels;
  @Option(names = "--num-features", paramLabel = "D", defaultValue = "0", description = "d when declared")
  int numFeatures;
  @Option(names = "--zero-based", description = "LIBSVM feature indices start at 0")
  boolean zeroBased;
  @Option(names = "--labels-xml", paramLabel = "FILE", description = "Mulan XML label file of ARFF data without one beside it")
  String labelsXml;
  @Option(names = "--labels-last", paramLabel = "N", defaultValue = "-1", description = "ARFF: the last N attributes are the labels")
  int labelsLast;
  @Option(names = "--labels-first", paramLabel = "N", defaultValue = "-1", description = "ARFF: the first N attributes are the labels"
      + " (MEKA's layout)")
  int labelsFirst;

  /** Creates the options with their defaults (picocli fills them). */
  public FlinkDataOptions() {}

  /** The files of {@code --data}. */
  public List<String> files() {
    return files;
  }

  /** {@code --num-labels} (0: not given). */
  public int numLabels() {
    return numLabels;
  }

  /** The data options as a spec, with {@code --num-labels} for LIBSVM data. */
  public DataSpec spec() {
    return spec(numLabels);
  }

  /** The data options as a spec, with {@code l} labels for LIBSVM data (0: not declared). */
  public DataSpec spec(int l) {
    return new DataSpec(l, numFeatures, zeroBased, labelsXml, labelsLast, List.of(), labelsFirst, format, false);
  }
}
