package org.altml.flink.output;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.util.CloseableIterator;

/**
 * The outputs of a job that runs until cancelled: each line written and flushed as it arrives (predictions to
 * {@code --out}'s files, or predictions to stdout and bad records to stderr without it), since a job that never ends
 * cannot move whole files into place at its end. A cancelled run keeps every line that arrived; the three files of an
 * earlier run stay as they were until the first line comes, and are then replaced together ({@link LazyFileOutput}).
 */
public final class StreamedResults {
  private StreamedResults() {}

  /** Runs the job whose lines are {@code all}, streaming its outputs out as {@code plan} says; returns the exit code 0. */
  public static int stream(DataStream<String> all, ResultPlan plan) throws Exception {
    Path out = plan.out();
    List<LazyFileOutput> files = out == null ? null : LazyFileOutput.group(CollectedResults.FILES.stream().map(out::resolve).toList());
    try (PrintWriter predictions = streamed(files, 0, System.out); PrintWriter badRecords = streamed(files, 1, System.err);
        PrintWriter reportLines = streamed(files, 2, null)) {
      CloseableIterator<String> it = all.executeAndCollect("alt flink " + plan.mode());
      try {
        while (it.hasNext()) {
          String line = it.next();
          if (line.startsWith("{\"type\":\"prediction\"")) {
            if (plan.keepPredictions()) {
              predictions.println(line);
            }
          } else if (line.startsWith("{\"type\":\"bad\"")) {
            badRecords.println(line);
          } else if (!line.startsWith("{\"type\":\"count\"")) {
            reportLines.println(Output.withoutModel(line));
          }
        }
      } finally {
        it.close();
      }
    }
    return 0;
  }

  /**
   * A line writer flushing every line, to {@code --out}'s file {@code files[i]}, or else (files null) to
   * {@code console} (null: nowhere).
   */
  private static PrintWriter streamed(List<LazyFileOutput> files, int i, PrintStream console) {
    if (files != null) {
      return new PrintWriter(new BufferedWriter(new OutputStreamWriter(files.get(i), StandardCharsets.UTF_8)), true);
    }
    // closing it must leave the console open (a failure's message goes to stderr after)
    OutputStream kept = console == null ? null : new FilterOutputStream(console) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
    return kept != null ? new PrintWriter(new OutputStreamWriter(kept, StandardCharsets.UTF_8), true)
        : new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
  }
}
