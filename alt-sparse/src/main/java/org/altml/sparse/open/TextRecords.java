package org.altml.sparse.open;

import java.nio.charset.StandardCharsets;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.internal.Numbers;

/**
 * Parses a line of the two LIBSVM formats into an {@link OpenRecord}, before any vocabulary: LIBSVM's rules (tokens
 * separated by spaces or tabs, everything after {@code '#'} a comment, a blank or comment line no record, a first token
 * without {@code ':'} the labels separated by commas, values decimal floats, finite) with LIBSVM's messages. In
 * {@link OpenFormat#LIBSVM} labels and feature indices are non-negative integers; in {@link OpenFormat#LIBSVM_NAMES} they
 * are names ({@code sports,economy budget:1}), split at the last {@code ':'} of a token, following the name rule; there
 * only a {@code '#'} that begins a token starts a comment, one within a token is part of the name ({@code c#}), so that
 * a name is never cut short silently.
 */
final class TextRecords {
  private static final String NAMED_HINT = " (named labels and features: --format libsvm-names; JSON records:"
      + " --format json)";

  private TextRecords() {}

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\r';
  }

  /** Parses {@code b[s, e)} into {@code r} (cleared first); false for a blank or comment line. */
  static boolean parse(byte[] b, int s, int e, boolean named, OpenRecord r, String file, long line)
      throws DataFormatException {
    r.clear();
    int p = s;
    while (p < e && isSpace(b[p])) {
      p++;
    }
    if (p == e || b[p] == '#') {
      return false;
    }
    int t = p;
    while (t < e && !isSpace(b[t]) && (named || b[t] != '#') && b[t] != ':') {
      t++;
    }
    if (t == e || b[t] != ':') {
      labels(b, p, t, named, r, file, line);
      p = t;
    }
    while (true) {
      while (p < e && isSpace(b[p])) {
        p++;
      }
      if (p == e || b[p] == '#') {
        return true;
      }
      int ts = p;
      int colon = -1;
      while (p < e && !isSpace(b[p]) && (named || b[p] != '#')) {
        if (b[p] == ':' && (named || colon < 0)) {
          colon = p;
        }
        p++;
      }
      if (colon < 0) {
        throw error(b, ts, p, file, line, "expected " + (named ? "name" : "index") + ":value (missing ':')");
      }
      float value = Numbers.parseFloat(b, colon + 1, p);
      if (named) {
        String name = new String(b, ts, colon - ts, StandardCharsets.UTF_8);
        String problem = OpenNames.problem(name);
        if (problem != null) {
          throw error(b, ts, p, file, line, "feature " + problem);
        }
        checkValue(b, ts, colon, p, value, file, line);
        r.addEntry(name, -1, value);
      } else {
        long index = Numbers.parseIndex(b, ts, colon);
        if (index < 0) {
          throw error(b, ts, p, file, line, index == Numbers.NEGATIVE ? "negative feature index"
              : index == Numbers.TOO_LARGE ? "feature index too large"
              : "feature index is not a non-negative integer" + NAMED_HINT);
        }
        checkValue(b, ts, colon, p, value, file, line);
        r.addEntry(null, index, value);
      }
    }
  }

  private static void checkValue(byte[] b, int ts, int colon, int p, float value, String file, long line)
      throws DataFormatException {
    if (!Float.isFinite(value)) {
      throw error(b, ts, p, file, line, Numbers.floatProblem(b, colon + 1, p));
    }
  }

  private static void labels(byte[] b, int s, int e, boolean named, OpenRecord r, String file, long line)
      throws DataFormatException {
    int p = s;
    while (true) {
      int ts = p;
      while (p < e && b[p] != ',') {
        p++;
      }
      if (named) {
        String name = new String(b, ts, p - ts, StandardCharsets.UTF_8);
        String problem = OpenNames.problem(name);
        if (problem != null) {
          throw error(b, s, e, file, line, "label " + problem);
        }
        r.addLabel(name, false);
      } else {
        long raw = Numbers.parseIndex(b, ts, p);
        if (raw < 0) {
          throw error(b, ts, p, file, line, raw == Numbers.NEGATIVE ? "negative label (labels are non-negative integers)"
              : raw == Numbers.TOO_LARGE ? "label too large"
              : "label is not a non-negative integer (expected l1,l2,... or index:value)" + NAMED_HINT);
        }
        r.addLabel(Long.toString(raw), true);
      }
      if (p == e) {
        return;
      }
      p++;
    }
  }

  private static DataFormatException error(byte[] b, int s, int e, String file, long line, String problem) {
    return new DataFormatException(file, line, "token " + Numbers.quote(Numbers.token(b, s, e)) + ": " + problem);
  }
}
