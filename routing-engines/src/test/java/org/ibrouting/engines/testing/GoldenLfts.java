package org.ibrouting.engines.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Compares our LFTs with OpenSM's, reporting the first differing (switch, LID); the reference
 * fabrics' OpenSM dumps are the usual {@code expected}.
 */
public final class GoldenLfts {
  /** The reference fabrics' names, for {@code @MethodSource(GoldenLfts.REFERENCE_FABRICS)}. */
  public static final String REFERENCE_FABRICS =
      "org.ibrouting.engines.testing.GoldenLfts#referenceFabrics";

  private GoldenLfts() {}

  /** The names of the reference fabrics ({@link ReferenceFabrics#names}). */
  public static Stream<String> referenceFabrics() {
    return ReferenceFabrics.names().stream();
  }

  /** Skips the test where OpenSM fell back from {@code engine} on reference fabric {@code name}. */
  public static void assumeOpenSmUsed(String name, String dump, String engine) {
    assumeTrue(engine.equals(ReferenceFabrics.resultString(name, dump, "engine_used")));
  }

  /** Fails unless OpenSM routed reference fabric {@code name} with {@code engine} itself. */
  public static void assertOpenSmUsed(String name, String dump, String engine) {
    assertEquals(
        engine,
        ReferenceFabrics.resultString(name, dump, "engine_used"),
        name + ": OpenSM routed every reference fabric with " + engine);
  }

  /**
   * Routes reference fabric {@code name} with {@code engine} and fails at the first entry that
   * differs from OpenSM's dump {@code dump}; returns our routing.
   */
  public static Routing assertSameAsOpenSm(
      String name, String dump, RoutingEngine engine, RoutingOptions options)
      throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, dump);
    Routing ours = engine.route(theirs.fabric(), options);
    assertSameLfts(theirs, ours, name + " " + dump + ", " + options.threads() + " thread(s)");
    return ours;
  }

  /**
   * {@link #assertSameAsOpenSm} with the default options against OpenSM's dump of {@code engine},
   * where OpenSM routed reference fabric {@code name} with {@code engine} itself (elsewhere the
   * test is skipped).
   */
  public static void assertSameWhereOpenSmUsed(String name, String engine, RoutingEngine ours)
      throws RoutingException {
    assumeOpenSmUsed(name, engine, engine);
    assertSameAsOpenSm(name, engine, ours, RoutingOptions.defaults());
  }

  /** Fails at the first (switch, LID) whose output ports differ. */
  public static void assertSameLfts(Routing expected, Routing actual, String what) {
    Fabric fabric = expected.fabric();
    int differences = 0;
    String first = null;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int a = expected.outPort(sw, lid);
        int b = actual.outPort(sw, lid);
        if (a != b) {
          if (first == null) {
            first =
                String.format(
                    "%s: first difference at %s, LID %d (0x%04x): OpenSM port %d, ours %d",
                    what, fabric.nodeName(sw), lid, lid, a, b);
          }
          differences++;
        }
      }
    }
    if (first != null) {
      fail(first + " (" + differences + " entries differ)");
    }
  }
}
