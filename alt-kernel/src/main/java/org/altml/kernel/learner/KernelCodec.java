package org.altml.kernel.learner;

import java.io.IOException;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;
import org.altml.kernel.store.SupportVectorStore;

/**
 * Counters, the store (slot order, ages, features, coefficients in their precision) and the policy's
 * state (the random generator): everything a loaded learner needs to continue exactly. σ², B, the
 * policy's name, M and the precision are in the settings the model file keeps. Version 1.
 */
final class KernelCodec implements ModelCodec {
  @Override
  public int version() {
    return 1;
  }

  @Override
  public void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException {
    if (!(learner instanceof KernelLearner l)) {
      throw new IllegalArgumentException("not a kernel learner: " + learner.name());
    }
    l.checkFinite();
    out.writeLong(l.examples);
    out.writeLong(l.steps);
    out.writeLong(l.kernelEvaluations());
    out.writeLong(l.appended);
    out.writeLong(l.budgetReductions);
    l.store.write(out);
    out.writeBoolean(l.policy != null);
    if (l.policy != null) {
      out.writeUTF(l.policy.name());
      l.policy.writeState(out);
    }
  }

  @Override
  public OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version)
      throws IOException {
    if (version != 1) {
      throw in.corrupt("kernel model body version " + version + " (this build reads version 1)");
    }
    KernelLearner l = (KernelLearner) settings.spec().create(settings, context.withNumFeatures(0));
    l.examples = in.readLong();
    l.steps = in.readLong();
    l.kernelEvaluations = in.readLong();
    l.appended = in.readLong();
    l.budgetReductions = in.readLong();
    if (l.examples < 0 || l.steps < 0 || l.kernelEvaluations < 0 || l.appended < 0 || l.budgetReductions < 0) {
      throw in.corrupt("negative counters");
    }
    l.store = SupportVectorStore.read(in, l.store.width(), l.precision, 0, KernelLearner.initialCapacity(l.budget, -1));
    if (l.budget > 0 && l.store.size() > l.budget) {
      throw in.corrupt(l.store.size() + " support vectors, more than the budget " + l.budget);
    }
    boolean hasPolicy = in.readBoolean();
    if (hasPolicy != (l.policy != null)) {
      throw in.corrupt("the budget policy state does not match the settings");
    }
    if (hasPolicy) {
      String name = in.readUTF();
      if (!name.equals(l.policy.name())) {
        throw in.corrupt("the state is for budget policy " + name + ", the settings say " + l.policy.name());
      }
      l.policy.readState(in);
    }
    return l;
  }
}
