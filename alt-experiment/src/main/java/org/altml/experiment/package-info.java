/** The experiment protocol (placeholder). */
package org.altml.experiment;
