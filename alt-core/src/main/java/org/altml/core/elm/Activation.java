package org.altml.core.elm;

import java.util.Locale;

/**
 * The hidden units' activation g(a) of an extreme learning machine, as the OSML-ELM reference code
 * offers them ({@code activation_fn.m}: {@code sig}, {@code sin}, {@code hardlim}, {@code tribas},
 * {@code radbas}; docs/spec.md#elm-hidden-layer). Sigmoid is the default of both ELM learners.
 */
public enum Activation {
  /** 1/(1 + e^(−a)); e^(−a) overflows to +∞ for a &lt; −709 and gives the correct limit 0, never NaN. */
  SIGMOID {
    @Override
    public double apply(double a) {
      return 1.0 / (1.0 + Math.exp(-a));
    }
  },
  /** sin(a). */
  SIN {
    @Override
    public double apply(double a) {
      return Math.sin(a);
    }
  },
  /** 1 when a ≥ 0, else 0 (Matlab's {@code hardlim}). */
  HARDLIM {
    @Override
    public double apply(double a) {
      return a >= 0 ? 1.0 : 0.0;
    }
  },
  /** max(0, 1 − |a|), the triangular basis (Matlab's {@code tribas}). */
  TRIBAS {
    @Override
    public double apply(double a) {
      return Math.max(0.0, 1.0 - Math.abs(a));
    }
  },
  /** e^(−a²), the radial basis (Matlab's {@code radbas}). */
  RADBAS {
    @Override
    public double apply(double a) {
      return Math.exp(-a * a);
    }
  };

  /** g(a). */
  public abstract double apply(double a);

  /** The lower-case name the command line and model files use ({@code sigmoid}, {@code sin}, ...). */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The activation called {@code name} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the choices
   */
  public static Activation of(String name) {
    for (Activation a : values()) {
      if (a.cliName().equals(name.toLowerCase(Locale.ROOT))) {
        return a;
      }
    }
    throw new IllegalArgumentException("no activation '" + name + "' (sigmoid, sin, hardlim, tribas, radbas)");
  }
}
