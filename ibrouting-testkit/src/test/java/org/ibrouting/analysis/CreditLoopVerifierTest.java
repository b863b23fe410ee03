package org.ibrouting.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.SlTable;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

class CreditLoopVerifierTest {

  /**
   * The P-SSSP paper's example (papers-digest.md section 7): switches A, B, C, D in a ring,
   * endpoint 0 on A, 1 on B, 2 on D, 3 on C (LIDs 1..4); only the routes (2,D,C,B,A,0), (0,A,D,C,3)
   * and (1,B,A,D,2) are programmed. Ring ports: 1 clockwise (A->B->C->D->A), 2 back; each switch's
   * CA on port 3.
   */
  static Routing paperExample(SlTable slTable) {
    FabricBuilder b = Fabric.builder();
    String[] names = {"A", "B", "C", "D"};
    int[] sw = new int[4];
    for (int i = 0; i < 4; i++) {
      sw[i] = b.addNode(NodeType.SWITCH, 3, 0xA0L + i, names[i]);
      b.setLid(sw[i], 0, 5 + i, 0);
    }
    for (int i = 0; i < 4; i++) {
      b.connect(sw[i], 1, sw[(i + 1) % 4], 2, null);
    }
    int[] switchOfEndpoint = {0, 1, 3, 2};
    for (int e = 0; e < 4; e++) {
      int ca = b.addNode(NodeType.CA, 1, 0xE0L + e, "endpoint " + e);
      b.setLid(ca, 1, 1 + e, 0);
      b.connect(sw[switchOfEndpoint[e]], 3, ca, 1, null);
    }
    Fabric fabric = b.build();
    int a = fabric.nodeOfGuid(0xA0L);
    int bb = fabric.nodeOfGuid(0xA1L);
    int c = fabric.nodeOfGuid(0xA2L);
    int d = fabric.nodeOfGuid(0xA3L);
    RoutingBuilder r = Routing.builder(fabric, "paper");
    // (2, D, C, B, A, 0): to LID 1, counter-clockwise
    r.setOutPort(d, 1, 2).setOutPort(c, 1, 2).setOutPort(bb, 1, 2).setOutPort(a, 1, 3);
    // (0, A, D, C, 3): to LID 4
    r.setOutPort(a, 4, 2).setOutPort(d, 4, 2).setOutPort(c, 4, 3);
    // (1, B, A, D, 2): to LID 3
    r.setOutPort(bb, 3, 2).setOutPort(a, 3, 2).setOutPort(d, 3, 3);
    return r.setSlTable(slTable).build();
  }

  @Test
  void findsThePaperCreditLoop() {
    Routing routing = paperExample(SlTable.none());
    CdgReport report = CreditLoopVerifier.defaults().withThreads(2).verify(routing);
    assertFalse(report.isDeadlockFree());
    assertArrayEquals(new int[] {0}, report.cyclicVls());
    CreditLoop loop = report.creditLoop(0).orElseThrow();
    assertNotNull(loop);
    Fabric fabric = routing.fabric();
    // (D,C) -> (C,B) -> (B,A) -> (A,D): the counter-clockwise channels, port 2 of each switch
    Set<Integer> expected = new HashSet<>();
    for (long guid = 0xA0L; guid <= 0xA3L; guid++) {
      expected.add(fabric.port(fabric.nodeOfGuid(guid), 2));
    }
    Set<Integer> found = new HashSet<>();
    for (int channel : loop.channels()) {
      found.add(channel);
    }
    assertEquals(expected, found, loop.toString());
    assertEquals(4, report.numCyclicChannels(0));
    // every dependency comes with one of the paper's three routes
    Set<String> routes = Set.of("3->1", "1->4", "2->3");
    for (int k = 0; k < 4; k++) {
      String route = loop.srcLids()[k] + "->" + loop.dstLids()[k];
      assertTrue(routes.contains(route), route + " in " + loop);
      int c1 = loop.channels()[k];
      String name = loop.channelNames().get(k);
      assertTrue(
          name.contains("\"" + fabric.description(fabric.channelTail(c1)) + "\" port 2")
              && name.contains("\"" + fabric.description(fabric.channelHead(c1)) + "\" port 1"),
          name);
    }
    String text = loop.toString();
    assertTrue(
        text.contains(
            "switch 0x00000000000000a3 \"D\" port 2 -> switch 0x00000000000000a2 \"C\" port 1"),
        text);
  }

