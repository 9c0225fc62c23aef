package org.altml.core.learner;

import java.util.List;
import org.altml.core.elm.ElmSpec;
import org.altml.core.learner.kit.BaseLearnerKindTestCase;

/**
 * The conformance kit ({@link BaseLearnerKindTestCase}) for every kind registered in alt-core: {@code falt}, {@code
 * salt}, {@code pa1}, {@code pa2}, the ELMs, and the tests' {@code mean-score}, which gets the whole kit from its one
 * registration line. The ELMs are the randomized kinds (their hidden layer is drawn from the context's seed).
 */
class CoreLearnerKindsTest extends BaseLearnerKindTestCase {
  @Override
  protected List<String> kinds() {
    return registeredKinds();
  }

  @Override
  protected boolean randomized(Settings settings) {
    return settings.spec() instanceof ElmSpec;
  }

  /** ELMs with 16 hidden units instead of 500: the same code, a smaller solve. */
  @Override
  protected Settings kitSettings(LearnerSpec spec) {
    return spec instanceof ElmSpec ? spec.defaults().with(ElmSpec.HIDDEN.name(), 16) : spec.defaults();
  }
}
