package org.altml.kernel;

import java.util.ArrayList;
import java.util.List;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.Settings;
import org.altml.core.learner.kit.BaseLearnerKindTestCase;
import org.altml.kernel.budget.BudgetParameters;
import org.altml.kernel.budget.RandomPolicy;
import org.altml.kernel.features.NystromMap;
import org.altml.kernel.features.RandomFourierFeatures;

/**
 * The conformance kit ({@link BaseLearnerKindTestCase}, from alt-core's test-jar) for alt-kernel's kinds: the kernel
 * learners registered here and every composition {@code LEARNER+rff} and {@code LEARNER+nystrom} the registry makes of
 * the linear kinds (alt-core's kit checks the linear kinds themselves). Randomized: the random Fourier features (Ω is
 * drawn from the context's seed) and the {@code random} budget policy; Nyström's landmarks are the first training
 * examples, so the seed decides nothing there.
 */
class KernelLearnerKindsTest extends BaseLearnerKindTestCase {
  @Override
  protected List<String> kinds() {
    List<String> kinds = new ArrayList<>();
    for (String name : registeredKinds()) {
      if (LearnerRegistry.get(name).getClass().getName().startsWith("org.altml.kernel.")) {
        kinds.add(name);
      }
    }
    kinds.addAll(compositions());
    return kinds;
  }

  @Override
  protected boolean randomized(Settings settings) {
    return settings.learner().endsWith("+rff") || (settings.spec().hasParameter(BudgetParameters.BUDGET_POLICY.name())
        && settings.get(BudgetParameters.BUDGET_POLICY).equals(RandomPolicy.NAME));
  }

  /** Maps of 64 (rff) and 16 (Nyström) features instead of 1,000 and 256: the same code, smaller matrices. */
  @Override
  protected Settings kitSettings(LearnerSpec spec) {
    if (spec.name().endsWith("+rff")) {
      return spec.defaults().with(RandomFourierFeatures.MAP_DIM.name(), 64);
    }
    if (spec.name().endsWith("+nystrom")) {
      return spec.defaults().with(NystromMap.MAP_DIM.name(), 16);
    }
    return spec.defaults();
  }
}
