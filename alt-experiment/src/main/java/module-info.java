/**
 * The paper's protocol: tuning by cross-validation, repeated permutations, paired tests, the run store and
 * the reports (tables and figures).
 */
module org.altml.experiment {
  requires transitive org.altml.core;
  requires com.fasterxml.jackson.core;
  requires org.apache.commons.statistics.inference;
  requires org.apache.commons.statistics.descriptive;
  requires org.apache.commons.statistics.ranking;
  requires org.apache.commons.statistics.distribution;
  requires java.desktop;
  requires xchart;
  requires VectorGraphics2D;

  exports org.altml.experiment;
  exports org.altml.experiment.report;
  exports org.altml.experiment.stats;
  exports org.altml.experiment.plan;
  exports org.altml.experiment.store;
}
