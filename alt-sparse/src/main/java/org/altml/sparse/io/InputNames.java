package org.altml.sparse.io;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What the name of an input says: standard input ({@code "-"}), its name in messages and datasets, gzip and the
 * format by the name's suffix. Shared by the readers, the writers and the output checks.
 */
public final class InputNames {
  /** The name of standard input in messages and digests. */
  public static final String STDIN_NAME = "<stdin>";

  private InputNames() {}

  /** Whether {@code file} is {@code "-"}, standard input. */
  public static boolean isStandardInput(Path file) {
    return file.toString().equals("-");
  }

  /** The name of {@code file} in messages: as given, or {@value #STDIN_NAME}. */
  public static String displayName(Path file) {
    return isStandardInput(file) ? STDIN_NAME : file.toString();
  }

  /** Whether the file name ends in {@code .gz} (in any case), so an output is written gzipped. */
  public static boolean isGzipName(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
  }

  /** The file name without a {@code .gz} suffix, in lower case, for format detection. */
  public static String plainName(Path file) {
    Path name = file.getFileName();
    return name == null ? "" : plainName(name.toString());
  }

  /** The name without a {@code .gz} suffix, in lower case. */
  public static String plainName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.endsWith(".gz") ? lower.substring(0, lower.length() - 3) : lower;
  }

  /** The dataset name of a file: its file name, or {@code <stdin>}. */
  public static String datasetName(Path file) {
    if (isStandardInput(file)) {
      return STDIN_NAME;
    }
    Path name = file.getFileName();
    return name == null ? file.toString() : name.toString();
  }
}
