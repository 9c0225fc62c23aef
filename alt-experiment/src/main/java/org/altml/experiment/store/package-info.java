/**
 * The experiment's results store: {@link org.altml.experiment.store.RunStore}, an append-only JSON-lines file
 * of {@link org.altml.experiment.store.StoredRun}s that makes an experiment resumable after a crash.
 */
package org.altml.experiment.store;
