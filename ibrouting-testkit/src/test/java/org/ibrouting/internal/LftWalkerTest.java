package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.TestFabrics;
import org.junit.jupiter.api.Test;

/**
 * Every way a walk of the LFTs ends, on a ring of four switches with CAs on ports 3 and 4, switch
 * 2's port 4 left unconnected.
 */
class LftWalkerTest {
  private final Fabric ring = ringWithAFreePort();

  private static Fabric ringWithAFreePort() {
    Fabric full = TestFabrics.ring(4, 2);
    return FabricBuilder.from(full).disconnect(full.nodeByDescription("S2"), 4).build();
  }

  private int sw(int i) {
    return ring.nodeByDescription("S" + i);
  }

  /** The LID of the CA on port 3 of switch i. */
  private int caLid(int i) {
    return ring.baseLid(ring.port(ring.nodeByDescription("H" + 2 * i), 1));
  }

  /**
   * Towards CA 2: switches 0 and 1 forward on port 1 (to the next switch), 2 delivers on port 3.
   */
  private RoutingBuilder towardsTwo() {
    RoutingBuilder b = Routing.builder(ring, "test").setOwnLidsToPortZero();
    b.setOutPort(sw(0), caLid(2), 1).setOutPort(sw(1), caLid(2), 1).setOutPort(sw(2), caLid(2), 3);
    return b;
  }

  private LftWalker walker(RoutingBuilder b, int lid) {
    LftWalker walker = new LftWalker(b.build());
    walker.reset(lid);
    return walker;
  }

  @Test
  void deliveredCountsEveryLinkAndItsOwnLidNone() {
    LftWalker walker = walker(towardsTwo(), caLid(2));
    assertEquals(3, walker.hops(sw(0)));
    assertEquals(2, walker.hops(sw(1)));
    assertEquals(1, walker.hops(sw(2)));
    assertEquals(LftWalker.NO_ROUTE, walker.hops(sw(3)), "switch 3 has no entry");
    LftWalker own = walker(towardsTwo(), ring.baseLid(ring.port(sw(1), 0)));
    assertEquals(0, own.hops(sw(1)));
    assertEquals(ring.port(sw(0), 1), walker.outChannel(sw(0), false));
    assertEquals(-1, walker.outChannel(sw(2), false));
    assertEquals(ring.port(sw(2), 3), walker.outChannel(sw(2), true));
  }

  @Test
  void eachFailureHasItsCode() {
    assertFailure(LftWalker.Failure.BAD_PORT, towardsTwo().setOutPort(sw(2), caLid(2), 0));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> towardsTwo().setOutPort(sw(2), caLid(2), 9),
        "a port beyond the switch is refused where it is set");
    assertFailure(LftWalker.Failure.NOT_CONNECTED, towardsTwo().setOutPort(sw(2), caLid(2), 4));
    assertFailure(LftWalker.Failure.LOOP, towardsTwo().setOutPort(sw(2), caLid(2), 2));
    assertFailure(
        LftWalker.Failure.NO_ROUTE, towardsTwo().setOutPort(sw(2), caLid(2), Routing.NO_ROUTE));
    // switch 1's port 3 leads to its own CA, not the destination
    assertFailure(LftWalker.Failure.MISDELIVERED, towardsTwo().setOutPort(sw(1), caLid(2), 3));
  }

  private void assertFailure(LftWalker.Failure expected, RoutingBuilder b) {
    LftWalker walker = walker(b, caLid(2));
    int code = walker.hops(sw(0));
    assertTrue(code < 0, "not delivered: " + code);
    assertEquals(expected, LftWalker.Failure.of(code));
    assertEquals(expected.code, code);
    assertEquals(expected.isBlackHole(), LftWalker.isBlackHole(code));
    assertFalse(LftWalker.isBlackHole(3));
  }
}
