package org.altml.flink.source;

/** How the records of a data file that is not ARFF are written ({@code --format}); ARFF files are ARFF by their name. */
public enum RecordFormat {
  /** LIBSVM multi-label lines: {@code 0,4 3:0.5 17:1}. */
  LIBSVM,
  /** One JSON object per line: {@code {"id": "a1", "features": {"3": 0.5, "17": 1}, "labels": [0, 4]}} ({@link JsonRecords}). */
  JSON
}
