package org.altml.sparse.io.internal;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipException;
import org.altml.sparse.data.InputDigest;
import org.altml.sparse.io.DataFormatException;

/**
 * Buffered, byte-level line reader: {@link #next()} exposes the current line as {@code buf[start, end)}
 * (without the line terminator, LF or CRLF) and never allocates per line; the buffer grows only for a
 * line longer than it, up to a limit that keeps binary garbage without line breaks from exhausting the
 * heap. Truncated or corrupt gzip data surfaces as {@link DataFormatException}.
 *
 * <p>Encoding: the input must be UTF-8. A UTF-8 byte order mark is skipped; UTF-16 (a UTF-16 byte order
 * mark, or NUL bytes at every other position of the first line) and other binary data (NUL bytes in the
 * first line) are refused at line 1 with a message saying so, instead of a confusing token error; so are
 * archives and compression other than gzip, told by their first bytes ({@link #packedFormat}).
 */
public final class LineInput implements Closeable {
  private static final int BUFFER = 1 << 18;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  /** The message for UTF-16 input. */
  static final String UTF16 = "UTF-16 text: ALT reads UTF-8 (convert it, e.g. iconv -f UTF-16 -t UTF-8)";

  private final InputStream in;
  private final HashingInput hashing;
  private final String file;
  private final int maxLineBytes;
  public byte[] buf;
  public int start;
  public int end;
  public long line;
  private int pos;
  private int limit;
  private boolean eof;
  private InputDigest digest;
  private long bytesRead;
  private DataFormatException pendingError;

  /**
   * Wraps {@code in} (already decompressed) and reads the first block.
   *
   * @param hashing the hashing stream under {@code in}, or null
   * @throws DataFormatException if the input is empty or not UTF-8 text
   */
  LineInput(InputStream in, String file, int maxLineBytes, HashingInput hashing) throws IOException {
    this.in = in;
    this.hashing = hashing;
    this.file = file;
    this.maxLineBytes = maxLineBytes;
    this.buf = new byte[Math.min(BUFFER, Math.max(maxLineBytes, 16))];
    fill();
    while (limit < 4 && !eof) {
      fill(); // a pipe may deliver the first bytes one by one; the encoding checks need four
    }
    if (limit == 0) {
      throw new DataFormatException(file, 0, "file is empty");
    }
    checkEncoding();
  }

  /**
   * A line input fed one record at a time ({@link #setRecord}) instead of reading a stream: what
   * {@link org.altml.sparse.io.files.RecordParser} hands to the readers' own line parsers, so a record fails exactly as the same
   * line would in a file.
   */
  public LineInput(String file) {
    this.in = null;
    this.hashing = null;
    this.file = file;
    this.maxLineBytes = Integer.MAX_VALUE;
    this.eof = true;
  }

  /** Makes {@code b[s, e)} the current line, numbered {@code line} (1-based). */
  public void setRecord(byte[] b, int s, int e, long line) {
    this.buf = b;
    this.start = s;
    this.end = e;
    this.line = line;
  }

  /** Stops reading the stream (closed) and takes records from {@link #setRecord} from now on. */
  public void detach() throws IOException {
    close();
    this.eof = true;
  }

  /** Skips a UTF-8 byte order mark; refuses UTF-16 and binary data (see the class comment). */
  private void checkEncoding() throws DataFormatException {
    pos = checkStart(file, buf, limit);
  }

