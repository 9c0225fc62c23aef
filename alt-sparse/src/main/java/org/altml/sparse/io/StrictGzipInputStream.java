package org.altml.sparse.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Gzip data (RFC 1952) decompressed, one member after another, like {@link java.util.zip.GZIPInputStream} but
 * strict about what follows the last member: {@code GZIPInputStream} stops without a word at bytes that do not
 * start another member (a file with something appended, a damaged second member), so a reader would silently
 * see only part of the data. Here anything after a member's trailer must be another member: other bytes are a
 * {@link ZipException} giving their offset, as gzip(1) warns of "trailing garbage". Truncated data is an
 * {@link EOFException}, a wrong CRC-32 or length in a trailer, a corrupt deflate stream or an unknown header
 * flag a {@code ZipException}; a header's CRC-16 is checked when present.
 *
 * <p>The same throughput as {@code GZIPInputStream}: the JDK's {@link Inflater} on buffers of the given size.
 * Not thread-safe.
 */
public final class StrictGzipInputStream extends InputStream {
  /**
   * The gzip data ends too early (inside a header, the compressed data or a trailer): told apart from an {@link
   * EOFException} of the stream underneath, so that a reader can say the file itself is cut off.
   */
  public static final class Truncated extends EOFException {
    private static final long serialVersionUID = 1L;

    Truncated(String message) {
      super(message);
    }
  }

  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED = 0xe0;

  private final InputStream in;
  private final byte[] buf;
  /** The unread compressed bytes are buf[pos, lim). */
  private int pos;
  private int lim;
  /** Compressed bytes read before buf[0]. */
  private long before;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final CRC32 headerCrc = new CRC32();
  private final byte[] single = new byte[1];
  private int members;
  private boolean eof;
  private boolean closed;

  /**
   * Reads the first member's header from {@code in}, which the stream then owns.
   *
   * @param bufferSize the compressed bytes read at a time
   * @throws ZipException if {@code in} does not start with a gzip header
   * @throws EOFException if it ends inside the header
   */
  public StrictGzipInputStream(InputStream in, int bufferSize) throws IOException {
    this.in = Objects.requireNonNull(in, "in");
    if (bufferSize < 1) {
      throw new IllegalArgumentException("bufferSize must be >= 1: " + bufferSize);
    }
    this.buf = new byte[bufferSize];
    int id1 = next();
    int id2 = next();
    if (id1 != 0x1f || id2 != 0x8b) {
      if (id2 < 0) {
        throw new Truncated("no gzip header: the data ends after " + offset() + " bytes");
      }
      throw new ZipException("not in gzip format");
    }
    header();
  }

  /** The offset of the next unread compressed byte. */
  private long offset() {
    return before + pos;
  }

  /** Whether compressed bytes are left, reading more when the buffer is empty. */
  private boolean refill() throws IOException {
    while (pos == lim) {
      before += lim;
      pos = 0;
      lim = 0;
      int n = in.read(buf, 0, buf.length);
      if (n < 0) {
        return false;
      }
      lim = n;
    }
    return true;
  }

  /** The next compressed byte, or -1 at the end of the data. */
  private int next() throws IOException {
    return refill() ? buf[pos++] & 0xff : -1;
  }

  private int headerByte() throws IOException {
    int b = next();
    if (b < 0) {
      throw new Truncated("gzip member " + (members + 1) + ": the data ends inside its header, at byte " + offset());
    }
    headerCrc.update(b);
    return b;
  }

  /** The rest of a member's header, after its two magic bytes. */
  private void header() throws IOException {
    headerCrc.reset();
    headerCrc.update(0x1f);
    headerCrc.update(0x8b);
    int method = headerByte();
    if (method != 8) {
      throw new ZipException("gzip member " + (members + 1) + ": unsupported compression method " + method);
    }
    int flags = headerByte();
    if ((flags & RESERVED) != 0) {
      throw new ZipException("gzip member " + (members + 1) + ": reserved header flags set (" + flags + ")");
    }
    for (int i = 0; i < 6; i++) {
      headerByte(); // modification time, extra flags, operating system
    }
    if ((flags & FEXTRA) != 0) {
      int length = headerByte() | headerByte() << 8;
      for (int i = 0; i < length; i++) {
        headerByte();
      }
    }
    if ((flags & FNAME) != 0) {
      while (headerByte() != 0) {
        // the original file name, zero-terminated
      }
    }
    if ((flags & FCOMMENT) != 0) {
      while (headerByte() != 0) {
        // a comment, zero-terminated
      }
    }
    if ((flags & FHCRC) != 0) {
      int expected = (int) headerCrc.getValue() & 0xffff;
      int stored = headerByte() | headerByte() << 8;
      if (stored != expected) {
        throw new ZipException("gzip member " + (members + 1) + ": corrupt header (CRC-16)");
      }
    }
    members++;
    inflater.reset();
    crc.reset();
    inflater.setInput(buf, pos, lim - pos);
  }

  private long trailerWord() throws IOException {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      int b = next();
      if (b < 0) {
        throw new Truncated("gzip member " + members + ": the data ends inside its trailer, at byte " + offset());
      }
      v |= (long) b << (8 * i);
    }
    return v;
  }

  /**
   * After a member's deflate data: its trailer, then either the end of the data (false) or another member's
   * header (true).
   */
  private boolean nextMember() throws IOException {
    pos = lim - inflater.getRemaining();
    long storedCrc = trailerWord();
    long storedSize = trailerWord();
    if (storedCrc != crc.getValue() || storedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
      throw new ZipException("gzip member " + members + ": corrupt trailer (CRC-32 or length does not match the data)");
    }
    long at = offset();
    int id1 = next();
    if (id1 < 0) {
      return false;
    }
    int id2 = next();
    if (id1 != 0x1f || id2 != 0x8b) {
      long rest = 1 + (id2 < 0 ? 0 : 1) + skipRest();
      throw new ZipException("trailing data after the last gzip member: " + rest + " byte(s) at byte " + at
          + " that do not start another member (the file is damaged or has something appended)");
    }
    header();
    return true;
  }

  /** Counts the compressed bytes left, for the message. */
  private long skipRest() throws IOException {
    long n = lim - pos;
    pos = lim;
    while (refill()) {
      n += lim - pos;
      pos = lim;
    }
    return n;
  }

  @Override
  public int read() throws IOException {
    return read(single, 0, 1) < 0 ? -1 : single[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (closed) {
      throw new IOException("stream closed");
    }
    if (eof) {
      return -1;
    }
    if (len == 0) {
      return 0;
    }
    while (true) {
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (java.util.zip.DataFormatException e) {
        throw new ZipException("gzip member " + members + ": corrupt deflate data: " + e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        return n;
      }
      if (inflater.finished()) {
        if (!nextMember()) {
          eof = true;
          return -1;
        }
      } else if (inflater.needsDictionary()) {
        throw new ZipException("gzip member " + members + ": corrupt deflate data (a preset dictionary)");
      } else if (inflater.needsInput()) {
        pos = lim;
        if (!refill()) {
          throw new Truncated("gzip member " + members + ": the data ends inside its compressed data, at byte " + offset());
        }
        inflater.setInput(buf, pos, lim - pos);
      }
    }
  }

  /** 0 at the end of the data, else 1 (as {@link java.util.zip.InflaterInputStream#available}). */
  @Override
  public int available() throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
    return eof ? 0 : 1;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      inflater.end();
      in.close();
    }
  }
}
