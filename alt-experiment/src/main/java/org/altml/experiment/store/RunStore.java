package org.altml.experiment.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.altml.sparse.io.DataFormatException;

/**
 * The results store of an experiment: an append-only file of JSON lines, one {@link StoredRun} per line,
 * written as each evaluation finishes. Why JSON lines rather than an embedded database: the data is
 * small (one line of ~1 KB per evaluation; the paper's whole grid over ten datasets is a few hundred MB
 * at most), written once and never updated, so an append-only log is all the durability needed, with no
 * dependency, no schema migration, no lock files (a run holds an advisory lock on the file itself, released
 * when the run ends however it ends), and a format a user queries with the tools at hand
 * ({@code grep}, {@code jq -c 'select(.kind=="run")' runs.jsonl}, pandas' {@code read_json(lines=True)}).
 *
 * <p>Durability: each line goes to the file with one {@code write} of the whole line (no user-space
 * buffer), so once {@link #put} returns the line survives the process being killed ({@code kill -9}): it
 * is in the operating system's page cache. Against power loss the file is also forced to disk
 * ({@code fsync}) by every {@link #put} with {@code force} and otherwise at most once per second and on
 * {@link #close()}. A crash can leave at most a torn last line: {@link #open} drops it (and says so in
 * {@link #droppedTornLine()}), truncating the file to its last complete line. A malformed line elsewhere
 * is an error naming the file and line, and so are metrics no evaluation gives (a missing paper metric, a value out
 * of its range). A key stored twice keeps the first when their metrics agree (two stores joined: a resumed run never
 * recomputes a stored key) and is refused when they differ.
 *
 * <p>Thread-safe: {@link #put} may be called from every worker thread.
 */
public final class RunStore implements AutoCloseable {
  private static final JsonFactory JSON = new JsonFactory();
  private static final long FORCE_INTERVAL_NANOS = 1_000_000_000L;

  private final Path file;
  private final FileChannel channel;
  private final Map<String, StoredRun> runs = new LinkedHashMap<>();
  private final int loaded;
  private final boolean droppedTornLine;
  private long lastForce = System.nanoTime();
  private boolean dirty;

  private RunStore(Path file, FileChannel channel, List<StoredRun> existing, boolean droppedTornLine) {
    this.file = file;
    this.channel = channel;
    for (StoredRun r : existing) {
      runs.putIfAbsent(r.key(), r);
    }
    this.loaded = runs.size();
    this.droppedTornLine = droppedTornLine;
  }

