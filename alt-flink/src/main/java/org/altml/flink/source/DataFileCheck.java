package org.altml.flink.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.StrictGzipInputStream;
import org.altml.sparse.io.files.RecordParser;

/**
 * Whether a data file's name says what its content is. Flink's file source reads a file through gzip by its {@code .gz}
 * name, and the jobs read ARFF by its {@code .arff} name ({@link DataSpec#isArff}; the CLI's readers look at the content
 * instead), so gzip data under another name would be read as lines of binary, and ARFF as bad LIBSVM records.
 */
public final class DataFileCheck {
  /** How much of a file is looked at. */
  private static final int HEAD = 1 << 16;

  private DataFileCheck() {}

  /**
   * Why the local data file {@code file} ({@code named} in messages: the option and the file as given) cannot be read by
   * its name, or null when it can: gzip data named otherwise, a {@code .gz} name on other data, ARFF under another name,
   * or what the command line's readers refuse at line 1 (UTF-16, an archive, other compression, binary data), which the
   * jobs would read as lines of bad records, or learn from an archive's members in silence.
   */
  public static String problem(String named, Path file) {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(HEAD);
    } catch (IOException e) {
      return named + ": cannot be read (" + e.getMessage() + ")";
    }
    boolean gzipData = head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    boolean gzipName = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    if (gzipData && !gzipName) {
      return named + ": is gzip-compressed, and Flink reads a file through gzip by its name: name it .gz";
    }
    if (!gzipData && gzipName && head.length > 0) {
      return named + ": is named .gz but is not gzip data: name it without .gz";
    }
    if (!gzipData && !DataSpec.isArff(file.toString()) && startsLikeArff(head)) {
      return named + ": is ARFF (it starts with @relation), and the jobs read ARFF by its name: name it .arff";
    }
    byte[] text = head;
    if (gzipData) {
      try (InputStream in = new StrictGzipInputStream(Files.newInputStream(file), HEAD)) {
        text = in.readNBytes(HEAD);
      } catch (IOException e) {
        return null; // a broken gzip stream: the job names its line when it gets there
      }
    }
    try {
      RecordParser.checkFileStart(named, text, text.length);
      return null;
    } catch (DataFormatException e) {
      return e.getMessage();
    }
  }

  /** Whether the first line that is not blank or a % comment starts with @relation (any case). */
  private static boolean startsLikeArff(byte[] head) {
    for (String line : new String(head, StandardCharsets.ISO_8859_1).split("\n", -1)) {
      String t = line.strip();
      if (!t.isEmpty() && !t.startsWith("%")) {
        return t.toLowerCase(Locale.ROOT).startsWith("@relation");
      }
    }
    return false;
  }
}
