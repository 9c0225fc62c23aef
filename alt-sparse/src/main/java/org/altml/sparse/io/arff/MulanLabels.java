package org.altml.sparse.io.arff;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.AtomicOutput;
import org.altml.sparse.io.DataFormatException;
import org.altml.sparse.io.InputNames;
import org.altml.sparse.io.internal.HashingInput;
import org.altml.sparse.io.internal.Inputs;
import org.altml.sparse.io.internal.Numbers;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Mulan XML label files: {@code <labels xmlns="http://mulan.sourceforge.net/labels">} with one
 * {@code <label name="..."/>} per label (nested labels of a hierarchy are all labels, in document
 * order). Parsed with the JDK's DOM parser under secure processing, with DOCTYPEs (and so every entity
 * declaration and DTD) and external access refused: a label file can neither make the parser read another
 * file (XXE) nor expand entities without bound ("billion laughs"); such a file is a
 * {@link DataFormatException} naming it. The file is read once, whole, up to {@value #MAX_BYTES} bytes;
 * UTF-8 (with or without a byte order mark) and UTF-16 with a byte order mark are read, as XML requires.
 */
public final class MulanLabels {
  /** The Mulan namespace written into label files. */
  public static final String NAMESPACE = "http://mulan.sourceforge.net/labels";

  /** Largest label file read, in bytes (a label file of a million labels takes some 40 MB). */
  public static final int MAX_BYTES = 256 << 20;

  private static final Pattern SPLIT_SUFFIX = Pattern.compile("(?i)[-_](train|training|test|testing)$");

  private MulanLabels() {}

  /**
   * The dataset name of an ARFF file: its name without {@code .gz}, {@code .arff} and a trailing
   * {@code -train}, {@code -test}, {@code _training}, {@code _test} (and {@code _train}, {@code -training},
   * {@code -testing}, {@code _testing}), e.g. {@code emotions-train.arff.gz -> emotions}.
   */
  public static String datasetName(Path arff) {
    String base = baseName(arff);
    return SPLIT_SUFFIX.matcher(base).replaceFirst("");
  }

  private static String baseName(Path file) {
    String name = file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".gz")) {
      name = name.substring(0, name.length() - 3);
      lower = lower.substring(0, lower.length() - 3);
    }
    if (lower.endsWith(".arff")) {
      name = name.substring(0, name.length() - 5);
    }
    return name;
  }

  /** The label file written beside {@code arff}: {@code <dir>/<datasetName>.xml}. */
  public static Path labelFileFor(Path arff) {
    Path dir = arff.toAbsolutePath().getParent();
    return dir.resolve(datasetName(arff) + ".xml");
  }

  /**
   * The label file found beside {@code arff}: {@code <datasetName>.xml}, else {@code <name without
   * extensions>.xml}; null when neither exists.
   */
  public static Path findBeside(Path arff) {
    Path dir = arff.toAbsolutePath().getParent();
    Path first = dir.resolve(datasetName(arff) + ".xml");
    if (Files.isRegularFile(first)) {
      return first;
    }
    Path second = dir.resolve(baseName(arff) + ".xml");
    return Files.isRegularFile(second) ? second : null;
  }

  /**
   * Reads the label names of a Mulan XML file ({@code "-"}: standard input), in document order.
   *
   * @throws DataFormatException if the XML is malformed, has a DOCTYPE, is larger than {@value #MAX_BYTES}
   *     bytes, the root is not {@code labels}, a label has no name, or a name repeats
   */
  public static List<String> read(Path xml) throws IOException {
    return load(xml, false).names();
  }

  /** Label names and, when hashed, the digest of the file they came from. */
  record Labels(List<String> names, InputDigest digest) {}

  /**
   * The bytes of label files that can be read only once (standard input, a pipe, {@code <(...)}), by path, as first
   * read in this process: a command reading two ARFF files reads their label file twice.
   */
  private static final java.util.Map<String, byte[]> READ_ONCE = new java.util.HashMap<>();

  /** Reads {@code xml} once, hashing it when asked; see {@link #read(Path)}. */
  static Labels load(Path xml, boolean hash) throws IOException {
    String file = InputNames.displayName(xml);
    byte[] bytes;
    if (xml.toString().equals("-") || Files.exists(xml) && !Files.isRegularFile(xml)) {
      String key = xml.toString().equals("-") ? "-" : xml.toAbsolutePath().normalize().toString();
      synchronized (READ_ONCE) {
        bytes = READ_ONCE.get(key);
        if (bytes == null) {
          bytes = readAtMostOverLimit(xml);
          READ_ONCE.put(key, bytes);
        }
      }
    } else {
      bytes = readAtMostOverLimit(xml);
    }
    if (bytes.length > MAX_BYTES) {
      throw new DataFormatException(file, 0, "larger than " + MAX_BYTES + " bytes: not a Mulan label file");
    }
    if (bytes.length == 0) {
      throw new DataFormatException(file, 0, "file is empty (expected a Mulan XML label file)");
    }
    List<String> names = parse(bytes, file);
    return new Labels(names, hash ? HashingInput.of(file, bytes, bytes.length) : null);
  }

  /** The file's first {@value #MAX_BYTES} + 1 bytes (more than the limit: too large). */
  private static byte[] readAtMostOverLimit(Path xml) throws IOException {
    try (InputStream in = Inputs.openRaw(xml)) {
      return in.readNBytes(MAX_BYTES + 1);
    }
  }

  /** The label names of the XML document {@code bytes}; {@code file} names it in messages. */
  static List<String> parse(byte[] bytes, String file) throws IOException {
    Document doc;
    try {
      DocumentBuilder builder = secureFactory().newDocumentBuilder();
      builder.setErrorHandler(new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {}

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      });
      // no system id: nothing relative can be resolved, and messages never name another file
      doc = builder.parse(new ByteArrayInputStream(bytes));
    } catch (SAXParseException e) {
      throw new DataFormatException(file, Math.max(e.getLineNumber(), 0), problem(e), e);
    } catch (SAXException | ParserConfigurationException e) {
      throw new DataFormatException(file, 0, "malformed XML: " + e.getMessage(), e);
    } catch (java.io.UnsupportedEncodingException e) {
      // the bytes are in memory: an I/O failure here is the document's (an unknown or broken encoding)
      throw new DataFormatException(file, 1, "the XML declaration names the unknown encoding " + Numbers.quote(String.valueOf(e.getMessage()))
          + " (write the label file in UTF-8)", e);
    } catch (IOException e) {
      throw new DataFormatException(file, 0, "unreadable XML: " + e.getMessage(), e);
    }
    Element root = doc.getDocumentElement();
    String rootName = root.getLocalName() != null ? root.getLocalName() : root.getTagName();
    if (!rootName.equals("labels")) {
      throw new DataFormatException(file, 0, "root element is <" + rootName + ">, expected <labels> (Mulan label file)");
    }
    // an element of another name (a typo, <Label>) would leave its label out of the list, and that attribute would
    // then be read as a feature: refused, with the line where it first appears
    NodeList all = root.getElementsByTagNameNS("*", "*");
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      String local = e.getLocalName() != null ? e.getLocalName() : e.getTagName();
      if (!local.equals("label")) {
        throw new DataFormatException(file, lineOf(bytes, "<" + e.getTagName()), "element <" + e.getTagName() + "> is not a"
            + " Mulan <label> (Mulan label files hold <label name=\"...\"> elements only; the label it meant would be read as a"
            + " feature)");
      }
    }
    NodeList nodes = root.getElementsByTagNameNS("*", "label");
    List<String> names = new ArrayList<>(nodes.getLength());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      Element e = (Element) nodes.item(i);
      if (!e.hasAttribute("name") || e.getAttribute("name").isEmpty()) {
        throw new DataFormatException(file, 0, "<label> number " + (i + 1) + " has no name attribute");
      }
      String name = e.getAttribute("name");
      if (!seen.add(name)) {
        throw new DataFormatException(file, 0, "label " + Numbers.quote(name) + " is listed twice");
      }
      names.add(name);
    }
    return names;
  }

  /** The 1-based line of the first {@code text} in the document (0: not found as written, e.g. in UTF-16). */
  private static long lineOf(byte[] bytes, String text) {
    byte[] t = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long line = 1;
    for (int i = 0; i + t.length <= bytes.length; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
      if (java.util.Arrays.equals(bytes, i, i + t.length, t, 0, t.length)
          && (i + t.length == bytes.length || isTagEnd(bytes[i + t.length]))) {
        return line;
      }
    }
    return 0;
  }

  /** Whether {@code c} ends an element name: white space, '/' or '>'. */
  private static boolean isTagEnd(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '/' || c == '>';
  }

  /** The parser's complaint in words for a user; a DOCTYPE gets its own explanation. */
  private static String problem(SAXParseException e) {
    String m = String.valueOf(e.getMessage());
    if (m.contains("DOCTYPE")) {
      return "a DOCTYPE is not allowed in a label file (DTDs and entities are refused, so that a label file can neither"
          + " read other files nor expand without bound)";
    }
    return "malformed XML: " + m;
  }

  private static DocumentBuilderFactory secureFactory() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    return f;
  }

  /** Writes a Mulan label file listing {@code names} in order (UTF-8, XML-escaped), atomically. */
  public static void write(List<String> names, Path xml) throws IOException {
    try (AtomicOutput out = AtomicOutput.create(xml)) {
      write(names, out.stream());
      out.commit();
    }
  }

  /** Writes the Mulan XML of label names {@code names} to {@code out} (not closed). */
  static void write(List<String> names, java.io.OutputStream out) throws IOException {
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    sb.append("<labels xmlns=\"").append(NAMESPACE).append("\">\n");
    for (String name : names) {
      sb.append("<label name=\"").append(escape(name)).append("\"></label>\n");
    }
    sb.append("</labels>\n");
    out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&apos;");
        case '\n' -> sb.append("&#10;");
        case '\r' -> sb.append("&#13;");
        case '\t' -> sb.append("&#9;");
        default -> {
          if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
            // XML 1.0 holds no other control character, not even as a reference: the file would not read back
            throw new IllegalArgumentException("label name " + Numbers.quote(s) + " holds the control character U+"
                + String.format("%04X", (int) c) + ", which a Mulan XML label file cannot hold: rename the label");
          }
          sb.append(c);
        }
      }
    }
    return sb.toString();
  }
}
