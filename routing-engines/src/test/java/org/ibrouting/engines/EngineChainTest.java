package org.ibrouting.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.topology.OpenSmLids;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * A fabric without LIDs is refused once, before any engine, naming the cause; the engines' symptoms
 * (ftree's "no route to LID 0", nue's "has no LID", minhop's empty tables) never show.
 */
class EngineChainTest {
  @Test
  void aFabricWithoutLidsIsRefusedBeforeAnyEngine() {
    Fabric fabric = FabricArbitraries.withoutLids(Topologies.kAryNTree(4, 3));
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                EngineChain.route(
                    Engines.chain("ftree,nue,minhop", EngineConfig.none()),
                    fabric,
                    RoutingOptions.seeded(1)));
    assertEquals(
        "the fabric has no LIDs: it was discovered before a subnet manager assigned them"
            + " (every port shows lid 0); FabricFiles.read and the command line assign the LIDs"
            + " OpenSM's first sweep would (OpenSmLids.assignMissing)",
        e.getMessage());
  }

  @Test
  void theSameFabricRoutesOnceLidsAreAssigned() throws RoutingException {
    Fabric bare = FabricArbitraries.withoutLids(Topologies.kAryNTree(4, 3));
    Fabric fabric =
        OpenSmLids.assignMissing(bare, bare.port(bare.nodeOfGuid(0x200000L), 0), 0).fabric();
    EngineChain.Result r =
        EngineChain.route(
            Engines.chain("ftree", EngineConfig.none()), fabric, RoutingOptions.seeded(1));
    assertEquals("ftree", r.routing().engineName());
  }

  /** A switch no SM reached (a part no link joins to the rest) has no LID; nue says so. */
  @Test
  void nueNamesWhyASwitchHasNoLid() {
    Fabric two = Topologies.kAryNTree(2, 1);
    FabricBuilder b = FabricBuilder.from(two);
    b.addNode(org.ibrouting.fabric.NodeType.SWITCH, 4, 0x999000L, "island");
    Fabric fabric = b.build();
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () ->
                Engines.create("nue", EngineConfig.none()).route(fabric, RoutingOptions.seeded(1)));
    assertTrue(
        e.getMessage()
            .startsWith(
                "nue: switch 0x0000000000999000 \"island\" has no LID, and"
                    + " Nue orders every switch by its LID; a switch has none when no subnet manager reached"
                    + " it"),
        e.getMessage());
  }

  /** The refusals before the routing keep each engine's name and typed reason, in order. */
  @Test
  void theRefusalsKeepTheirEngineAndReason() throws RoutingException {
    Fabric jellyfish = Topologies.jellyfish(16, 4, 2, 3);
    EngineChain.Result r =
        EngineChain.route(
            Engines.chain("dor,ftree,minhop", EngineConfig.none()),
            jellyfish,
            RoutingOptions.seeded(1));
    assertEquals("minhop", r.routing().engineName());
    assertEquals(2, r.refusals().size());
    assertEquals("dor", r.refusals().get(0).engine());
    assertEquals("ftree", r.refusals().get(1).engine());
    for (EngineChain.Refusal refusal : r.refusals()) {
      assertEquals(RoutingException.Reason.UNSUPPORTED_TOPOLOGY, refusal.reason());
      assertTrue(refusal.message().startsWith(refusal.engine() + ": "), refusal.message());
      assertEquals(refusal.exception().getMessage(), refusal.message());
    }
    assertEquals(
        r.refusals().stream().map(EngineChain.Refusal::message).toList(),
        r.failures(),
        "failures() keeps the messages for callers of the strings");
    assertThrows(UnsupportedOperationException.class, () -> r.refusals().clear());
  }
}
