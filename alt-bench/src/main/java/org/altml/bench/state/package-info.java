/**
 * Shared JMH {@link org.openjdk.jmh.annotations.State} classes: seeded data built once per trial, e.g.
 * {@link org.altml.bench.state.YardstickStream}, the C yardstick's RCV1-shaped stream, and the learner
 * under measurement, {@link org.altml.bench.state.LearnerState}, named by a parameter and built through
 * the learner registry ({@link org.altml.bench.state.RegisteredLearners}).
 */
package org.altml.bench.state;
