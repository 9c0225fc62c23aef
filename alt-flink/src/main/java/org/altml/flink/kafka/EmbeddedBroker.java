package org.altml.flink.kafka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * One Kafka broker in KRaft mode (broker and controller in one node) inside this JVM, on loopback ports: what the
 * tests and {@code alt flink demo --kafka} run against. No ZooKeeper, no container, no mock: the server a cluster
 * runs, with a replication factor of 1. It can be stopped and started again on the same ports and data (a broker
 * outage, for the fault tests). Needs the Kafka server jars on the class path (the local run's; not the job jar's).
 */
public final class EmbeddedBroker implements AutoCloseable {
  private final Path dir;
  private final boolean ownDir;
  private final int port;
  private final int controllerPort;
  private KafkaRaftServer server;

  private EmbeddedBroker(Path dir, boolean ownDir) throws IOException {
    this.dir = dir;
    this.ownDir = ownDir;
    this.port = freePort();
    this.controllerPort = freePort();
    try {
      new Formatter().setClusterId(Uuid.randomUuid().toString()).setNodeId(1).addDirectory(dir.toString())
          .setMetadataLogDirectory(dir.toString()).setControllerListenerName("CONTROLLER")
          .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION).setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
          .run();
    } catch (Exception e) {
      throw new IOException("could not format the broker's log folder " + dir + ": " + e.getMessage(), e);
    }
    start();
  }

  /** A broker whose data lives in a new temporary folder, removed by {@link #close()}. */
  public static EmbeddedBroker start(String name) throws IOException {
    return new EmbeddedBroker(Files.createTempDirectory(name), true);
  }

  /** A broker whose data lives in {@code dir} (made when missing, kept by {@link #close()}). */
  public static EmbeddedBroker startIn(Path dir) throws IOException {
    Files.createDirectories(dir);
    return new EmbeddedBroker(dir, false);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** The server's configuration: one node, loopback only, every internal topic with one replica. */
  private Properties config() {
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", "1");
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("log.dirs", dir.toString());
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "1");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("transaction.state.log.num.partitions", "1");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("group.initial.rebalance.delay.ms", "0");
    p.put("num.partitions", "1");
    // a model is one message: ALT's model files of RCV1's shape are tens of MB
    p.put("message.max.bytes", String.valueOf(256 << 20));
    p.put("socket.request.max.bytes", String.valueOf(512 << 20));
    return p;
  }

  /** Starts the server (again, after {@link #stop()}: same ports, same data). */
  public synchronized void start() {
    if (server != null) {
      return;
    }
    KafkaRaftServer s = new KafkaRaftServer(new KafkaConfig(config()), Time.SYSTEM);
    s.startup();
    server = s;
  }

  /** Stops the server, keeping its data: clients see a broker outage until {@link #start()}. */
  public synchronized void stop() {
    if (server == null) {
      return;
    }
    server.shutdown();
    server.awaitShutdown();
    server = null;
  }

  /** {@code 127.0.0.1:PORT}: the bootstrap servers of a client. */
  public String bootstrap() {
    return "127.0.0.1:" + port;
  }

  /** {@code topic} on this broker. */
  public KafkaAddress topic(String topic) {
    return new KafkaAddress(bootstrap(), topic);
  }

  /** Stops the server and, when the folder is its own, removes its data. */
  @Override
  public void close() {
    stop();
    if (ownDir) {
      try (Stream<Path> all = Files.walk(dir)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("could not remove the broker's folder " + dir, e);
      }
    }
  }
}
