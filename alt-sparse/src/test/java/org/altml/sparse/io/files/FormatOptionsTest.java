package org.altml.sparse.io.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.data.Dataset;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a file's bytes through the caller's stream finds the Mulan XML beside it as reading the file does; options
 * of the other format are the caller's to refuse; ARFF headers far beyond their values are refused.
 */
class FormatOptionsTest {
  private static final String LIBSVM = "1,2 1:0.5 3:2\n0 2:1\n";
  private static final String ARFF = "@relation r\n@attribute f1 numeric\n@attribute f2 numeric\n@attribute y {0,1}\n@data\n1.5,2,1\n0,1,0\n";

  @TempDir Path dir;

  /**
   * One set of options serves every file of a job, so an option of the other format is not refused here (the command
   * line refuses one that no input of the job can use): zero-based indexing on ARFF, label attributes on LIBSVM.
   */
  @Test
  void optionsOfTheOtherFormatAreLeftToTheCaller() throws IOException {
    Path arff = IoTestSupport.write(dir, "d.arff", ARFF);
    Path svm = IoTestSupport.write(dir, "d.svm", LIBSVM);
    ReadOptions both = ReadOptions.defaults().withZeroBased(true).withLabelsLast(1);
    assertEquals(2, DataFiles.read(arff, both).size());
    assertEquals(2, DataFiles.read(svm, both.withNumLabels(3)).size());
  }

  @Test
  void bytesReadThroughTheCallersStreamFindTheXmlBeside() throws IOException {
    Path arff = IoTestSupport.write(dir, "d.arff", ARFF);
    IoTestSupport.write(dir, "d.xml", "<?xml version=\"1.0\"?><labels xmlns=\"http://mulan.sourceforge.net/labels\">"
        + "<label name=\"y\"/></labels>");
    Dataset direct = DataFiles.read(arff, ReadOptions.defaults());
    Dataset viaStream = DataFiles.read(Files.newInputStream(arff), arff, ReadOptions.defaults());
    IoTestSupport.assertSameExamples(direct, viaStream, "through the stream");
    assertEquals(direct.name(), viaStream.name());
    assertEquals(List.of("y"), viaStream.labelNames());
    // and a LIBSVM file with an XML of its name beside it is read as LIBSVM, the XML not taken as an option
    Path svm = IoTestSupport.write(dir, "e.svm", LIBSVM);
    IoTestSupport.write(dir, "e.xml", "<labels/>");
    assertEquals(2, DataFiles.read(Files.newInputStream(svm), svm, ReadOptions.defaults()).size());
  }

  /** One stray LIBSVM index would make an ARFF header of tens of gigabytes: refused before anything is written. */
  @Test
  void anArffHeaderFarBeyondTheValuesIsRefused() throws IOException {
    Dataset stray = DataFiles.read(IoTestSupport.write(dir, "stray.svm", "0 1:1 2147483647:1\n1 1:1\n"));
    Path arff = dir.resolve("stray.arff");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DataFiles.write(stray, arff));
    assertTrue(e.getMessage().startsWith("stray.svm has feature indices up to 2147483647 but only 3 stored values: its ARFF header"
        + " would hold 2147483647 @attribute lines ("), e.getMessage());
    assertTrue(e.getMessage().endsWith("(62.0 GiB (66,571,993,057 bytes)); a stray feature index? (LIBSVM keeps such data small)"),
        e.getMessage());
    assertEquals(false, Files.exists(arff) || Files.exists(dir.resolve("stray.xml")));
    // wide data whose header stays under a gibibyte is written, whatever its values (a 2,000,000-feature header: 57 MB)
    Dataset wide = DataFiles.read(IoTestSupport.write(dir, "wide.svm", "0 1:1 2000000:1\n"));
    DataFiles.write(wide, dir.resolve("wide.arff.gz"));
    assertEquals(2_000_000, DataFiles.read(dir.resolve("wide.arff.gz")).numFeatures());
  }
}
