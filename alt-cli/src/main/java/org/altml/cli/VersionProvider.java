package org.altml.cli;

import org.altml.cli.output.ToolkitVersion;
import org.altml.core.math.VectorMath;
import picocli.CommandLine.IVersionProvider;

/** Prints the toolkit version, the JDK (version and vendor) and the active vectorization. */
public final class VersionProvider implements IVersionProvider {
  /** Creates the provider (picocli instantiates it). */
  public VersionProvider() {}

  /** Whether this JVM was started with {@code --add-modules jdk.incubator.vector}. */
  public static boolean vectorModulePresent() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "alt " + ToolkitVersion.get(),
      "JDK " + Runtime.version() + " (" + System.getProperty("java.vendor") + ", " + System.getProperty("java.vm.name") + ")",
      "vectorization: " + VectorMath.implementation()
          + (vectorModulePresent() ? " (Vector API module present)" : " (Vector API module absent: start with --add-modules jdk.incubator.vector)")
    };
  }
}
