package org.altml.sparse.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import org.altml.sparse.io.DataFormatException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every class of bad record, in every format: a DataFormatException naming the file, the line and the problem. */
class OpenRecordErrorsTest {
  static List<Arguments> badRecords() {
    return List.of(
        // LIBSVM
        Arguments.of("libsvm", "1 3:abc", "token '3:abc': value 'abc' is not a number"),
        Arguments.of("libsvm", "1 3:nan", "NaN or infinite"),
        Arguments.of("libsvm", "1 3:-inf", "NaN or infinite"),
        Arguments.of("libsvm", "1 3:1e39", "outside the float range"),
        Arguments.of("libsvm", "1 3:", "value '' is not a number"),
        Arguments.of("libsvm", "1 12", "token '12': expected index:value (missing ':')"),
        Arguments.of("libsvm", "1 budget:1", "feature index is not a non-negative integer (named labels and features:"
            + " --format libsvm-names; JSON records: --format json)"),
        Arguments.of("libsvm", "1 -3:1", "negative feature index"),
        Arguments.of("libsvm", "1 99999999999:1", "feature index too large"),
        Arguments.of("libsvm", "sports 1:1", "label is not a non-negative integer"),
        Arguments.of("libsvm", "1,,2 1:1", "label is not a non-negative integer"),
        Arguments.of("libsvm", "-1 1:1", "negative label"),
        Arguments.of("libsvm", "1 4:1 2:1 4:0", "duplicate feature index 4 (each feature may appear once per record)"),
        Arguments.of("libsvm", "3,1,3 1:1", "duplicate label 3"),
        // name:value LIBSVM
        Arguments.of("libsvm-names", "a budget", "token 'budget': expected name:value (missing ':')"),
        Arguments.of("libsvm-names", "a :1", "feature empty name"),
        Arguments.of("libsvm-names", "a x,y:1", "feature name \"x,y\" contains a ','"),
        Arguments.of("libsvm-names", "a x:y:1", "feature name \"x:y\" contains a ':'"),
        Arguments.of("libsvm-names", "a x\u00a0y:1", "contains whitespace"),
        Arguments.of("libsvm-names", "a x\u0007:1", "contains a control character"),
        Arguments.of("libsvm-names", "a x:zz", "value 'zz' is not a number"),
        Arguments.of("libsvm-names", "a x:Infinity", "NaN or infinite"),
        Arguments.of("libsvm-names", "a x:1 y:1 x:2", "feature \"x\" given twice"),
        Arguments.of("libsvm-names", "a x:0 x:1", "feature \"x\" given twice"),
        Arguments.of("libsvm-names", "a,,b x:1", "label empty name"),
        Arguments.of("libsvm-names", "a, x:1", "label empty name"),
        Arguments.of("libsvm-names", "a,b,a x:1", "duplicate label \"a\""),
        // JSON
        Arguments.of("json", "1 3:1", "not a JSON object (a LIBSVM line?"),
        Arguments.of("json", "[1]", "not a JSON object"),
        Arguments.of("json", "{\"features\": {\"x\": 1}", "not valid JSON"),
        Arguments.of("json", "{\"labels\": [\"a\"]}", "no \"features\" (give \"features\": {} for a record without features)"),
        Arguments.of("json", "{\"features\": [1, 2]}", "\"features\" must be an object of \"name\": value, not an array"),
        Arguments.of("json", "{\"words\": 3}", "\"words\" must be an object"),
        Arguments.of("json", "{\"features\": {}, \"words\": {}}", "both \"features\" and \"words\""),
        Arguments.of("json", "{\"features\": {}, \"features\": {}}", "key \"features\" given twice"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [], \"labels\": []}", "key \"labels\" given twice"),
        Arguments.of("json", "{\"features\": {}, \"label\": [1]}", "unknown key \"label\""),
        Arguments.of("json", "{\"features\": {\"x\": \"1\"}}", "feature \"x\": the value must be a number, not a string"),
        Arguments.of("json", "{\"features\": {\"x\": NaN}}", "feature \"x\": value 'nan' is NaN or infinite"),
        Arguments.of("json", "{\"features\": {\"x\": -Infinity}}", "is NaN or infinite"),
        Arguments.of("json", "{\"features\": {\"x\": 1e39}}", "outside the float range"),
        Arguments.of("json", "{\"features\": {\"\": 1}}", "feature empty name"),
        Arguments.of("json", "{\"features\": {\"a b\": 1}}", "feature name \"a b\" contains whitespace"),
        Arguments.of("json", "{\"features\": {\"x\": 1, \"x\": 2}}", "feature \"x\" given twice"),
        Arguments.of("json", "{\"features\": {\"a\\ud800\": 1}}", "contains an unpaired surrogate"),
        Arguments.of("json", "{\"features\": {}, \"labels\": \"a\"}", "\"labels\" must be an array"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [true]}", "a boolean is neither a label name (a string) nor a label id"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [1.5]}", "1.5 is neither a label name"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [null]}", "null is neither"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [[\"a\"]]}", "an array is neither"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [-2]}", "label id -2 is negative"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [3000000000]}", "label id 3000000000 is too large"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [\"\"]}", "label empty name"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [\"a,b\"]}", "label name \"a,b\" contains a ','"),
        Arguments.of("json", "{\"features\": {}, \"labels\": [\"a\", \"a\"]}", "duplicate label \"a\""),
        Arguments.of("json", "{\"features\": {}, \"labels\": [3, \"3\"]}", "label name \"3\" and label index 3 in one record"),
        Arguments.of("json", "{\"features\": {}, \"id\": [1]}", "\"id\" must be a string or an integer, not an array"),
        Arguments.of("json", "{\"features\": {}} {}", "text after the record's object"),
        Arguments.of("json", "{\"features\": {}} x", "text after the record's object"));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("badRecords")
  void everyBadRecordNamesFileLineAndProblemAndChangesNothing(String format, String line, String problem) throws Exception {
    for (Supplier<FeatureVocabulary> features : List.<Supplier<FeatureVocabulary>>of(
        () -> new FeatureDictionary(100), () -> new FeatureHashing(8))) {
      Vocabulary v = new Vocabulary(new LabelVocabulary(), features.get());
      OpenRecord r = new OpenRecord();
      OpenStream.parse(format.equals("json") ? "{\"features\": {\"k\": 1}, \"labels\": [\"z\"]}" : format.equals("libsvm")
          ? "7 5:1" : "z k:1", OpenFormat.ofCliName(format), v, true, "data", 1, r);
      int labels = v.labels().size();
      int rows = v.features().numRows();
      DataFormatException e = assertThrows(DataFormatException.class,
          () -> OpenStream.parse(line, OpenFormat.ofCliName(format), v, true, "data." + format, 12, r));
      assertTrue(e.getMessage().startsWith("data." + format + ":12: "), e.getMessage());
      assertTrue(e.getMessage().contains(problem), e.getMessage());
      assertEquals("data." + format, e.file());
      assertEquals(12, e.line());
      assertEquals(labels, v.labels().size(), "no label added by a bad record");
      assertEquals(rows, v.features().numRows(), "no feature added by a bad record");
      assertEquals(0, r.features().nnz(), "a refused record is empty");
      assertEquals(0, r.labels().size(), "a refused record is empty");
    }
  }

