package org.altml.cli.output;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The toolkit's version as the build wrote it ({@code version.properties}), for {@code --version} and saved models. */
public final class ToolkitVersion {
  private ToolkitVersion() {}

  /** The toolkit version, from the build ({@code version.properties}), or {@code "unknown"}. */
  public static String get() {
    try (InputStream in = ToolkitVersion.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
