package org.ibrouting.testkit;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class RoutingAssertionsTest {

  private static Routing copyWith(Routing routing, int sw, int lid, int port) {
    Fabric fabric = routing.fabric();
    RoutingBuilder b = Routing.builder(fabric, "edited");
    for (int s = 0; s < fabric.numSwitches(); s++) {
      for (int l = 1; l <= fabric.maxLid(); l++) {
        b.setOutPort(s, l, routing.outPort(s, l));
      }
    }
    return b.setOutPort(sw, lid, port).setSlTable(routing.slTable()).build();
  }

  @Test
  void passOnGoodRoutings() {
    Routing tree = TestRoutings.shortestPaths(TestFabrics.kAryNTree(3, 2));
    RoutingAssertions.assertAllPairsRouted(tree);
    RoutingAssertions.assertLoopFree(tree);
    RoutingAssertions.assertRoutedWithoutLoops(tree);
    RoutingAssertions.assertMinimal(tree);
    RoutingAssertions.assertDestinationBasedConsistent(tree);
    RoutingAssertions.assertDeadlockFreePerVl(tree);
    RoutingAssertions.assertVlsWithin(tree, 1);
  }

  @Test
  void failuresCarryTheRoute() {
    Fabric ring = TestFabrics.ring(4, 1);
    Routing good = TestRoutings.shortestPaths(ring);
    int s1 = ring.nodeOfGuid(0x1001L);
    Routing dropped = copyWith(good, s1, 1, Routing.NO_ROUTE);
    AssertionFailedError e =
        assertThrows(
            AssertionFailedError.class, () -> RoutingAssertions.assertAllPairsRouted(dropped));
    assertTrue(e.getMessage().contains("\"S1\" in 3: no route (LFT entry 255)"), e.getMessage());

    int s0 = ring.nodeOfGuid(0x1000L);
    Routing looping = copyWith(copyWith(good, s0, 3, 1), s1, 3, 2);
    e = assertThrows(AssertionFailedError.class, () -> RoutingAssertions.assertLoopFree(looping));
    assertTrue(e.getMessage().contains("loop, back at this switch"), e.getMessage());
    assertThrows(
        AssertionFailedError.class,
        () -> RoutingAssertions.assertDestinationBasedConsistent(looping));

    // H0 (LID 1) to H1 (LID 2) the long way round: S0 -> S3 -> S2 -> S1
    int s3 = ring.nodeOfGuid(0x1003L);
    int s2 = ring.nodeOfGuid(0x1002L);
    Routing detour = copyWith(copyWith(copyWith(good, s0, 2, 2), s3, 2, 2), s2, 2, 2);
    RoutingAssertions.assertAllPairsRouted(detour);
    e = assertThrows(AssertionFailedError.class, () -> RoutingAssertions.assertMinimal(detour));
    assertTrue(
        e.getMessage().contains("not minimal (shortest 3 hops): LID 0x0001 -> LID 0x0002"),
        e.getMessage());
  }

  @Test
  void creditLoopsAndVlLimits() {
    Routing ring = TestRoutings.shortestPaths(TestFabrics.ring(5, 1));
    AssertionFailedError e =
        assertThrows(
            AssertionFailedError.class, () -> RoutingAssertions.assertDeadlockFreePerVl(ring));
    assertTrue(
        e.getMessage().contains("credit loop of 5 channels on VL 0")
            && e.getMessage().contains("\"S0\" port"),
        e.getMessage());

    Fabric fabric = ring.fabric();
    SlTable.Builder sls = SlTable.perSourceLid(fabric);
    sls.setSl(2, 4, 3);
    Routing withSls = ring.withSlTable("sl", sls.build());
    RoutingAssertions.assertVlsWithin(withSls, 4);
    e =
        assertThrows(
            AssertionFailedError.class, () -> RoutingAssertions.assertVlsWithin(withSls, 3));
    assertTrue(
        e.getMessage()
            .contains("uses VL 3 (SL 3), limit is 3 VLs; route: LID 0x0002 -> LID 0x0004"),
        e.getMessage());
  }

  @Test
  void slGroupsMustShareTheirSwitch() {
    Fabric fabric = TestFabrics.ring(3, 2);
    Routing routing = TestRoutings.shortestPaths(fabric);
    RoutingAssertions.assertDestinationBasedConsistent(
        routing.withSlTable("per-switch", SlTable.perSourceSwitch(fabric).build()));
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    java.util.Arrays.fill(groupOfLid, -1);
    groupOfLid[1] = 0;
    groupOfLid[3] = 0; // H0 on S0 and H2 on S1 in one group
    Routing mixed =
        routing.withSlTable(
            "mixed", new SlTable.Builder(groupOfLid, 1, fabric.maxLid() + 1).build());
    AssertionFailedError e =
        assertThrows(
            AssertionFailedError.class,
            () -> RoutingAssertions.assertDestinationBasedConsistent(mixed));
    assertTrue(
        e.getMessage().contains("SL group 0 holds LID 0x0001 entering at switch")
            && e.getMessage().contains("\"S1\""),
        e.getMessage());
  }

  @Test
  void aRefusalMustBeTypedWithItsReason() {
    RoutingException refusal =
        new RoutingException(RoutingException.Reason.VLS_EXCEEDED, "needs 9 VLs");
    assertSame(
        refusal,
        RoutingAssertions.assertRefused(
            RoutingException.Reason.VLS_EXCEEDED,
            () -> {
              throw refusal;
            }));
    AssertionFailedError wrongReason =
        assertThrows(
            AssertionFailedError.class,
            () ->
                RoutingAssertions.assertRefused(
                    RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
                    () -> {
                      throw refusal;
                    }));
    assertTrue(wrongReason.getMessage().contains("needs 9 VLs"), wrongReason.getMessage());
    assertThrows(
        AssertionFailedError.class,
        () -> RoutingAssertions.assertRefused(RoutingException.Reason.VLS_EXCEEDED, () -> {}));
    assertThrows(
        AssertionFailedError.class,
        () ->
            RoutingAssertions.assertRefused(
                RoutingException.Reason.VLS_EXCEEDED,
                () -> {
                  throw new IllegalStateException("a bug, not a refusal");
                }));
  }
}
