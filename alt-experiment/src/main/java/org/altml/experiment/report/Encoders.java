package org.altml.experiment.report;

import de.erichseifert.vectorgraphics2d.Processor;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.pdf.PDFProcessor;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.knowm.xchart.internal.chartpart.IChart;

/**
 * A chart laid out in points ({@link PaperStyle}) as a file: PNG at {@link PaperStyle#PNG_DPI}, PDF and SVG with
 * the page at the printed size, through VectorGraphics2D (whose types stay in this class). XChart draws every text
 * as glyph outlines, so the vector files need no font and show η, δ, σ² and the like as drawn.
 */
final class Encoders {
  private Encoders() {}

  /** The formats each figure is written in, as file name suffixes. */
  static final List<String> FORMATS = List.of("png", "pdf", "svg");

  /** Writes {@code chart} in {@code format} (one of {@link #FORMATS}) to {@code out}, not closed. */
  static void write(IChart chart, String format, OutputStream out) throws IOException {
    switch (format) {
      case "png" -> png(chart, out);
      // PDF's unit is the millimetre in VectorGraphics2D's pages, SVG's the CSS pixel (1/96 in)
      case "pdf" -> vector(chart, new PDFProcessor(true), 25.4 / 72, out);
      case "svg" -> vector(chart, new SVGProcessor(), 96.0 / 72, out);
      default -> throw new IllegalArgumentException("no figure format " + format + "; one of " + FORMATS);
    }
  }

  /** The chart as a PNG of {@link PaperStyle#PNG_DPI}, white behind it (no alpha channel). */
  static void png(IChart chart, OutputStream out) throws IOException {
    double scale = PaperStyle.PNG_DPI / 72.0;
    BufferedImage image = new BufferedImage((int) Math.ceil(chart.getWidth() * scale), (int) Math.ceil(chart.getHeight() * scale),
        BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
      g.setColor(java.awt.Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      g.scale(scale, scale);
      chart.paint(g, chart.getWidth(), chart.getHeight());
    } finally {
      g.dispose();
    }
    // encoded in memory, then written: ImageIO writing a stream itself buffers through a cache file of its own and
    // replaces a failure of the stream (a full disk) by "I/O error writing PNG file!", which names no file, where
    // the caller's output names its target
    ByteArrayOutputStream png = new ByteArrayOutputStream(1 << 16);
    try (javax.imageio.stream.ImageOutputStream stream = new javax.imageio.stream.MemoryCacheImageOutputStream(png)) {
      if (!javax.imageio.ImageIO.write(image, "png", stream)) {
        throw new IOException("no PNG writer in this Java runtime");
      }
    }
    png.writeTo(out);
  }

  /** The chart drawn in points onto a page of {@code unitsPerPoint} units per point, encoded by {@code processor}. */
  private static void vector(IChart chart, Processor processor, double unitsPerPoint, OutputStream out) throws IOException {
    VectorGraphics2D g = new Java2dGraphics();
    g.setFont(PaperStyle.font(PaperStyle.SMALL));
    g.scale(unitsPerPoint, unitsPerPoint);
    chart.paint(g, chart.getWidth(), chart.getHeight());
    PageSize page = new PageSize(0, 0, chart.getWidth() * unitsPerPoint, chart.getHeight() * unitsPerPoint);
    // in memory first, as the PNG: the document is small, and a failing stream's exception then reaches the caller
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
    processor.getDocument(g.getCommands(), page).writeTo(bytes);
    bytes.writeTo(out);
  }

  /**
   * VectorGraphics2D 0.13 where it departs from Java 2D in ways XChart's colour bar meets: setFont(null) is ignored
   * (VectorGraphics2D took it, and failed at the next setFont), and setColor after a gradient paint takes effect even
   * when the colour is the one set before the gradient (VectorGraphics2D skipped it, and the colour bar's numbers were
   * filled with the gradient, as images).
   */
  private static final class Java2dGraphics extends VectorGraphics2D {
    @Override
    public void setFont(java.awt.Font font) {
      if (font != null) {
        super.setFont(font);
      }
    }

    @Override
    public void setColor(java.awt.Color color) {
      if (color != null && !(getPaint() instanceof java.awt.Color) && color.equals(getColor())) {
        super.setColor(new java.awt.Color(color.getRGB() ^ 1, true)); // a different colour first, so that the next one counts
      }
      super.setColor(color);
    }
  }
}
