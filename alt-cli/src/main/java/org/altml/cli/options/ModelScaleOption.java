package org.altml.cli.options;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code --scale} of the commands that apply or continue a saved model (predict, test, train with or without
 * {@code --from}), a picocli mixin: no default, since a model brings its own scaling; train, which may also start
 * a model, says so in its own words ({@link OptionHelp}).
 */
@Command(resourceBundle = OptionHelp.BUNDLE)
public final class ModelScaleOption {
  @Option(names = "--scale", paramLabel = "SCALING", descriptionKey = "model-scale",
      description = "Not needed: the model's own scaling is applied. If given, it must be the model's.")
  private String scale;

  /** Creates the option (picocli fills it). */
  public ModelScaleOption() {}

  /** The scaling's name as given, or null when not given. */
  public String value() {
    return scale;
  }
}
