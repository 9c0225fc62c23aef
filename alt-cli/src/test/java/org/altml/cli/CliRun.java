package org.altml.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** The result of running {@code alt} in-process, as picocli's manual tests applications. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    CommandLine cmd = AltCommand.newCommandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
