package org.altml.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.altml.core.math.VectorMath;
import picocli.CommandLine.IVersionProvider;

/** Prints the toolkit version, the JDK (version and vendor) and the active vectorization. */
public final class VersionProvider implements IVersionProvider {
  /** Creates the provider (picocli instantiates it). */
  public VersionProvider() {}

  /** The toolkit version, from the build ({@code version.properties}), or {@code "unknown"}. */
  public static String toolkitVersion() {
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
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

  /** Whether this JVM was started with {@code --add-modules jdk.incubator.vector}. */
  public static boolean vectorModulePresent() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "alt " + toolkitVersion(),
      "JDK " + Runtime.version() + " (" + System.getProperty("java.vendor") + ", " + System.getProperty("java.vm.name") + ")",
      "vectorization: " + VectorMath.implementation()
          + (vectorModulePresent() ? " (Vector API module present)" : " (Vector API module absent: start with --add-modules jdk.incubator.vector)")
    };
  }
}
