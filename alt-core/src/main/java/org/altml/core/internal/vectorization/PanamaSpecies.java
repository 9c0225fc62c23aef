package org.altml.core.internal.vectorization;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector species every Panama kernel computes with, derived once from {@link FloatVector#SPECIES_PREFERRED}
 * into {@code static final} fields, so the JIT treats them as constants in every kernel class. The test-only
 * system property {@value #VECTOR_BITS_PROPERTY}{@code =128|256|512} overrides the width: correct everywhere,
 * slow when wider than the hardware.
 */
final class PanamaSpecies {
  /** Name of the test-only property that overrides the vector width in bits. */
  static final String VECTOR_BITS_PROPERTY = "alt.tests.vectorBits";

  /** Float species: float rows, features and coefficients. */
  static final VectorSpecies<Float> FLOAT = floatSpecies();

  /** Lanes of {@link #FLOAT}. */
  static final int FLOAT_LANES = FLOAT.length();

  /** Double species of the same bit width as {@link #FLOAT}, for double-precision weight rows. */
  static final VectorSpecies<Double> DOUBLE = VectorSpecies.of(double.class, FLOAT.vectorShape());

  /** Lanes of {@link #DOUBLE}: half of {@link #FLOAT_LANES}. */
  static final int DOUBLE_LANES = DOUBLE.length();

  private PanamaSpecies() {}

  private static VectorSpecies<Float> floatSpecies() {
    String bits = System.getProperty(VECTOR_BITS_PROPERTY);
    if (bits == null || bits.isBlank()) {
      return FloatVector.SPECIES_PREFERRED;
    }
    return switch (bits.trim()) {
      case "128" -> FloatVector.SPECIES_128;
      case "256" -> FloatVector.SPECIES_256;
      case "512" -> FloatVector.SPECIES_512;
      default -> throw new IllegalArgumentException(
          "-D" + VECTOR_BITS_PROPERTY + " must be 128, 256 or 512, not '" + bits + "'");
    };
  }

  /** Bits of the hardware's preferred vector, whatever the test override says. */
  static int preferredBitSize() {
    return VectorShape.preferredShape().vectorBitSize();
  }
}
