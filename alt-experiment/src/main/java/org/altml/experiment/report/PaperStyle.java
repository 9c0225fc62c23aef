package org.altml.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.HeatMapStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The one place of the figures' look: a plain publication style for a one-column figure. A chart is laid out in
 * points (1/72 in), {@link #WIDTH} wide (3.33 in, a two-column paper's column), so that fonts are given in the
 * sizes they print at; the PNG is drawn at {@link #PNG_DPI}, the PDF and SVG pages are the printed size. White
 * background, no frame, no title inside the plot (the title is the caption's, in the caption file beside each
 * figure), light grid lines, the Okabe-Ito colour-blind-safe palette with a distinct marker per series, the legend
 * below the axes ({@link LineFigure}), and for heat maps the viridis scale (colour-blind-safe, readable in grey) with a colour bar.
 */
final class PaperStyle {
  private PaperStyle() {}

  /** A figure's width in points: 3.33 in, one column of a two-column paper. */
  static final int WIDTH = 240;
  /** The resolution of the PNG files, dots per inch. */
  static final int PNG_DPI = 300;

  /** Tick labels, legend entries and the numbers in heat-map cells at most. */
  static final float SMALL = 7f;
  /** Axis titles. */
  static final float NORMAL = 8f;
  /** The smallest text a figure prints: a heat-map cell label below this size is left out. */
  static final float MIN_TEXT = 5f;
  /** Series lines. */
  static final float LINE = 1.0f;

  static final String FAMILY = Font.SANS_SERIF;

  static Font font(float size) {
    return new Font(FAMILY, Font.PLAIN, 10).deriveFont(size);
  }

  /**
   * {@code s} at {@code size} points as an outline, at its baseline origin: text drawn as shapes looks the same in the
   * PNG, the PDF and the SVG without embedding a font.
   */
  static java.awt.Shape outline(String s, float size) {
    return new java.awt.font.TextLayout(s, font(size), new java.awt.font.FontRenderContext(null, true, true)).getOutline(null);
  }

  /** Okabe and Ito's palette for colour-blind readers, yellow left out (too light on white), in the order used. */
  static final Color[] OKABE_ITO = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xE69F00),
      new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x000000)};
  /** One marker per series, so that a grey print tells the lines apart too. */
  static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP,
      SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS};
  /** Viridis at nine stops (matplotlib's), dark violet (low) to yellow (high). */
  static final Color[] VIRIDIS = {new Color(0x440154), new Color(0x472D7B), new Color(0x3B528B), new Color(0x2C728E),
      new Color(0x21918C), new Color(0x28AE80), new Color(0x5EC962), new Color(0xADDC30), new Color(0xFDE725)};
  static final Color GRID = new Color(0xDDDDDD);
  static final Color TEXT = Color.BLACK;

  /** What every chart shares. */
  private static void common(Styler s) {
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderVisible(false);
    s.setChartTitleVisible(false);
    s.setChartTitleBoxVisible(false);
    s.setChartFontColor(TEXT);
    s.setBaseFont(font(SMALL));
    s.setChartPadding(4);
    s.setLegendFont(font(SMALL));
    s.setLegendBackgroundColor(Color.WHITE);
    s.setLegendBorderColor(Color.WHITE);
    s.setLegendPadding(3);
    s.setLegendSeriesLineLength(14);
    s.setAnnotationTextFont(font(SMALL));
    s.setAnnotationTextFontColor(TEXT);
    s.setAntiAlias(true);
    s.setTextAntiAlias(true);
    s.setLocale(java.util.Locale.ROOT);
  }

  private static void axes(AxesChartStyler s) {
    common(s);
    s.setAxisTitleFont(font(NORMAL));
    s.setAxisTickLabelsFont(font(SMALL));
    s.setAxisTickLabelsColor(TEXT);
    s.setAxisTickMarksColor(TEXT);
    s.setAxisTickMarksStroke(new BasicStroke(0.5f));
    s.setAxisTickMarkLength(2);
    s.setAxisTickPadding(2);
    s.setAxisTitlePadding(3);
    s.setPlotMargin(2);
    s.setPlotGridLinesColor(GRID);
    s.setPlotGridLinesStroke(new BasicStroke(0.4f));
    s.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
    s.setXAxisTickMarkSpacingHint(36);
    s.setYAxisTickMarkSpacingHint(24);
  }

  /** Lines with markers: learning curves, a one-parameter sensitivity. */
  static void lines(XYStyler s) {
    axes(s);
    s.setSeriesColors(OKABE_ITO);
    s.setSeriesMarkers(MARKERS);
    BasicStroke solid = new BasicStroke(LINE, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    s.setSeriesLines(new BasicStroke[] {solid});
    s.setMarkerSize(4);
    s.setLegendVisible(false); // LineFigure draws the legend below the axes
  }

  /** A heat map: viridis, no gaps, the cells filling the plot; the colour bar and the cell numbers are {@link HeatMapFigure}'s. */
  static void heatMap(HeatMapStyler s) {
    axes(s);
    s.setPlotContentSize(1.0); // cells from edge to edge: HeatMapFigure's labels are laid out on them
    s.setPlotGridLinesVisible(false);
    s.setRangeColors(VIRIDIS);
    s.setPiecewise(false);
    s.setDrawBorder(false);
    s.setShowValue(false); // the cell labels are HeatMapFigure's, sized to the cells and coloured against them
    s.setLegendVisible(false); // XChart's colour bar prints its ends unrounded and nothing between
    s.setAxisTicksMarksVisible(false);
    s.setAxisTicksLineVisible(false);
    s.setXAxisTickMarkSpacingHint(1); // every category gets its label: HeatMapFigure blanks the ones that do not fit
  }
}