  static List<Arguments> numericFeatureRecords() {
    return List.of(
        Arguments.of("libsvm", "1 0:1", "feature index 0 in a 1-based file"),
        Arguments.of("libsvm", "1 0:0", "feature index 0 in a 1-based file"),
        Arguments.of("libsvm-names", "a budget:1", "feature \"budget\" is not a feature index"),
        Arguments.of("json", "{\"features\": {\"x1\": 1}}", "feature \"x1\" is not a feature index"),
        Arguments.of("json", "{\"features\": {\"3\": 1, \"003\": 2}}", "duplicate feature index 3"),
        Arguments.of("libsvm", "1 1001:1", "feature index 1001 is past the bound of 1000 features"));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("numericFeatureRecords")
  void numericFeaturesRefuseNamesAndIndicesOutOfRange(String format, String line, String problem) throws Exception {
    Vocabulary v = new Vocabulary(new LabelVocabulary(), new NumericFeatures(false, 1000));
    DataFormatException e = assertThrows(DataFormatException.class,
        () -> OpenStream.parse(line, OpenFormat.ofCliName(format), v, true, "n", 3, new OpenRecord()));
    assertTrue(e.getMessage().startsWith("n:3: ") && e.getMessage().contains(problem), e.getMessage());
    assertEquals(0, v.features().numRows());
    assertEquals(0, v.labels().size());
  }
}
