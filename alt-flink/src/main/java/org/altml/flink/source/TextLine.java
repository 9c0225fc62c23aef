package org.altml.flink.source;

import java.nio.charset.StandardCharsets;

/**
 * One line of an input file as the file source hands it out: the file (its path, for messages and for
 * reading an ARFF header), its 1-based line number and its bytes without the line end; or one record of a Kafka
 * topic, in the same form. A Flink POJO.
 */
public final class TextLine {
  /** The file's path, as messages name it. */
  public String file;
  /** 1-based line number in the (decompressed) file. */
  public long line;
  /** The line's UTF-8 bytes without the line end. */
  public byte[] text;
  /**
   * The record's id when its transport gives one (a Kafka record's key), else null; a JSON record's own {@code "id"}
   * is read by the parser.
   */
  public String id;
  /**
   * The record's 1-based number in the stream when a job numbers its records (a Kafka topic shared out among data-parallel
   * workers: the mixing rounds' clock), else 0: the line number is the clock.
   */
  public long seq;

  /** For Flink's POJO serializer. */
  public TextLine() {}

  /** A line of {@code file}. */
  public TextLine(String file, long line, byte[] text) {
    this.file = file;
    this.line = line;
    this.text = text;
  }

  @Override
  public String toString() {
    return file + ":" + line + ": " + new String(text, StandardCharsets.UTF_8);
  }
}
