package org.altml.sparse.testing;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * A JUnit Platform listener (registered in {@code META-INF/services} of alt-sparse's test-jar, so every module whose
 * tests read real datasets has it) that prints, once at the end of a test run, how many tests were skipped because
 * real datasets were missing, which datasets, where they were looked for, and the command that gets them.
 */
public final class RealDatasetsSummary implements TestExecutionListener {
  private final RealDatasetFolder folder;
  private final PrintStream out;

  /** The listener of the build's folder ({@link RealDatasets}), printing to standard output. */
  public RealDatasetsSummary() {
    this(RealDatasets.folder(), System.out);
  }

  RealDatasetsSummary(RealDatasetFolder folder, PrintStream out) {
    this.folder = folder;
    this.out = out;
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    RealDatasetFolder.Missing missing = folder.takeMissing();
    if (missing.tests() > 0) {
      Path folderPath = folder.folder();
      out.print(text(missing, folderPath, Files.isDirectory(folderPath),
          RealDatasetFolder.defaultFolder(Path.of("")).equals(folderPath)));
      out.flush();
    }
  }

  /**
   * The summary: {@code missing} tests skipped for want of its datasets, looked for in {@code folder} (which exists or
   * not); {@code isDefault} when that is {@code ../shared/datasets} beside the repository, where the command fetches
   * into without {@code -Dalt.datasets}.
   */
  static String text(RealDatasetFolder.Missing missing, Path folder, boolean exists, boolean isDefault) {
    String n = missing.tests() == 1 ? "1 test" : missing.tests() + " tests";
    String into = isDefault ? "../shared/datasets" : folder.toString();
    String nl = System.lineSeparator();
    return nl
        + "Real datasets missing: " + n + " skipped, the data they read are not in " + folder
        + (exists ? "" : " (no such folder)") + ":" + nl
        + "  " + String.join(", ", missing.datasets()) + nl
        + "To run them, from the repository root:" + nl
        + "  ./alt datasets fetch " + String.join(" ", missing.datasets()) + " --into " + into + nl
        + "(or give the tests a folder that holds them: -Dalt.datasets=DIR; the datasets marked 'mirror only' in"
        + " docs/datasets.md need --from URL)" + nl;
  }
}
