package org.altml.core.internal.vectorization;

import java.lang.reflect.InvocationTargetException;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Picks the kernel implementation once at start-up, after Lucene's {@code VectorizationProvider.lookup}:
 * the Vector API (Panama) kernels when the {@code jdk.incubator.vector} module is in the boot layer and the
 * hardware's preferred vector holds at least 128 bits, the scalar kernels otherwise.
 *
 * <p>The system property {@value #MODE_PROPERTY} ({@code auto}, the default, {@code scalar} or
 * {@code panama}) forces a choice; forcing {@code panama} where it is unavailable is an error, never a
 * silent fallback. The choice is logged as one {@code java.util.logging} line (INFO when Panama is used or
 * scalar was asked for, WARNING with the flag to pass when the module is missing).
 *
 * <p>The Panama class is loaded by name, so this class and the rest of alt-core load without the module.
 */
public final class VectorizationProvider {
  /** System property that forces an implementation: {@code auto}, {@code scalar} or {@code panama}. */
  public static final String MODE_PROPERTY = "alt.vectorization";

  /** Name of the incubator module holding the Vector API. */
  public static final String VECTOR_MODULE = "jdk.incubator.vector";

  private static final String PANAMA_CLASS = "org.altml.core.internal.vectorization.PanamaVectorOps";
  private static final Logger LOG = Logger.getLogger(VectorizationProvider.class.getName());

  private VectorizationProvider() {}

  /**
   * Returns the implementation selected by {@value #MODE_PROPERTY} (default {@code auto}) and logs the
   * choice. Call once and keep the result in a {@code static final} field.
   *
   * @throws IllegalStateException if {@code panama} is forced but unavailable, or the property holds
   *     another value
   */
  public static VectorOps lookup() {
    return lookup(System.getProperty(MODE_PROPERTY, "auto"));
  }

  /**
   * Returns the implementation for {@code mode} ({@code auto}, {@code scalar} or {@code panama}, case
   * insensitive) and logs the choice (at CONFIG: {@code VectorMath.implementation()} and {@code alt --version} name it; a
   * fallback to scalar for want of the Vector API is a WARNING).
   *
   * @throws IllegalStateException if {@code mode} is {@code panama} and Panama is unavailable
   * @throws IllegalArgumentException if {@code mode} is none of the three
   */
  public static VectorOps lookup(String mode) {
    String m = mode.trim().toLowerCase(Locale.ROOT);
    switch (m) {
      case "scalar" -> {
        LOG.config(() -> "ALT vectorization: scalar (forced by -D" + MODE_PROPERTY + "=scalar)");
        return ScalarVectorOps.INSTANCE;
      }
      case "auto", "panama" -> {
        Result r = loadPanama();
        if (r.ops() != null) {
          LOG.config(() -> "ALT vectorization: " + r.ops().name());
          return r.ops();
        }
        if (m.equals("panama")) {
          throw new IllegalStateException(
              "-D" + MODE_PROPERTY + "=panama, but the Vector API kernels are unavailable: " + r.reason());
        }
        LOG.warning(() -> "ALT vectorization: scalar; " + r.reason());
        return ScalarVectorOps.INSTANCE;
      }
      default -> throw new IllegalArgumentException(
          "-D" + MODE_PROPERTY + " must be auto, scalar or panama, not '" + mode + "'");
    }
  }

  /**
   * The Panama implementation, or {@code null} when unavailable in this JVM (for tests that compare it
   * with the scalar one directly). Logs nothing.
   */
  static VectorOps panamaOrNull() {
    return loadPanama().ops();
  }

  /** Whether the Vector API module is in the boot layer of this JVM. */
  public static boolean vectorModulePresent() {
    return ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
  }

  /** A loaded implementation, or the reason there is none. */
  private record Result(VectorOps ops, String reason) {}

  private static Result loadPanama() {
    if (!vectorModulePresent()) {
      return new Result(null, "the Vector API module is missing: pass --add-modules " + VECTOR_MODULE
          + " to the JVM for SIMD kernels");
    }
    try {
      Class<?> c = Class.forName(PANAMA_CLASS);
      int preferred = (int) c.getDeclaredMethod("preferredBitSize").invoke(null);
      if (preferred < 128) {
        return new Result(null, "the preferred vector width is " + preferred
            + " bits (below 128: no usable SIMD on this CPU or JVM)");
      }
      return new Result((VectorOps) c.getDeclaredConstructor().newInstance(), null);
    } catch (ExceptionInInitializerError e) {
      // our own static initialiser failed (e.g. a bad -Dalt.tests.vectorBits): a bug to report, not a fallback
      throw new IllegalStateException("cannot initialise " + PANAMA_CLASS + ": " + e.getCause(), e.getCause());
    } catch (LinkageError e) {
      return new Result(null, "the Vector API classes failed to link: " + e);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof LinkageError le) {
        return new Result(null, "the Vector API classes failed to link: " + le);
      }
      throw new IllegalStateException("cannot create " + PANAMA_CLASS, e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + PANAMA_CLASS, e);
    }
  }
}
