package org.altml.flink.kafka;

import java.io.Serializable;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A topic on a Kafka cluster as the command line names it: {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC}.
 *
 * @param bootstrap the bootstrap servers, {@code HOST:PORT[,HOST:PORT...]}
 * @param topic the topic
 */
public record KafkaAddress(String bootstrap, String topic) implements Serializable {
  /** The scheme that marks a Kafka address among file paths. */
  public static final String SCHEME = "kafka://";
  /** Kafka's own rule for topic names (its Topic.validate): letters, digits, '.', '_', '-', at most 249. */
  private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");
  private static final Pattern SERVER = Pattern.compile("[^\\s:/,]+:\\d{1,5}");

  /** Whether {@code s} names a Kafka topic rather than a file. */
  public static boolean isKafka(String s) {
    return s != null && s.toLowerCase(Locale.ROOT).startsWith(SCHEME);
  }

  /**
   * Parses {@code s}.
   *
   * @throws IllegalArgumentException saying what is wrong and what the form is
   */
  public static KafkaAddress parse(String s) {
    if (!isKafka(s)) {
      throw new IllegalArgumentException(s + ": not a Kafka address (" + SCHEME + "HOST:PORT/TOPIC)");
    }
    String rest = s.substring(SCHEME.length());
    int slash = rest.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException(s + ": no topic (" + SCHEME + "HOST:PORT/TOPIC)");
    }
    String servers = rest.substring(0, slash);
    String topic = rest.substring(slash + 1);
    if (servers.isEmpty()) {
      throw new IllegalArgumentException(s + ": no broker before the topic (" + SCHEME + "HOST:PORT/TOPIC)");
    }
    for (String server : servers.split(",", -1)) {
      if (!SERVER.matcher(server).matches()) {
        throw new IllegalArgumentException(s + ": '" + server + "' is not HOST:PORT (" + SCHEME + "HOST:PORT[,HOST:PORT]/TOPIC)");
      }
      int port = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(s + ": port " + port + " is not between 1 and 65535");
      }
    }
    if (!TOPIC.matcher(topic).matches() || topic.equals(".") || topic.equals("..")) {
      throw new IllegalArgumentException(s + ": '" + topic + "' is not a topic name (letters, digits, '.', '_' and '-', at most 249)");
    }
    return new KafkaAddress(servers, topic);
  }

  /** The same cluster, another topic. */
  public KafkaAddress withTopic(String other) {
    return parse(SCHEME + bootstrap + "/" + other);
  }

  @Override
  public String toString() {
    return SCHEME + bootstrap + "/" + topic;
  }
}
