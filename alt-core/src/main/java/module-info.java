/**
 * The learners of the paper (FALT, SALT, PA binary relevance, OSML-ELM, ELM-OMLL), their metrics and
 * protocols. {@code org.altml.core.internal.vectorization} (the SIMD kernels) is not exported: it may change
 * in any release. The Vector API module is optional ({@code requires static}): without
 * {@code --add-modules jdk.incubator.vector} the scalar kernels run.
 */
module org.altml.core {
  requires transitive org.altml.sparse;
  requires static jdk.incubator.vector;
  requires java.logging;
  requires java.management;

  exports org.altml.core.baseline;
  exports org.altml.core.elm;
  exports org.altml.core.eval;
  exports org.altml.core.features;
  exports org.altml.core.learner;
  exports org.altml.core.linear;
  exports org.altml.core.math;
  exports org.altml.core.metric;
  exports org.altml.core.model;

  uses org.altml.core.learner.LearnerSpec;
  uses org.altml.core.learner.LearnerComposer;
  uses org.altml.core.features.FeatureMapSpec;

  provides org.altml.core.learner.LearnerSpec with
      org.altml.core.linear.FaltSpec,
      org.altml.core.linear.SaltSpec,
      org.altml.core.baseline.PaSpec.Pa1,
      org.altml.core.baseline.PaSpec.Pa2,
      org.altml.core.elm.ElmSpec.Osml,
      org.altml.core.elm.ElmSpec.Omll;
  provides org.altml.core.learner.LearnerComposer with
      org.altml.core.features.FeatureMapComposer;
}
