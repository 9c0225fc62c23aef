package org.altml.sparse.io;

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
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Mulan XML label files: {@code <labels xmlns="http://mulan.sourceforge.net/labels">} with one
 * {@code <label name="..."/>} per label (nested labels of a hierarchy are all labels, in document
 * order). Parsed with the JDK's DOM parser under secure processing, with DOCTYPEs and external
 * entities refused.
 */
public final class MulanLabels {
  /** The Mulan namespace written into label files. */
  public static final String NAMESPACE = "http://mulan.sourceforge.net/labels";

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
   * Reads the label names of a Mulan XML file, in document order.
   *
   * @throws DataFormatException if the XML is malformed, the root is not {@code labels}, a label has no
   *     name, or a name repeats
   */
  public static List<String> read(Path xml) throws IOException {
    Document doc;
    try (InputStream in = Files.newInputStream(xml)) {
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
      doc = builder.parse(in, xml.toString());
    } catch (SAXParseException e) {
      throw new DataFormatException(xml.toString(), Math.max(e.getLineNumber(), 0), "malformed XML: " + e.getMessage(), e);
    } catch (SAXException | ParserConfigurationException e) {
      throw new DataFormatException(xml.toString(), 0, "malformed XML: " + e.getMessage(), e);
    }
    Element root = doc.getDocumentElement();
    String rootName = root.getLocalName() != null ? root.getLocalName() : root.getTagName();
    if (!rootName.equals("labels")) {
      throw new DataFormatException(xml.toString(), 0, "root element is <" + rootName + ">, expected <labels> (Mulan label file)");
    }
    NodeList nodes = root.getElementsByTagNameNS("*", "label");
    List<String> names = new ArrayList<>(nodes.getLength());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      Element e = (Element) nodes.item(i);
      if (!e.hasAttribute("name") || e.getAttribute("name").isEmpty()) {
        throw new DataFormatException(xml.toString(), 0, "<label> number " + (i + 1) + " has no name attribute");
      }
      String name = e.getAttribute("name");
      if (!seen.add(name)) {
        throw new DataFormatException(xml.toString(), 0, "label " + Numbers.quote(name) + " is listed twice");
      }
      names.add(name);
    }
    return names;
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
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    sb.append("<labels xmlns=\"").append(NAMESPACE).append("\">\n");
    for (String name : names) {
      sb.append("<label name=\"").append(escape(name)).append("\"></label>\n");
    }
    sb.append("</labels>\n");
    try (AtomicOutput out = AtomicOutput.create(xml)) {
      out.stream().write(sb.toString().getBytes(StandardCharsets.UTF_8));
      out.commit();
    }
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
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
