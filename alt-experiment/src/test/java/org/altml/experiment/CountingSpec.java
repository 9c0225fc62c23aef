package org.altml.experiment;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.altml.core.learner.CommonParameters;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;

/**
 * A learner kind (FALT underneath) that asks its context for a shared per-dataset resource, as a kernel
 * learner asks for its Gram cache, and records every context it is given. Not registered: built by hand.
 */
final class CountingSpec implements LearnerSpec {
  static final List<LearnerContext> contexts = new CopyOnWriteArrayList<>();
  private static final LearnerSpec FALT = LearnerRegistry.get("falt");

  @Override
  public String name() {
    return "counting";
  }

  @Override
  public String description() {
    return "FALT that requests a shared resource";
  }

  @Override
  public List<Parameter<?>> parameters() {
    return List.of(CommonParameters.ETA);
  }

  @Override
  public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    contexts.add(context);
    context.resources().computeIfAbsent("test.cache", () -> new int[1]);
    return FALT.create(FALT.defaults().with("eta", settings.get(CommonParameters.ETA)), context);
  }

  @Override
  public ModelCodec codec() {
    return FALT.codec();
  }
}
