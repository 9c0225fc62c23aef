package org.altml.flink.output;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.altml.flink.source.DataSpec;

/**
 * The bad records of a job as they arrive at the client, and the first of them in the order the inputs were given: by
 * the position of the record's file among the inputs (as given, or as the file source names a local one), then by line
 * (records arrive in any order at p > 1); the first of all, of the files learned from (before {@code testFrom}, and a
 * file named otherwise than every input) and of run's --test files. The inputs' names are resolved once; each record
 * is read once.
 */
final class FirstBadRecords {
  private final Map<String, Integer> ranks = new HashMap<>();
  private final int unknown; // after every input: a file the source names otherwise
  private final int testFrom;
  final First all = new First();
  final First training = new First();
  final First test = new First();

  /** The bad records of a job reading {@code inputs}, the files scored after training from {@code testFrom}. */
  FirstBadRecords(List<String> inputs, int testFrom) {
    this.unknown = inputs.size();
    this.testFrom = testFrom;
    for (int i = 0; i < inputs.size(); i++) {
      ranks.putIfAbsent(inputs.get(i), i);
      Path local = DataSpec.localPath(inputs.get(i));
      if (local != null) {
        ranks.putIfAbsent(local.toAbsolutePath().normalize().toString(), i);
      }
    }
  }

  /** Takes the bad-record line {@code bad}. */
  void offer(String bad) {
    String f = String.valueOf(Output.stringField(bad, "file"));
    int k = ranks.getOrDefault(f, unknown);
    long l = Output.longField(bad, "line");
    all.offer(bad, f, k, l);
    (k < testFrom || k == unknown ? training : test).offer(bad, f, k, l);
  }

  /** The first of some bad records, and how many. */
  static final class First {
    private String record;
    private String file = "";
    private int rank;
    private long line;
    private long count;

    private void offer(String bad, String f, int k, long l) {
      count++;
      if (record == null || k < rank || k == rank && (l < line || l == line && f.compareTo(file) < 0)) {
        record = bad;
        file = f;
        rank = k;
        line = l;
      }
    }

    /** How many records were offered. */
    long count() {
      return count;
    }

    /** "file:line: reason" of the first bad record. */
    String describe() {
      return file + ":" + line + ": " + Output.stringField(record, "reason");
    }
  }
}