  /**
   * Opens (or creates) the store {@code file}, reading every complete line.
   *
   * @throws DataFormatException naming the file and line of a malformed line that is not the last
   * @throws IOException if the file cannot be read or written
   */
  public static RunStore open(Path file) throws IOException {
    List<StoredRun> existing = new ArrayList<>();
    Map<String, Integer> lineOf = new java.util.HashMap<>();
    Map<String, StoredRun> firstOf = new java.util.HashMap<>();
    boolean torn = false;
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      lock(file, channel);
      byte[] bytes = readAll(file, channel);
      int start = 0;
      int line = 0;
      long good = 0;
      while (start < bytes.length) {
        int end = start;
        while (end < bytes.length && bytes[end] != '\n') {
          end++;
        }
        line++;
        String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        boolean complete = end < bytes.length;
        if (!text.isBlank()) {
          try {
            StoredRun run = parse(text);
            Integer first = lineOf.putIfAbsent(run.key(), line);
            StoredRun earlier = firstOf.putIfAbsent(run.key(), run);
            if (earlier != null && !earlier.metrics().equals(run.metrics())) {
              // the same evaluation computed twice (two stores joined) agrees but for its times; other metrics
              // under one key are an edit or another build's results, and either could be the one to keep
              throw new DataFormatException(file.toString(), line, "stores the evaluation of line " + first
                  + " again with other metrics; remove the line that is wrong (or move the store away to start over)");
            }
            existing.add(run);
          } catch (DataFormatException e) {
            throw e;
          } catch (IOException | RuntimeException e) {
            if (complete) {
              // Jackson's own message ends with a location that names no file: ours does
              String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
              throw new DataFormatException(file.toString(), line, "not a stored run (" + why
                  + "); the store is damaged: move it away to start over");
            }
            torn = true;
            break;
          }
        }
        if (!complete) {
          // a last line without its newline parsed, but was it whole? keep it and end it
          good = bytes.length;
          break;
        }
        start = end + 1;
        good = start;
      }
      if (good < bytes.length) {
        channel.truncate(good);
        torn = true;
      } else if (bytes.length > 0 && bytes[bytes.length - 1] != '\n') {
        channel.write(ByteBuffer.wrap(new byte[] {'\n'}), bytes.length);
      }
      channel.position(channel.size());
      return new RunStore(file, channel, existing, torn);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * The whole file through {@code channel}: a POSIX lock is released when the process closes any descriptor of the
   * file, so the store never opens a second one (as {@link Files#readAllBytes} would).
   */
  private static byte[] readAll(Path file, FileChannel channel) throws IOException {
    long size = channel.size();
    if (size > Integer.MAX_VALUE - 8) {
      throw new IOException(file + ": " + size + " bytes is too large for a results store");
    }
    ByteBuffer b = ByteBuffer.allocate((int) size);
    while (b.hasRemaining() && channel.read(b, b.position()) >= 0) {
      // read until the buffer is full or the file ends
    }
    return b.position() == b.capacity() ? b.array() : java.util.Arrays.copyOf(b.array(), b.position());
  }

  /**
   * Takes the store's lock for as long as the channel is open (an advisory lock of the whole file, which the
   * operating system releases when the process ends, even by {@code kill -9}): two runs appending to one store
   * would write over each other's lines.
   *
   * @throws StoreInUseException if another process, or another store of this process, holds it
   */
  private static void lock(Path file, FileChannel channel) throws IOException {
    java.nio.channels.FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (java.nio.channels.OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      throw new StoreInUseException(file);
    }
  }

  /** The store is open in another run (another {@code alt experiment} with the same output folder). */
  public static final class StoreInUseException extends IOException {
    private static final long serialVersionUID = 1L;

    StoreInUseException(Path file) {
      super(file + ": the results store is in use by another run (an alt experiment writing to the same folder); wait for"
          + " it to finish, or give another output folder");
    }
  }

  /** The store's file. */
  public Path file() {
    return file;
  }

  /** Number of evaluations found in the file when it was opened. */
  public int loaded() {
    return loaded;
  }

  /** Whether {@link #open} dropped a torn last line (an evaluation cut off by a crash, to be recomputed). */
  public boolean droppedTornLine() {
    return droppedTornLine;
  }

  /** The evaluation stored under {@code key}, or null. */
  public synchronized StoredRun get(String key) {
    return runs.get(key);
  }

  /** Every stored evaluation, in the order stored. */
  public synchronized List<StoredRun> all() {
    return List.copyOf(runs.values());
  }

  /** Number of stored evaluations. */
  public synchronized int size() {
    return runs.size();
  }

  /**
   * Appends {@code run} (unless its key is already stored) with one write of the whole line.
   *
   * @param force whether to force the file to disk now (else within a second)
   */
  public synchronized void put(StoredRun run, boolean force) throws IOException {
    if (runs.containsKey(run.key())) {
      return;
    }
    byte[] line = (format(run) + "\n").getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.wrap(line);
    try {
      while (b.hasRemaining()) {
        channel.write(b);
      }
    } catch (IOException e) {
      throw named(e, "cannot add a result");
    }
    runs.put(run.key(), run);
    dirty = true;
    long now = System.nanoTime();
    if (force || now - lastForce > FORCE_INTERVAL_NANOS) {
      try {
        channel.force(false);
      } catch (IOException e) {
        throw named(e, "cannot write the results to disk");
      }
      lastForce = now;
      dirty = false;
    }
  }

  /** {@code e} with the store's file and what failed in its message (the system's own says "No space left on device"). */
  private IOException named(IOException e, String what) {
    String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new IOException(file + ": " + what + " (" + why + "); the results stored so far are kept, and a rerun resumes"
        + " from them", e);
  }

  /** Forces what was written to disk and closes the file. */
  @Override
  public synchronized void close() throws IOException {
    if (channel.isOpen()) {
      try {
        if (dirty) {
          channel.force(false);
        }
      } catch (IOException e) {
        throw named(e, "cannot write the results to disk");
      } finally {
        channel.close();
      }
    }
  }

  /** One line of JSON for {@code run} (numbers as Java's shortest round-trip form; NaN as null). */
  public static String format(StoredRun run) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("key", run.key());
      g.writeStringField("kind", run.kind());
      g.writeStringField("dataset", run.dataset());
      g.writeStringField("data", run.data());
      g.writeStringField("learner", run.learner());
      g.writeObjectFieldStart("settings");
      for (Map.Entry<String, String> e : run.settings().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeNumberField("seed", run.seed());
      g.writeNumberField("index", run.index());
      g.writeNumberField("folds", run.folds());
      g.writeStringField("scaling", run.scaling());
      g.writeObjectFieldStart("metrics");
      for (Map.Entry<String, Double> e : run.metrics().entrySet()) {
        number(g, e.getKey(), e.getValue());
      }
      g.writeEndObject();
      number(g, "trainSeconds", run.trainSeconds());
      number(g, "testSeconds", run.testSeconds());
      g.writeStringField("runKey", run.runKey());
      g.writeEndObject();
    }
    return w.toString();
  }

  private static void number(JsonGenerator g, String field, double v) throws IOException {
    g.writeFieldName(field);
    if (Double.isFinite(v)) {
      g.writeNumber(v);
    } else {
      g.writeNull();
    }
  }

  /** Parses one line written by {@link #format}. */
  public static StoredRun parse(String line) throws IOException {
    try (JsonParser p = JSON.createParser(line)) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      Map<String, String> text = new LinkedHashMap<>();
      Map<String, String> settings = new LinkedHashMap<>();
      Map<String, Double> metrics = new LinkedHashMap<>();
      Map<String, Double> numbers = new LinkedHashMap<>();
      Map<String, Long> longs = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        switch (field) {
          case "settings" -> readObject(p, t, settings, null);
          case "metrics" -> readObject(p, t, null, metrics);
          default -> {
            if (t == JsonToken.VALUE_STRING) {
              text.put(field, p.getText());
            } else if (t == JsonToken.VALUE_NUMBER_INT) {
              longs.put(field, p.getLongValue());
            } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
              numbers.put(field, p.getDoubleValue());
            } else if (t == JsonToken.VALUE_NULL) {
              numbers.put(field, Double.NaN);
            } else {
              throw new IOException("unexpected " + t + " for " + field);
            }
          }
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
        throw new IOException("the line does not end with its object");
      }
      checkMetrics(metrics);
      double trainSeconds = seconds(numbers, longs, "trainSeconds");
      double testSeconds = seconds(numbers, longs, "testSeconds");
      if (trainSeconds < 0 || testSeconds < 0) {
        throw new IOException("a negative time");
      }
      return new StoredRun(required(text, "key"), required(text, "kind"), required(text, "dataset"), required(text, "data"),
          required(text, "learner"), settings, requiredLong(longs, "seed"), (int) requiredLong(longs, "index"),
          (int) requiredLong(longs, "folds"), required(text, "scaling"), metrics, trainSeconds, testSeconds,
          text.getOrDefault("runKey", ""));
    }
  }

