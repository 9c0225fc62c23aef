/**
 * Kafka in and out of the jobs: addresses ({@code kafka://HOST:PORT/TOPIC}), and a broker inside the JVM for tests and the
 * demo ({@link org.altml.flink.kafka.EmbeddedBroker}). Only this module knows Kafka: no Kafka class reaches alt-core,
 * alt-kernel or alt-cli.
 */
package org.altml.flink.kafka;
