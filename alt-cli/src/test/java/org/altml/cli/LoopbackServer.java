package org.altml.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP server on 127.0.0.1 (an ephemeral port) serving the files of a folder, for the tests of {@code alt datasets}
 * (no outside network): byte ranges ({@code Range: bytes=N-}) answered with 206 unless told to ignore them, every
 * request logged, and a transfer that breaks off after a number of bytes on demand.
 */
final class LoopbackServer implements AutoCloseable {
  private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-");

  private final HttpServer server;
  private final Path root;
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private volatile boolean ranges = true;
  private volatile long breakOffAfter = -1;

  LoopbackServer(Path root) throws IOException {
    this.root = root.toAbsolutePath().normalize();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  /** {@code http://127.0.0.1:PORT}. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Whether the server answers range requests (else it sends the whole file with 200, as some servers do). */
  void ranges(boolean answered) {
    ranges = answered;
  }

  /** The next transfer stops after {@code bytes} bytes of its body (the connection is closed). */
  void breakOffOnceAfter(long bytes) {
    breakOffAfter = bytes;
  }

  /** The requests so far, as "PATH" or "PATH bytes=N-". */
  List<String> requests() {
    return List.copyOf(requests);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String range = exchange.getRequestHeaders().getFirst("Range");
      requests.add(path + (range == null ? "" : " " + range));
      Path file = root.resolve(path.substring(1)).normalize();
      if (!file.startsWith(root) || !Files.isRegularFile(file)) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      byte[] all = Files.readAllBytes(file);
      int from = 0;
      Matcher m = range == null ? null : RANGE.matcher(range);
      if (ranges && m != null && m.matches()) {
        long start = Long.parseLong(m.group(1));
        if (start >= all.length) {
          exchange.getResponseHeaders().add("Content-Range", "bytes */" + all.length);
          exchange.sendResponseHeaders(416, -1);
          return;
        }
        from = (int) start;
        exchange.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + (all.length - 1) + "/" + all.length);
      }
      int length = all.length - from;
      exchange.sendResponseHeaders(from > 0 ? 206 : 200, length == 0 ? -1 : length);
      long cut = breakOffAfter;
      OutputStream body = exchange.getResponseBody();
      if (cut >= 0 && cut < length) {
        breakOffAfter = -1;
        body.write(all, from, (int) cut);
        body.flush();
        // the server closes the connection with the body unfinished
        throw new IOException("broken off on purpose after " + cut + " bytes");
      }
      body.write(all, from, length);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
