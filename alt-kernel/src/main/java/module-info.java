/**
 * Kernelized FALT and PA binary relevance with an RBF kernel and budgeted support vectors, and the random
 * Fourier and Nystroem feature maps that compose with the linear learners ({@code salt+rff}).
 */
module org.altml.kernel {
  requires transitive org.altml.core;
  requires com.carrotsearch.hppc;

  exports org.altml.kernel;
  exports org.altml.kernel.budget;
  exports org.altml.kernel.cache;
  exports org.altml.kernel.features;
  exports org.altml.kernel.learner;
  exports org.altml.kernel.store;

  provides org.altml.core.learner.LearnerSpec with
      org.altml.kernel.learner.KernelFaltSpec,
      org.altml.kernel.learner.KernelPaSpec.Pa1,
      org.altml.kernel.learner.KernelPaSpec.Pa2;
  provides org.altml.core.features.FeatureMapSpec with
      org.altml.kernel.features.RandomFourierFeatures.Spec,
      org.altml.kernel.features.NystromMap.Spec;
}
