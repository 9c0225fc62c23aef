package org.altml.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.altml.sparse.io.files.RecordParser;
import org.junit.jupiter.api.Test;

/**
 * JSON records ({@code --format json}) through {@link Parsing}: the example of the LIBSVM line they are, every malformed
 * one a bad record with its reason (never an exception), and their ids.
 */
class JsonRecordsTest {
  private static final String FILE = "/data/records.jsonl";

  private static DataSpec json(int numLabels, int numFeatures, boolean zeroBased) {
    return new DataSpec(numLabels, numFeatures, zeroBased, null, -1, List.of(), -1, RecordFormat.JSON, false);
  }

  private static TextLine line(long n, String text) {
    return new TextLine(FILE, n, text.getBytes(StandardCharsets.UTF_8));
  }

  /** The labels and features a parse gives, as text, or "bad: reason", or "none". */
  private static String parsed(Parsing parsing, String text) throws Exception {
    RecordParser p = parsing.parse(line(1, text));
    if (p == null) {
      return parsing.reason() == null ? "none" : "bad: " + parsing.reason();
    }
    return Arrays.toString(Arrays.copyOf(p.labels().array(), p.labels().size())) + " " + features(p);
  }

  /** The features as index:value pairs, each value also as its float's bits (bit-equal examples compare equal). */
  private static String features(RecordParser p) {
    StringBuilder b = new StringBuilder("{");
    for (int k = 0; k < p.features().nnz(); k++) {
      float v = p.features().value(k);
      b.append(k == 0 ? "" : " ").append(p.features().index(k)).append(':').append(v).append('#').append(Float.floatToRawIntBits(v));
    }
    return b.append('}').toString();
  }

  @Test
  void aJsonRecordIsTheExampleOfItsLibSvmLine() throws Exception {
    Parsing fromJson = new Parsing(json(5, 0, false), 5);
    Parsing fromLibSvm = new Parsing(DataSpec.libSvm(5), 5);
    String[][] pairs = {
        {"{\"id\": \"a1\", \"features\": {\"3\": 0.5, \"17\": 1}, \"labels\": [0, 4]}", "0,4 3:0.5 17:1"},
        {"{\"features\": {\"17\": 1.25e-3, \"2\": -7}, \"labels\": []}", "2:-7 17:1.25e-3"},
        {"{\"labels\": [2], \"features\": {}}", "2"},
        {"  {\"features\": {\"1\": 0.1, \"40\": 3.4028234e38}, \"labels\": [1,3]}  ", "1,3 1:0.1 40:3.4028234e38"}};
    for (String[] pair : pairs) {
      String fromJsonText = parsed(fromJson, pair[0]);
      assertTrue(!fromJsonText.startsWith("bad") && !fromJsonText.equals("none"), pair[0] + ": " + fromJsonText);
      assertEquals(parsed(fromLibSvm, pair[1]), fromJsonText, pair[0]);
    }
    // no labels and no features: an example of neither, not a blank line; a blank line is no record
    assertEquals("[] {}", parsed(fromJson, "{\"features\": {}, \"labels\": []}"));
    assertEquals("none", parsed(fromJson, "   "));
    // zero-based indices, as LIBSVM's --zero-based
    assertTrue(parsed(new Parsing(json(5, 0, true), 5), "{\"features\": {\"0\": 2}, \"labels\": [1]}").startsWith("[1] "));
  }

