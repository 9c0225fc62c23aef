/**
 * The Kafka demo's stream (records whose labels come later, out of order or never) and the Kafka benchmark: what
 * {@code ./alt kafka-demo} and {@code alt-bench/kafka-bench.sh} run.
 */
package org.altml.flink.demo;
