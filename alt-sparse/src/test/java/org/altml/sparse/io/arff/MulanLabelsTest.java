package org.altml.sparse.io.arff;

import static org.altml.sparse.io.IoTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.IoTestSupport;
import org.altml.sparse.io.ReadOptions;
import org.altml.sparse.io.files.DataFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MulanLabelsTest {
  private static final String SECRET = "s3cr3t-6f1d2a";

  @TempDir Path dir;

  /** Every message and stack trace of {@code e} and its causes, as a user or a log could see them. */
  private static String everything(Throwable e) {
    StringWriter w = new StringWriter();
    e.printStackTrace(new PrintWriter(w));
    return w.toString();
  }

  /**
   * A label file that can be read once (a FIFO, as {@code <(...)} gives) serves every ARFF file of the command: the
   * second read hung waiting for a writer, or read nothing.
   */
  @Test
  void aLabelFileReadableOnceServesTwoDataFiles() throws Exception {
    Path fifo = dir.resolve("labels.xml");
    boolean made;
    try {
      made = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0;
    } catch (IOException e) {
      made = false;
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(made, "mkfifo is not available here");
    Thread writer = new Thread(() -> {
      try {
        Files.writeString(fifo, "<labels xmlns=\"" + MulanLabels.NAMESPACE + "\"><label name=\"y\"/></labels>");
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    writer.start();
    Path train = write(dir, "train.arff", "@relation r\n@attribute a numeric\n@attribute y {0,1}\n@data\n1,1\n");
    Path test = write(dir, "test.arff", "@relation r\n@attribute a numeric\n@attribute y {0,1}\n@data\n2,0\n");
    ReadOptions options = ReadOptions.defaults().withLabelFile(fifo);
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
      assertEquals(List.of("y"), DataFiles.read(train, options).labelNames());
      assertEquals(List.of("y"), DataFiles.read(test, options).labelNames());
    });
    writer.join();
  }

  @Test
  void externalEntityNamingALocalFileIsRefusedWithoutReadingIt() throws IOException {
    Path secret = write(dir, "secret.txt", SECRET);
    String[] payloads = {
      "<?xml version=\"1.0\"?><!DOCTYPE labels [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>"
          + "<labels><label name=\"&x;\"/></labels>",
      "<?xml version=\"1.0\"?><!DOCTYPE labels SYSTEM \"" + secret.toUri() + "\"><labels><label name=\"a\"/></labels>",
      "<!DOCTYPE labels [<!ENTITY % p SYSTEM \"" + secret.toUri() + "\"> %p;]><labels/>",
      "<labels xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"" + secret.toUri()
          + "\" parse=\"text\"/><label name=\"a\"/></labels>",
    };
    for (String payload : payloads) {
      Path xml = write(dir, "xxe.xml", payload);
      try {
        List<String> names = MulanLabels.read(xml);
        assertFalse(String.join(",", names).contains(SECRET), "the secret must not become a label: " + names);
      } catch (DataFormatException e) {
        assertTrue(e.getMessage().startsWith(xml.toString()), e.getMessage());
        assertFalse(everything(e).contains(SECRET), "the secret leaked: " + everything(e));
      }
    }
    DataFormatException e = assertThrows(DataFormatException.class, () -> MulanLabels.read(write(dir, "x.xml", payloads[0])));
    assertTrue(e.getMessage().contains("a DOCTYPE is not allowed in a label file"), e.getMessage());
  }

  @Test
  void billionLaughsIsRefusedWithoutExpanding() throws IOException {
    StringBuilder doc = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE labels [\n<!ENTITY lol \"lol\">\n");
    for (int i = 1; i <= 9; i++) {
      doc.append("<!ENTITY lol").append(i).append(" \"");
      for (int k = 0; k < 10; k++) {
        doc.append("&lol").append(i == 1 ? "" : Integer.toString(i - 1)).append(';');
      }
      doc.append("\">\n");
    }
    doc.append("]>\n<labels><label name=\"&lol9;\"/></labels>\n");
    Path xml = write(dir, "laughs.xml", doc.toString());
    DataFormatException e = assertThrows(DataFormatException.class, () -> MulanLabels.read(xml));
    assertEquals(xml + ":2: a DOCTYPE is not allowed in a label file (DTDs and entities are refused, so that a label"
        + " file can neither read other files nor expand without bound)", e.getMessage());
  }

  @Test
  void byteOrderMarksAndUtf16AreRead() throws IOException {
    String text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><labels><label name=\"Swainson's Thrush\"/><label name=\"é\"/></labels>";
    Path withBom = Files.write(dir.resolve("bom.xml"), IoTestSupport.withUtf8Bom(text));
    assertEquals(List.of("Swainson's Thrush", "é"), MulanLabels.read(withBom));
    // XML requires UTF-16 with a byte order mark to be read; the declaration is then overridden
    String utf16Text = text.replace("UTF-8", "UTF-16");
    Path utf16 = Files.write(dir.resolve("utf16.xml"), utf16Text.getBytes(StandardCharsets.UTF_16));
    assertEquals(List.of("Swainson's Thrush", "é"), MulanLabels.read(utf16));
  }

  @Test
  void emptyFileIsReported() throws IOException {
    Path empty = write(dir, "empty.xml", "");
    DataFormatException e = assertThrows(DataFormatException.class, () -> MulanLabels.read(empty));
    assertEquals(empty + ": file is empty (expected a Mulan XML label file)", e.getMessage());
  }

  @Test
  void unknownEncodingAndBrokenBytesAreFormatErrors() throws IOException {
    // found by DataReadersFuzzTest#mulanLabels: the parser's UnsupportedEncodingException escaped without the file name
    Path unknown = write(dir, "enc.xml", "<?xml version=\"1.0\" encoding=\"ut-8\"?><labels/>");
    DataFormatException e = assertThrows(DataFormatException.class, () -> MulanLabels.read(unknown));
    assertEquals(unknown + ":1: the XML declaration names the unknown encoding 'ut-8' (write the label file in UTF-8)", e.getMessage());
    Path broken = Files.write(dir.resolve("broken.xml"), new byte[] {'<', 'l', 'a', 'b', 'e', 'l', 's', '>', (byte) 0xC3, '<', '/', 'l', 'a', 'b',
        'e', 'l', 's', '>'});
    DataFormatException b = assertThrows(DataFormatException.class, () -> MulanLabels.read(broken));
    assertTrue(b.getMessage().startsWith(broken.toString()), b.getMessage());
  }

  /** An element other than label (a typo) would drop its label, which the ARFF reader would then read as a feature. */
  @Test
  void anElementOtherThanLabelIsRefusedWithItsLine() throws IOException {
    Path typo = write(dir, "typo.xml", "<?xml version=\"1.0\"?>\n<labels xmlns=\"http://mulan.sourceforge.net/labels\">\n"
        + "<label name=\"a\"></label>\n<Label name=\"b\"></Label>\n</labels>\n");
    DataFormatException e = assertThrows(DataFormatException.class, () -> MulanLabels.read(typo));
    assertEquals(typo + ":4: element <Label> is not a Mulan <label> (Mulan label files hold <label name=\"...\"> elements only;"
        + " the label it meant would be read as a feature)", e.getMessage());
    // an element whose name starts like <labels> is found on its own line
    Path prefix = write(dir, "prefix.xml", "<?xml version=\"1.0\"?>\n<labels>\n<label name=\"a\"/>\n<lab name=\"b\"></lab>\n</labels>\n");
    assertTrue(assertThrows(DataFormatException.class, () -> MulanLabels.read(prefix)).getMessage().startsWith(prefix + ":4: element <lab>"));
    // Mulan's hierarchies nest labels in labels: still labels only
    Path nested = write(dir, "nested.xml", "<labels><label name=\"a\"><label name=\"b\"/></label></labels>");
    assertEquals(java.util.List.of("a", "b"), MulanLabels.read(nested));
  }
}