  @Test
  void everyMalformedRecordIsABadRecordThatSaysWhy() throws Exception {
    Parsing parsing = new Parsing(json(5, 40, false), 5);
    String[][] cases = {
        // not JSON, not an object
        {"0,4 3:0.5", "not a JSON object (a LIBSVM line? --format json reads one JSON object per line)"},
        {"{\"features\": {\"3\": 0.5}, \"labels\": [0]", "not valid JSON: Unexpected end-of-input"},
        {"{\"features\": {\"3\": 0.5}, \"labels\": [0\u00ff]}", "not valid JSON"},
        {"{features: {}}", "not valid JSON"},
        {"[1, 2]", "not a JSON object"},
        {"\"a\"", "not a JSON object"},
        // wrong types
        {"{\"features\": [1, 2], \"labels\": [0]}", "\"features\" must be an object of \"index\": value, not an array"},
        {"{\"features\": {\"3\": \"0.5\"}, \"labels\": [0]}", "feature \"3\": the value must be a number, not a string"},
        {"{\"features\": {\"3\": null}, \"labels\": [0]}", "feature \"3\": the value must be a number, not null"},
        {"{\"features\": {\"3\": true}, \"labels\": [0]}", "feature \"3\": the value must be a number, not a boolean"},
        {"{\"features\": {}, \"labels\": 3}", "\"labels\" must be an array of label ids, not a number"},
        {"{\"features\": {}, \"labels\": [\"0\"]}", "\"labels\": a string is not a label id (an integer)"},
        {"{\"features\": {}, \"labels\": [1.5]}", "\"labels\": 1.5 is not a label id (an integer)"},
        {"{\"features\": {}, \"labels\": [[0]]}", "\"labels\": an array is not a label id (an integer)"},
        {"{\"id\": [1], \"features\": {}, \"labels\": []}", "\"id\" must be a string or an integer, not an array"},
        {"{\"id\": 1.5, \"features\": {}, \"labels\": []}", "\"id\" must be a string or an integer, not a number"},
        // not finite
        {"{\"features\": {\"3\": NaN}, \"labels\": [0]}", "feature \"3\": value NaN is NaN or infinite"},
        {"{\"features\": {\"3\": -Infinity}, \"labels\": [0]}", "feature \"3\": value -Infinity is NaN or infinite"},
        {"{\"features\": {\"3\": 1e39}, \"labels\": [0]}", "outside the float range"},
        // bad and duplicate indices (LIBSVM's checks)
        {"{\"features\": {\"x\": 1}, \"labels\": [0]}", "feature key \"x\" is not a feature index"},
        {"{\"features\": {\"3.5\": 1}, \"labels\": [0]}", "feature key \"3.5\" is not a feature index"},
        {"{\"features\": {\"\": 1}, \"labels\": [0]}", "feature key \"\" is not a feature index"},
        {"{\"features\": {\"0\": 1}, \"labels\": [0]}", "in LIBSVM form, token '0:1': feature index 0 in a 1-based file"},
        {"{\"features\": {\"-2\": 1}, \"labels\": [0]}", "negative feature index"},
        {"{\"features\": {\"41\": 1}, \"labels\": [0]}", "token '41:1': feature index beyond the declared 40 features"},
        {"{\"features\": {\"3\": 1, \"3\": 2}, \"labels\": [0]}", "duplicate feature index 3"},
        {"{\"features\": {\"3\": 1, \"03\": 2}, \"labels\": [0]}", "duplicate feature index 3"},
        // labels out of range, negative, repeated
        {"{\"features\": {}, \"labels\": [5]}", "token '5': label beyond the declared 5 labels"},
        {"{\"features\": {}, \"labels\": [-1]}", "negative label"},
        {"{\"features\": {}, \"labels\": [1, 1]}", "duplicate label 1"},
        // unknown keys, a key twice, no features
        {"{\"features\": {}, \"label\": [0]}", "unknown key \"label\" (a record has \"id\", \"features\" and \"labels\")"},
        {"{\"features\": {}, \"labels\": [0], \"weight\": 2}", "unknown key \"weight\""},
        {"{\"features\": {}, \"labels\": [0], \"labels\": [1]}", "key \"labels\" given twice"},
        {"{\"labels\": [0]}", "no \"features\" (give \"features\": {} for a record without features)"},
        // trailing garbage
        {"{\"features\": {}, \"labels\": [0]} x", "text after the record's object"},
        {"{\"features\": {}, \"labels\": [0]}{}", "text after the record's object"},
        {"{\"features\": {}, \"labels\": [0]} 7", "text after the record's object"}};
    for (String[] c : cases) {
      String got = parsed(parsing, c[0]);
      assertTrue(got.startsWith("bad: ") && got.contains(c[1]), c[0] + " gave " + got);
    }
    // the LIBSVM checks' messages for the cases above name what they found
    assertTrue(parsed(parsing, "{\"features\": {\"3\": 1, \"3\": 2}, \"labels\": [0]}").contains("duplicate feature index 3"),
        parsed(parsing, "{\"features\": {\"3\": 1, \"3\": 2}, \"labels\": [0]}"));
  }

