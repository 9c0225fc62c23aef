package org.altml.sparse.open;

import java.nio.file.Path;
import java.util.Locale;

/** The record formats of an open stream, one record per line ({@link OpenStream}). */
public enum OpenFormat {
  /**
   * LIBSVM lines ({@code 3,7 12:0.5 40:1}), with LIBSVM's rules (comments after {@code '#'}, blank lines, a UTF-8 byte
   * order mark): numeric labels, named by their decimal text, and numeric feature indices, whose decimal text is their
   * name for a dictionary or hashing.
   */
  LIBSVM("libsvm"),
  /**
   * The {@code name:value} variant of LIBSVM: {@code sports,economy budget:1 tax:2.5}, label names separated by commas
   * (string names, whatever their text), then features {@code name:value}; blank lines, and comments from a {@code '#'}
   * that begins a token (within a token it is part of the name, as in {@code c#}).
   */
  LIBSVM_NAMES("libsvm-names"),
  /**
   * JSON lines: one object per line, {@code {"id": "a1", "features": {"budget": 1.0}, "labels": ["sports", 3]}}
   * ({@code "words"} may stand for {@code "features"}); a string label is a name, an integer a numeric id.
   */
  JSON("json");

  private final String cliName;

  OpenFormat(String cliName) {
    this.cliName = cliName;
  }

  /** The name on the command line: {@code libsvm}, {@code libsvm-names}, {@code json}. */
  public String cliName() {
    return cliName;
  }

  /**
   * The format of a command-line name.
   *
   * @throws IllegalArgumentException naming the formats if {@code name} is none of them
   */
  public static OpenFormat ofCliName(String name) {
    for (OpenFormat f : values()) {
      if (f.cliName.equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown open format '" + name + "' (libsvm, libsvm-names or json)");
  }

  /** The format a file's name suggests: JSON for {@code .jsonl}, {@code .json} (and gzipped), else LIBSVM. */
  public static OpenFormat guess(Path file) {
    Path name = file.getFileName();
    String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
    if (n.endsWith(".gz")) {
      n = n.substring(0, n.length() - 3);
    }
    return n.endsWith(".jsonl") || n.endsWith(".json") ? JSON : LIBSVM;
  }

  @Override
  public String toString() {
    return cliName;
  }
}