  /**
   * Refuses metrics no evaluation gives: one of the paper's seven missing (its tables would average the other runs in
   * silence), or a known metric outside its range (a fraction in [0, 1], coverage at least 0). null (0/0 left
   * undefined) is allowed. An edited digit within range is not caught: the store is a log, not a checksummed file.
   */
  private static void checkMetrics(Map<String, Double> metrics) throws IOException {
    for (org.altml.core.metric.Measure m : org.altml.core.metric.Measure.values()) {
      Double v = metrics.get(m.metricName());
      if (v == null) {
        if (m.paperMetric()) {
          throw new IOException("no \"" + m.metricName() + "\" among the metrics");
        }
        continue;
      }
      double most = m == org.altml.core.metric.Measure.COVERAGE ? Double.POSITIVE_INFINITY : 1.0;
      if (!Double.isNaN(v) && !(v >= 0 && v <= most)) {
        throw new IOException("metric " + m.metricName() + " = " + v + " is outside " + (most == 1.0 ? "[0, 1]" : "[0, ∞)"));
      }
    }
  }

  private static void readObject(JsonParser p, JsonToken t, Map<String, String> strings, Map<String, Double> doubles)
      throws IOException {
    expect(t, JsonToken.START_OBJECT);
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      if (strings != null) {
        expect(v, JsonToken.VALUE_STRING);
        strings.put(name, p.getText());
      } else if (v == JsonToken.VALUE_NULL) {
        doubles.put(name, Double.NaN);
      } else if (v == JsonToken.VALUE_NUMBER_FLOAT || v == JsonToken.VALUE_NUMBER_INT) {
        doubles.put(name, p.getDoubleValue());
      } else {
        throw new IOException("unexpected " + v + " for metric " + name);
      }
    }
  }

  private static void expect(JsonToken t, JsonToken expected) throws IOException {
    if (t != expected) {
      throw new IOException("expected " + expected + ", found " + t);
    }
  }

  private static String required(Map<String, String> m, String field) throws IOException {
    String v = m.get(field);
    if (v == null) {
      throw new IOException("no \"" + field + "\"");
    }
    return v;
  }

  private static long requiredLong(Map<String, Long> m, String field) throws IOException {
    Long v = m.get(field);
    if (v == null) {
      throw new IOException("no \"" + field + "\"");
    }
    return v;
  }

  private static double seconds(Map<String, Double> d, Map<String, Long> l, String field) {
    Double v = d.get(field);
    if (v != null) {
      return v;
    }
    Long w = l.get(field);
    return w == null ? Double.NaN : w;
  }
}