  /** A record without "labels" is unlabelled: a bad record where the job learns from its records, an example elsewhere. */
  @Test
  void aRecordWithoutLabelsIsBadWhereTheJobLearns() throws Exception {
    String unlabelled = "{\"id\": 7, \"features\": {\"3\": 0.5}}";
    assertEquals("[] {2:0.5#" + Float.floatToRawIntBits(0.5f) + "}", parsed(new Parsing(json(5, 0, false), 5), unlabelled));
    String bad = parsed(new Parsing(json(5, 0, false).requiringLabels(), 5), unlabelled);
    assertTrue(bad.startsWith("bad: no \"labels\": the job learns from labelled records"), bad);
    assertTrue(parsed(new Parsing(json(5, 0, false).requiringLabels(), 5), "{\"features\": {}, \"labels\": []}").startsWith("[] "));
  }

  @Test
  void theIdIsTheRecordsElseItsTransports() throws Exception {
    Parsing parsing = new Parsing(json(5, 0, false), 5);
    TextLine keyed = line(3, "{\"id\": \"a1\", \"features\": {}, \"labels\": [1]}");
    keyed.id = "kafka-key";
    assertNotNull(parsing.parse(keyed));
    assertEquals("a1", parsing.id());
    assertNotNull(parsing.parse(line(4, "{\"id\": 12345678901234567890, \"features\": {}, \"labels\": [1]}")));
    assertEquals("12345678901234567890", parsing.id());
    TextLine noId = line(5, "{\"features\": {}, \"labels\": [1]}");
    noId.id = "kafka-key";
    assertNotNull(parsing.parse(noId));
    assertEquals("kafka-key", parsing.id());
    assertNotNull(parsing.parse(line(6, "{\"features\": {}, \"labels\": [1]}")));
    assertNull(parsing.id());
    // a bad record keeps the id it gave (for a dead-letter message)
    assertNull(parsing.parse(line(7, "{\"id\": \"b2\", \"features\": {}, \"label\": [1]}")));
    assertEquals("b2", parsing.id());
    // LIBSVM records: the transport's id
    Parsing libSvm = new Parsing(DataSpec.libSvm(5), 5);
    TextLine plain = new TextLine("/data/r.svm", 1, "1 3:1".getBytes(StandardCharsets.UTF_8));
    plain.id = "k9";
    assertNotNull(libSvm.parse(plain));
    assertEquals("k9", libSvm.id());
  }

  /** A JSON record in a LIBSVM job says what it may be; ARFF files stay ARFF whatever --format says. */
  @Test
  void theOtherFormatIsNamed() throws Exception {
    Parsing libSvm = new Parsing(DataSpec.libSvm(5), 5);
    assertNull(libSvm.parse(new TextLine("/data/r.svm", 1, "{\"features\": {}, \"labels\": [1]}".getBytes(StandardCharsets.UTF_8))));
    assertTrue(libSvm.reason().endsWith("(a JSON record? give --format json)"), libSvm.reason());
    assertTrue(json(5, 0, false).isJson("a.jsonl") && !json(5, 0, false).isJson("a.arff") && !json(5, 0, false).isJson("a.ARFF.gz"));
  }
}
