package org.altml.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** The result of running {@code alt} in-process, as picocli's manual tests applications. */
public record CliRun(int exitCode, String out, String err) {
  public static CliRun of(String... args) {
    CommandLine cmd = AltCommand.newCommandLine(args); // as main builds it
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /** Runs {@code alt} with {@code stdin} as standard input ({@code -} reads it). */
  public static CliRun withInput(byte[] stdin, String... args) {
    InputStream saved = System.in;
    System.setIn(new ByteArrayInputStream(stdin));
    try {
      return of(args);
    } finally {
      System.setIn(saved);
    }
  }

  /** The error output as one line: asserts that there is exactly one, and returns it without the newline. */
  public String errLine() {
    if (err.lines().count() != 1) {
      throw new AssertionError("expected one line on stderr, got: " + err);
    }
    return err.strip();
  }
}
