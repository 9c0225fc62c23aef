package org.altml.flink.kafka;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates the topics a job writes, with the settings they need, before the job starts. */
public final class KafkaTopics {
  /** How long the job waits for the cluster before it says it cannot reach it. */
  static final long TIMEOUT_MS = 30_000;

  private KafkaTopics() {}

  /** Creates {@code topic} (one partition) unless it exists. */
  public static void ensure(KafkaAddress topic) {
    ensure(topic, 1, Map.of());
  }

  /**
   * Creates the compacted topic of model versions unless it exists: one record per model key is kept (the newest
   * version), and a record may hold a large model.
   */
  public static void ensureModels(KafkaAddress topic) {
    ensure(topic, 1, Map.of("cleanup.policy", "compact", "max.message.bytes", String.valueOf(256 << 20)));
  }

  /**
   * Creates {@code topic} with {@code partitions} partitions and {@code configs} unless it exists (an existing topic is
   * left as it is).
   *
   * @throws IllegalStateException naming the cluster when it cannot be reached or refuses
   */
  public static void ensure(KafkaAddress topic, int partitions, Map<String, String> configs) {
    Properties p = KafkaIo.client(topic);
    p.put("request.timeout.ms", String.valueOf(TIMEOUT_MS));
    p.put("default.api.timeout.ms", String.valueOf(TIMEOUT_MS));
    try (Admin admin = Admin.create(p)) {
      admin.createTopics(List.of(new NewTopic(topic.topic(), partitions, (short) 1).configs(configs))).all()
          .get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new IllegalStateException(topic + ": could not create the topic: " + e.getCause().getMessage(), e.getCause());
      }
    } catch (TimeoutException e) {
      throw new IllegalStateException(topic + ": no answer from the Kafka cluster at " + topic.bootstrap() + " within "
          + TIMEOUT_MS / 1000 + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(topic + ": interrupted while creating the topic", e);
    }
  }

  /**
   * Whether {@code topic} exists on its cluster.
   *
   * @throws IllegalStateException naming the cluster when it cannot be reached
   */
  public static boolean exists(KafkaAddress topic) {
    Properties p = KafkaIo.client(topic);
    p.put("request.timeout.ms", String.valueOf(TIMEOUT_MS));
    p.put("default.api.timeout.ms", String.valueOf(TIMEOUT_MS));
    try (Admin admin = Admin.create(p)) {
      return admin.listTopics().names().get(TIMEOUT_MS, TimeUnit.MILLISECONDS).contains(topic.topic());
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(topic + ": no answer from the Kafka cluster at " + topic.bootstrap() + " within "
          + TIMEOUT_MS / 1000 + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(topic + ": interrupted while looking for the topic", e);
    }
  }
}
