package org.altml.experiment.plan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.altml.sparse.io.DataFormatException;

/**
 * Reads a plan file: one dataset per line, {@code NAME: options}, UTF-8 (a byte order mark allowed); empty lines
 * and lines starting with {@code #} are skipped, and a {@code #} that starts a word starts a comment. The options
 * are returned as words ({@link #words}), for the caller to parse with its own options.
 */
public final class PlanFile {
  private static final Pattern LINE = Pattern.compile("([A-Za-z0-9._+-]+)\\s*:\\s*(.*)");

  private PlanFile() {}

  /** What a caller does with each dataset line, in file order; what it throws ends the reading. */
  @FunctionalInterface
  public interface LineHandler {
    /** Handles one dataset line. */
    void line(PlanLine line) throws IOException;
  }

  /**
   * The dataset lines of {@code plan}, in file order.
   *
   * @throws DataFormatException naming the plan and line: not UTF-8, a line that is not {@code NAME: options}, an
   *     unmatched quote, or a plan that names no dataset
   */
  public static List<PlanLine> read(Path plan) throws IOException {
    List<PlanLine> out = new ArrayList<>();
    forEach(plan, out::add);
    return out;
  }

  /**
   * Hands each dataset line of {@code plan} to {@code handler} as soon as it is read, so that a problem of an earlier
   * line (found by the handler) is reported before one of a later line.
   *
   * @throws DataFormatException as {@link #read}, or what {@code handler} throws
   */
  public static void forEach(Path plan, LineHandler handler) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(plan, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      throw new DataFormatException(plan.toString(), firstBadLine(plan), "not UTF-8 text (save the plan file as UTF-8)", e);
    }
    Path base = plan.toAbsolutePath().getParent();
    int datasets = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (i == 0 && line.startsWith("\uFEFF")) {
        line = line.substring(1);
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new DataFormatException(plan.toString(), i + 1, "expected 'NAME: options'");
      }
      handler.line(new PlanLine(plan, base, i + 1, m.group(1), List.of(words(m.group(2), plan, i + 1))));
      datasets++;
    }
    if (datasets == 0) {
      throw new DataFormatException(plan.toString(), lines.size(), "the plan names no dataset");
    }
  }

  /** The 1-based line of the first byte sequence of {@code file} that is not UTF-8 (0 if there is none). */
  static long firstBadLine(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    long line = 1;
    int start = 0;
    for (int i = 0; i <= bytes.length; i++) {
      if (i == bytes.length || bytes[i] == '\n') {
        try {
          decoder.decode(ByteBuffer.wrap(bytes, start, i - start));
        } catch (CharacterCodingException e) {
          return line;
        }
        line++;
        start = i + 1;
      }
    }
    return 0;
  }

  /**
   * Splits a plan line into words as a shell would, without escapes: white space separates words, single or double
   * quotes keep what they enclose together (spaces, the other quote, '#'), quoted and plain parts of one word join
   * ({@code --train="a b.svm"}), and a '#' that starts a word starts a comment to the end of the line.
   *
   * @throws DataFormatException at {@code plan}:{@code line} for an unmatched quote
   */
  public static String[] words(String text, Path plan, int line) throws DataFormatException {
    List<String> out = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        if (word != null) {
          out.add(word.toString());
          word = null;
        }
        i++;
      } else if (c == '#' && word == null) {
        break;
      } else if (c == '"' || c == '\'') {
        int close = text.indexOf(c, i + 1);
        if (close < 0) {
          throw new DataFormatException(plan.toString(), line, "an unmatched " + (c == '"' ? "double" : "single") + " quote");
        }
        word = word == null ? new StringBuilder() : word;
        word.append(text, i + 1, close);
        i = close + 1;
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
        i++;
      }
    }
    if (word != null) {
      out.add(word.toString());
    }
    return out.toArray(String[]::new);
  }
}
