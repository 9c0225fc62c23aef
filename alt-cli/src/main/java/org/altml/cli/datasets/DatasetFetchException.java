package org.altml.cli.datasets;

import java.io.IOException;

/**
 * A dataset that could not be fetched: an HTTP error, a host that cannot be reached, a download that broke off or
 * a file whose SHA-256 is not the catalogue's. The message is one line naming the file, the URL and what to do.
 */
public class DatasetFetchException extends IOException {
  private static final long serialVersionUID = 1L;

  /** A failure described by {@code message}. */
  public DatasetFetchException(String message) {
    super(message);
  }

  /** A failure described by {@code message}, caused by {@code cause}. */
  public DatasetFetchException(String message, Throwable cause) {
    super(message, cause);
  }
}