  @Test
  void anotherVlBreaksThePaperLoop() {
    Fabric fabric = paperExample(SlTable.none()).fabric();
    SlTable.Builder sls = SlTable.perSourceLid(fabric);
    sls.setSl(2, 3, 1); // route (1, B, A, D, 2) on SL 1
    CdgReport report = CreditLoopVerifier.defaults().verify(paperExample(sls.build()));
    assertTrue(report.isDeadlockFree(), report.toString());
    assertEquals(2, report.numVls());
    CdgReport vlLess =
        CreditLoopVerifier.defaults().ignoringSls(true).verify(paperExample(sls.build()));
    assertFalse(vlLess.isDeadlockFree());
  }

  @Test
  void shortestPathsAroundRingsHaveCreditLoops() {
    for (int n = 5; n <= 9; n++) {
      Routing routing = TestRoutings.shortestPaths(TestFabrics.ring(n, 2));
      assertTrue(RouteChecker.terminals().check(routing).allMinimal());
      CdgReport report = CreditLoopVerifier.defaults().verify(routing);
      assertFalse(report.isDeadlockFree(), "ring of " + n);
      CreditLoop loop = report.creditLoop(0).orElseThrow();
      assertEquals(n, loop.length(), "the shortest cycle goes once around the ring: " + loop);
      assertEquals(2 * n, report.numCyclicChannels(0), "both directions are cyclic");
    }
  }

  @Test
  void upDownRoutesAreDeadlockFree() {
    Random random = new Random(7);
    for (int i = 0; i < 40; i++) {
      Fabric fabric = i < 3 ? TestFabrics.kAryNTree(2 + i, 3) : TestFabrics.random(random, 14);
      Routing routing = TestRoutings.upDown(fabric, 0);
      CdgReport report =
          CreditLoopVerifier.defaults().withEndpointChannels(i % 2 == 0).verify(routing);
      assertTrue(report.isDeadlockFree(), fabric + ": " + report);
    }
    // the same fabrics with unrestricted shortest paths do have loops now and then
    Routing ring = TestRoutings.upDown(TestFabrics.ring(6, 1), 3);
    assertTrue(CreditLoopVerifier.defaults().verify(ring).isDeadlockFree());
  }

  @Test
  void fatTreeShortestPathsAreDeadlockFree() {
    Routing routing = TestRoutings.shortestPaths(TestFabrics.kAryNTree(4, 3));
    CdgReport report = CreditLoopVerifier.defaults().verify(routing);
    assertTrue(report.isDeadlockFree(), report.toString());
    assertTrue(report.creditLoop(0).isEmpty());
    assertTrue(report.numVertices(0) > 0 && report.numVertices(0) <= 256, report.toString());
    CdgReport withEndpoints =
        CreditLoopVerifier.defaults().withEndpointChannels(true).verify(routing);
    assertEquals(report.numVertices(0) + 2 * 64, withEndpoints.numVertices(0));
    assertTrue(withEndpoints.numEdges(0) > report.numEdges(0));
  }

  @Test
  void resultDoesNotDependOnThreads() {
    Routing routing = TestRoutings.shortestPaths(TestFabrics.ring(7, 3));
    CdgReport one = CreditLoopVerifier.defaults().withThreads(1).verify(routing);
    CdgReport three = CreditLoopVerifier.defaults().withThreads(3).verify(routing);
    assertEquals(one.toString(), three.toString());
    assertEquals(one.creditLoop(0), three.creditLoop(0));
    assertEquals(
        List.of(one.creditLoop(0).orElseThrow().channelNames()),
        List.of(three.creditLoop(0).orElseThrow().channelNames()));
  }
}