  /**
   * Checks the first {@code limit} bytes of {@code file} as {@link #checkEncoding} does, and returns the length of a
   * UTF-8 byte order mark to skip (3, or 0 without one).
   *
   * @throws DataFormatException at line 1 for UTF-16, an archive, compression other than gzip, or binary data
   */
  public static int checkStart(String file, byte[] b, int limit) throws DataFormatException {
    if (startsWithByteOrderMark(b, 0, limit)) {
      return 3;
    }
    if (limit >= 2 && ((b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE || (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF)) {
      throw new DataFormatException(file, 1, UTF16);
    }
    String packed = packedFormat(b, limit);
    if (packed != null) {
      throw new DataFormatException(file, 1, packed);
    }
    int end = indexOfNewline(b, 0, limit);
    if (end < 0) {
      end = limit;
    }
    int nulEven = 0;
    int nulOdd = 0;
    for (int i = 0; i < end; i++) {
      if (b[i] == 0) {
        if ((i & 1) == 0) {
          nulEven++;
        } else {
          nulOdd++;
        }
      }
    }
    if (nulEven + nulOdd > 0) {
      // UTF-16 text of ASCII characters has its NULs all at even (big-endian) or all at odd positions
      boolean utf16 = (nulEven == 0 || nulOdd == 0) && end >= 2;
      throw new DataFormatException(file, 1, utf16 ? UTF16 : "binary data (NUL bytes in line 1), not a UTF-8 text file");
    }
    return 0;
  }

  /**
   * The message for data packed in a format ALT does not read (an archive, or compression other than gzip), told
   * by its first bytes; null for anything else. No UTF-8 data file starts with these bytes: a LIBSVM line starts
   * with a label or a feature index, an ARFF file with {@code @} or {@code %}.
   */
  static String packedFormat(byte[] b, int limit) {
    String how;
    if (starts(b, limit, 'B', 'Z', 'h') && limit >= 4 && b[3] >= '1' && b[3] <= '9') {
      how = "bzip2-compressed data: decompress it first (bunzip2 -k FILE)";
    } else if (starts(b, limit, 0xFD, '7', 'z', 'X', 'Z', 0x00)) {
      how = "xz-compressed data: decompress it first (unxz -k FILE)";
    } else if (starts(b, limit, 0x28, 0xB5, 0x2F, 0xFD)) {
      how = "zstd-compressed data: decompress it first (unzstd FILE)";
    } else if (starts(b, limit, 0x04, 0x22, 0x4D, 0x18)) {
      how = "lz4-compressed data: decompress it first (unlz4 FILE)";
    } else if (starts(b, limit, 0x1F, 0x9D)) {
      how = "compress (.Z) data: decompress it first (uncompress FILE)";
    } else if (starts(b, limit, 'P', 'K', 0x03, 0x04) || starts(b, limit, 'P', 'K', 0x05, 0x06)) {
      how = "a zip archive: extract the data file first (unzip FILE)";
    } else if (starts(b, limit, '7', 'z', 0xBC, 0xAF, 0x27, 0x1C)) {
      how = "a 7z archive: extract the data file first (7z x FILE)";
    } else if (starts(b, limit, 'R', 'a', 'r', '!', 0x1A, 0x07)) {
      how = "a RAR archive: extract the data file first (unrar x FILE)";
    } else if (limit >= 263 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r'
        && (b[262] == 0 || b[262] == ' ') && hasNul(b, 100)) {
      // POSIX "ustar\0" or GNU "ustar  \0" at 257, after a NUL-padded 100-byte member name: text cannot have both
      how = "a tar archive: extract the data file first (tar -xf FILE)";
    } else {
      return null;
    }
    return how + "; ALT reads UTF-8 text, plain or gzip-compressed";
  }

  /** Whether one of the first {@code n} bytes of {@code b} is NUL. */
  private static boolean hasNul(byte[] b, int n) {
    for (int i = 0; i < n; i++) {
      if (b[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code b[0, limit)} starts with the given byte values. */
  private static boolean starts(byte[] b, int limit, int... prefix) {
    if (limit < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if ((b[i] & 0xff) != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the input looks like ARFF: its first byte that is not white space is {@code '@'} or
   * {@code '%'}, which a LIBSVM file cannot start with. Looks only at the block already read.
   */
  public boolean looksLikeArff() {
    for (int i = pos; i < limit; i++) {
      byte c = buf[i];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        return c == '@' || c == '%';
      }
    }
    return false;
  }

  /**
   * The digest of the whole input (null without hashing), known once its end has been reached.
   *
   * @throws IllegalStateException if the end of the input has not been reached
   */
  InputDigest digest() {
    if (hashing == null) {
      return null;
    }
    if (digest == null) {
      throw new IllegalStateException(file + " has not been read to its end: its hash is not known yet");
    }
    return digest;
  }

  /** Whether the input is hashed as it is read. */
  public boolean hashing() {
    return hashing != null;
  }

  /** File name for messages. */
  public String file() {
    return file;
  }

  /** Total bytes taken from the (decompressed) input so far. */
  public long bytesRead() {
    return bytesRead;
  }

  /** Moves to the next line; false at the end of the input. */
  public boolean next() throws IOException {
    int scan = pos;
    while (true) {
      byte[] b = buf;
      int i = indexOfNewline(b, scan, limit);
      if (i >= 0) {
        start = pos;
        end = i > pos && b[i - 1] == '\r' ? i - 1 : i;
        pos = i + 1;
        line++;
        return true;
      }
      if (eof) {
        if (pos < limit) {
          start = pos;
          end = b[limit - 1] == '\r' ? limit - 1 : limit;
          pos = limit;
          line++;
          return true;
        }
        return false;
      }
      scan = limit - pos;
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
      }
      if (limit == buf.length) {
        if (buf.length >= maxLineBytes) {
          throw new DataFormatException(file, line + 1, "line longer than " + maxLineBytes + " bytes (binary data?)");
        }
        buf = Arrays.copyOf(buf, (int) Math.min(maxLineBytes, 2L * buf.length));
      }
      fill();
    }
  }

  /**
   * Block mode, instead of {@link #next()}: moves the next whole lines of the input, about {@code target}
   * bytes of them (at least one line; fewer bytes at the end), LF included, to {@code chunk}. The lines are
   * not counted here: the caller counts them as it parses. A failure of the input (corrupt gzip, a line longer
   * than allowed) comes after the whole lines read before it, as a {@link DataFormatException} whose line is
   * not known here ({@link DataFormatException#line()} 0): it is the line after every line handed out.
   *
   * @return false at the end of the input
   */
  public boolean nextChunk(LineChunk chunk, int target) throws IOException {
    if (pendingError != null) {
      DataFormatException e = pendingError;
      pendingError = null;
      throw e;
    }
    while (true) {
      if (eof || limit - pos >= target || (pos == 0 && limit == buf.length)) {
        int last = lastIndexOf(buf, pos, limit, (byte) '\n');
        if (last >= 0) {
          return handOut(chunk, last + 1);
        }
        if (eof) {
          return pos < limit && handOut(chunk, limit);
        }
      }
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
      }
      if (limit == buf.length) { // full from its start, without a line end (else it was handed out above)
        if (buf.length >= maxLineBytes) {
          throw new DataFormatException(file, 0, "line longer than " + maxLineBytes + " bytes (binary data?)");
        }
        buf = Arrays.copyOf(buf, (int) Math.min(maxLineBytes, 2L * buf.length));
      }
      try {
        fill();
      } catch (DataFormatException e) {
        int last = lastIndexOf(buf, pos, limit, (byte) '\n');
        if (last < 0) {
          throw e;
        }
        pendingError = e; // after the whole lines already read
        return handOut(chunk, last + 1);
      }
    }
  }

  /** Moves {@code buf[pos, end)} to {@code chunk} and past it; true. */
  private boolean handOut(LineChunk chunk, int end) {
    chunk.set(buf, pos, end);
    pos = end;
    return true;
  }

  private static int lastIndexOf(byte[] b, int from, int to, byte c) {
    for (int i = to - 1; i >= from; i--) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /** Position of the first LF in {@code b[from, to)} or -1; scans 8 bytes at a time (SWAR). */
  public static int indexOfNewline(byte[] b, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONGS.get(b, i) ^ NEWLINES;
      // the lowest flagged byte is the first zero byte of x, i.e. the first LF (Mycroft's trick)
      long t = (x - ONES) & ~x & HIGHS;
      if (t != 0) {
        return i + (Long.numberOfTrailingZeros(t) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void fill() throws IOException {
    int n;
    try {
      n = in.read(buf, limit, buf.length - limit);
    } catch (EOFException | ZipException e) {
      throw new DataFormatException(file, line + 1, "truncated or corrupt gzip data: " + e.getMessage(), e);
    }
    if (n < 0) {
      eof = true;
      if (hashing != null) {
        digest = hashing.finish();
      }
    } else {
      limit += n;
      bytesRead += n;
    }
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      in.close();
    }
  }

  /** The digests of a reader of these lines: the label file's (or null), then the data's; empty without hashing. */
  public List<InputDigest> digests(InputDigest labelFile) {
    InputDigest d = digest();
    if (d == null) {
      return List.of();
    }
    List<InputDigest> out = new ArrayList<>(2);
    if (labelFile != null) {
      out.add(labelFile);
    }
    out.add(d);
    return List.copyOf(out);
  }

  /** Whether {@code b[off, off + len)} starts with a UTF-8 byte order mark. */
  public static boolean startsWithByteOrderMark(byte[] b, int off, int len) {
    return len >= 3 && (b[off] & 0xff) == 0xEF && (b[off + 1] & 0xff) == 0xBB && (b[off + 2] & 0xff) == 0xBF;
  }
}
