package org.altml.core.features;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.altml.core.learner.LearnerContext;
import org.altml.core.learner.LearnerRegistry;
import org.altml.core.learner.LearnerSpec;
import org.altml.core.learner.ModelCodec;
import org.altml.core.learner.OnlineMultiLabelLearner;
import org.altml.core.learner.Parameter;
import org.altml.core.learner.Settings;
import org.altml.core.learner.StateInput;
import org.altml.core.learner.StateOutput;

/**
 * The learner kind {@code LEARNER+MAP}: a linear learner kind ({@link LearnerSpec#isLinear()}) run on the
 * features z(x) of a feature map ({@link MappedLearner}). Built by {@link FeatureMapComposer} when a name
 * is looked up, never registered; its parameters are the learner's followed by the map's, so its {@link
 * Settings} hold both and its settings key names both, e.g. {@code salt+rff eta=1.0 ... mapDim=1000
 * sigma2=1.0}.
 *
 * <p>Model body, version 1 (inside {@code org.altml.core.model.ModelIo}'s framing, which records the
 * name, the settings and L): the map's name (UTF), D (int), the map codec's version (int) and body, the
 * inner learner codec's version (int) and body, then the training examples the map has not mapped yet
 * (int count, then per example: int nnz, nnz × int index, nnz × float value, int |Y|, |Y| × int label).
 */
public final class MappedSpec implements LearnerSpec {
  private static final int VERSION = 1;

  private final LearnerSpec inner;
  private final FeatureMapSpec map;
  private final String name;
  private final List<Parameter<?>> parameters;
  private final ModelCodec codec = new Codec();

  /**
   * {@code inner} on {@code map}.
   *
   * @throws IllegalArgumentException if {@code inner} is not a linear kind, or a parameter name is in both
   */
  public MappedSpec(LearnerSpec inner, FeatureMapSpec map) {
    this.inner = Objects.requireNonNull(inner, "inner");
    this.map = Objects.requireNonNull(map, "map");
    if (!inner.isLinear()) {
      throw new IllegalArgumentException("feature map " + map.name() + " composes with the linear learners ("
          + String.join(", ", linearNames()) + "), not " + inner.name());
    }
    List<Parameter<?>> all = new ArrayList<>(inner.parameters());
    for (Parameter<?> p : map.parameters()) {
      if (inner.hasParameter(p.name())) {
        throw new IllegalArgumentException("feature map " + map.name() + " and learner " + inner.name()
            + " both have a parameter " + p.name());
      }
      all.add(p);
    }
    this.parameters = List.copyOf(all);
    this.name = FeatureMapComposer.name(inner.name(), map.name());
  }

  /** The registered linear learner kinds, for messages. */
  static List<String> linearNames() {
    List<String> names = new ArrayList<>();
    for (LearnerSpec s : LearnerRegistry.all()) {
      if (s.isLinear()) {
        names.add(s.name());
      }
    }
    return names;
  }

  /** The linear learner kind that runs on the mapped features. */
  public LearnerSpec inner() {
    return inner;
  }

  /** The feature-map kind. */
  public FeatureMapSpec featureMap() {
    return map;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return inner.name() + " on " + map.name() + ": " + map.description();
  }

  @Override
  public List<Parameter<?>> parameters() {
    return parameters;
  }

  /** False: the mapped features are not the input's, so a mapped learner is not mapped again. */
  @Override
  public boolean isLinear() {
    return false;
  }

  @Override
  public void validate(Settings settings) {
    inner.validate(innerSettings(settings));
    map.validate(settings);
  }

  /**
   * The inner learner's settings within {@code settings} (of this kind): the values of its parameters.
   *
   * @throws IllegalArgumentException if they are invalid for it
   */
  public Settings innerSettings(Settings settings) {
    Map<String, String> text = new LinkedHashMap<>();
    Map<String, String> all = settings.asText();
    for (Parameter<?> p : inner.parameters()) {
      text.put(p.name(), all.get(p.name()));
    }
    return Settings.parse(inner, text);
  }

  @Override
  public OnlineMultiLabelLearner create(Settings settings, LearnerContext context) {
    settings.requireKind(this);
    FeatureMap m = map.create(settings, context);
    return create(settings, m, context);
  }

  private OnlineMultiLabelLearner create(Settings settings, FeatureMap m, LearnerContext context) {
    // the inner learner sees D features, known up front: W is allocated once
    OnlineMultiLabelLearner learner = inner.create(innerSettings(settings), context.withNumFeatures(m.dimension()));
    return new MappedLearner(this, settings, m, learner);
  }

  @Override
  public ModelCodec codec() {
    return codec;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MappedSpec s && s.name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }

  /** The body of {@link MappedSpec}'s class comment. */
  private final class Codec implements ModelCodec {
    @Override
    public int version() {
      return VERSION;
    }

    @Override
    public void write(OnlineMultiLabelLearner learner, StateOutput out) throws IOException {
      if (!(learner instanceof MappedLearner l) || !l.spec().name().equals(name)) {
        throw new IllegalArgumentException("not a " + name + " learner: " + learner.name());
      }
      out.writeUTF(map.name());
      out.writeInt(l.featureMap().dimension());
      FeatureMapCodec mc = map.codec();
      out.writeInt(mc.version());
      mc.write(l.featureMap(), out);
      ModelCodec ic = inner.codec();
      out.writeInt(ic.version());
      ic.write(l.inner(), out);
      l.writePending(out);
    }

    @Override
    public OnlineMultiLabelLearner read(Settings settings, LearnerContext context, StateInput in, int version)
        throws IOException {
      if (version != VERSION) {
        throw in.corrupt(name + " model body version " + version + " (this build reads version " + VERSION + ")");
      }
      settings.requireKind(MappedSpec.this);
      String mapName = in.readUTF();
      if (!mapName.equals(map.name())) {
        throw in.corrupt("the " + name + " body holds feature map '" + mapName + "'");
      }
      int dimension = in.readInt();
      FeatureMap m = map.codec().read(settings, in, in.readInt());
      if (m.dimension() != dimension) {
        throw in.corrupt("the feature map has D = " + m.dimension() + ", the body says " + dimension);
      }
      int innerVersion = in.readInt();
      OnlineMultiLabelLearner learner =
          inner.codec().read(innerSettings(settings), context.withNumFeatures(0), in, innerVersion);
      if (learner.numLabels() != context.numLabels()) {
        throw in.corrupt("the inner learner has " + learner.numLabels() + " labels, the model " + context.numLabels());
      }
      MappedLearner mapped = new MappedLearner(MappedSpec.this, settings, m, learner);
      mapped.readPending(in);
      return mapped;
    }
  }
}
