package org.altml.cli.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;

/**
 * A resumable HTTP GET of one URL into a partial file: a partial file left by an earlier attempt is continued with
 * a {@code Range} request when the server answers 206 from the right offset, and written again from the start when
 * it answers 200 (it ignores ranges) or 416. HTTP errors, unreachable hosts and broken-off transfers are
 * {@link DatasetFetchException}s with one line saying which URL and why; a broken-off transfer keeps its bytes for
 * the next attempt.
 */
final class HttpDownload {
  /** How long to wait for a connection and for the answer's headers. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final HttpClient client;

  HttpDownload(HttpClient client) {
    this.client = client;
  }

  /** The client the command uses: HTTP/1.1, redirects followed (not from https to http), a connect timeout. */
  static HttpClient newClient() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NORMAL)
        .connectTimeout(TIMEOUT).build();
  }

  /** What a download did. */
  record Outcome(long resumedFrom, long transferred) {}

  /**
   * Downloads {@code uri} into {@code part}, continuing a partial file there. A file of another size is downloaded
   * whole, for the caller's checksum to name it, up to {@link #limit}: beyond that the server is sending something
   * else entirely (an endless stream), and the download stops with an error.
   */
  Outcome fetch(URI uri, Path part, long expected) throws IOException {
    long have = Files.exists(part) ? Files.size(part) : 0;
    if (have > expected) {
      Files.delete(part);
      have = 0;
    }
    if (have == expected && have > 0) {
      return new Outcome(have, 0); // complete already: the caller verifies it
    }
    HttpResponse<InputStream> response = send(uri, have);
    int status = response.statusCode();
    boolean append;
    if (status == 206 && have > 0 && startsAt(response, have)) {
      append = true;
    } else if (status == 200) {
      append = false; // no range asked, or the server ignores ranges: the whole file again
    } else if ((status == 416 || status == 206) && have > 0) {
      response.body().close();
      Files.delete(part); // the partial file does not fit the server's file, or another range came: start again
      return fetch(uri, part, expected);
    } else {
      response.body().close();
      throw new DatasetFetchException(uri + ": HTTP " + status + reason(status)
          + (status == 404 ? " (the source has no such file; check the URL, or give --from a mirror that has it)" : ""));
    }
    long from = append ? have : 0;
    long written = from;
    boolean tooLong = false;
    try (InputStream body = response.body();
        OutputStream out = append ? Files.newOutputStream(part, StandardOpenOption.APPEND)
            : Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = body.read(buffer)) >= 0) {
        if (written + n > limit(expected)) {
          tooLong = true;
          break;
        }
        out.write(buffer, 0, n);
        written += n;
      }
    } catch (IOException e) {
      throw new DatasetFetchException(uri + ": the download broke off after " + written + " of " + expected + " bytes ("
          + e.getMessage() + "); run the same command again to resume it", e);
    }
    if (tooLong) {
      Files.deleteIfExists(part);
      throw new DatasetFetchException(uri + ": the server sends more than " + limit(expected) + " bytes, the catalogue"
          + " lists " + expected + ": not the catalogued file (it was removed); give --from a mirror that holds it");
    }
    return new Outcome(from, written - from);
  }

  /** The most bytes a download of a file of {@code expected} bytes may take before it is given up. */
  static long limit(long expected) {
    return expected + Math.max(expected, 64L << 20);
  }

  private HttpResponse<InputStream> send(URI uri, long from) throws IOException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
    if (from > 0) {
      request.header("Range", "bytes=" + from + "-");
    }
    try {
      return client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(uri + ": interrupted");
    } catch (HttpConnectTimeoutException e) {
      throw new DatasetFetchException("cannot reach " + hostOf(uri) + ": no connection within " + TIMEOUT.toSeconds()
          + " s (" + uri + "); check the address and the network, or give --from a mirror", e);
    } catch (HttpTimeoutException e) {
      throw new DatasetFetchException(uri + ": no answer within " + TIMEOUT.toSeconds() + " s; try again later, or give"
          + " --from a mirror", e);
    } catch (ConnectException e) {
      String why = unresolved(e) ? "unknown host (the name does not resolve)"
          : Optional.ofNullable(e.getMessage()).filter(m -> !m.isBlank()).orElse("connection refused");
      throw new DatasetFetchException("cannot reach " + hostOf(uri) + ": " + why + " (" + uri + "); check the address"
          + " and the network, or give --from a mirror", e);
    } catch (IllegalArgumentException e) {
      throw new DatasetFetchException(uri + ": not a URL that can be downloaded (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new DatasetFetchException(uri + ": " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName())
          + "; check the address and the network, or give --from a mirror", e);
    }
  }

  /** Whether the connection failed because the host name does not resolve (a cause some levels down). */
  private static boolean unresolved(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
        return true;
      }
    }
    return false;
  }

  /** Whether a 206 answer continues at {@code offset} ({@code Content-Range: bytes OFFSET-END/TOTAL}). */
  private static boolean startsAt(HttpResponse<?> response, long offset) {
    return response.headers().firstValue("Content-Range")
        .map(v -> v.strip().startsWith("bytes " + offset + "-"))
        .orElse(false);
  }

  private static String hostOf(URI uri) {
    return uri.getPort() < 0 ? String.valueOf(uri.getHost()) : uri.getHost() + ":" + uri.getPort();
  }

  private static String reason(int status) {
    return switch (status) {
      case 400 -> " Bad Request";
      case 401 -> " Unauthorized";
      case 403 -> " Forbidden";
      case 404 -> " Not Found";
      case 410 -> " Gone";
      case 429 -> " Too Many Requests";
      case 500 -> " Internal Server Error";
      case 502 -> " Bad Gateway";
      case 503 -> " Service Unavailable";
      case 504 -> " Gateway Timeout";
      default -> "";
    };
  }
}
