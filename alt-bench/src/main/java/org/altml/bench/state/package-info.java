/**
 * Shared JMH {@link org.openjdk.jmh.annotations.State} classes: seeded data built once per trial, e.g.
 * {@link org.altml.bench.state.YardstickStream}, the C yardstick's RCV1-shaped stream.
 */
package org.altml.bench.state;
