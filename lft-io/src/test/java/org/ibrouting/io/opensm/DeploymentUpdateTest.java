package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.testing.QosPolicyModel;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Changing a live deployment directory in place, and reading back what it holds. */
class DeploymentUpdateTest {
  @TempDir Path dir;

  /** The tables of {@code routing} with one entry moved to another port of the switch. */
  private static Routing withOneEntryChanged(Routing routing) {
    RoutingBuilder b = routing.toBuilder(routing.engineName());
    int lid = routing.fabric().maxLid();
    int port = routing.outPort(0, lid);
    b.setOutPort(0, lid, port == 1 ? 2 : 1);
    return b.build().withSlTable(routing.engineName(), routing.slTable());
  }

  @Test
  void anUpdateOfTheTablesLeavesTheSlsAndBumpsTheGeneration() throws Exception {
    Path target = dir.resolve("deploy");
    Routing first = OpenSmDeploymentTest.routingWithSls(1);
    OpenSmDeployment.Result r = OpenSmDeployment.write(first, target, DumpFormat.COMPACT);
    byte[] policy = Files.readAllBytes(r.qosPolicy());
    Routing changed = withOneEntryChanged(first);
    OpenSmDeployment.Result u =
        DeploymentUpdate.apply(
            changed, target, Set.of(DeploymentUpdate.Part.LFTS), "step 1 of 2", 1);
    assertNull(u.policy(), "the SLs were not written");
    assertArrayEquals(policy, Files.readAllBytes(r.qosPolicy()));
    assertEquals(2, u.state().generation());
    assertEquals("step 1 of 2", u.state().phase());
    assertFalse(u.state().complete());
    assertEquals(DumpFormat.COMPACT, u.state().format(), "the directory keeps its dump format");
    Routing back = DeploymentUpdate.readRouting(target, first.fabric());
    assertTrue(changed.sameLfts(back));
    assertFalse(first.sameLfts(back));
  }

  @Test
  void anUpdateOfTheSlsRewritesPolicyAndSlFileAndTheVlMapOnlyGrows() throws Exception {
    Path target = dir.resolve("deploy");
    Routing first = OpenSmDeploymentTest.routingWithSls(1);
    OpenSmDeployment.write(first, target, DumpFormat.FULL);
    Routing fewer =
        first.withSlTable(
            "dfsssp",
            QosPolicyWriterTest.randomTable(
                first.fabric(), QosPolicyWriterTest.Kind.PER_SOURCE_SWITCH, 2, 5));
    OpenSmDeployment.Result u =
        DeploymentUpdate.apply(
            fewer, target, EnumSet.allOf(DeploymentUpdate.Part.class), DeploymentState.COMPLETE, 1);
    QosPolicyWriterTest.assertEveryPairGetsItsSl(
        fewer, QosPolicyModel.parse(Files.readString(u.qosPolicy())));
    assertEquals(0b111, u.state().stickySls(), "SL 2 keeps VL 2 though no path uses it now");
    assertTrue(Files.readString(u.conf()).contains("qos_sl2vl 0,1,2,"));
    Routing back = DeploymentUpdate.readRouting(target, first.fabric());
    for (int src = 1; src <= first.fabric().maxLid(); src++) {
      for (int dst = 1; dst <= first.fabric().maxLid(); dst++) {
        assertEquals(fewer.sl(src, dst), back.sl(src, dst));
      }
    }
  }

  @Test
  void aWriterStoppedBetweenTheFilesLeavesADirectoryThatIsNotComplete() throws Exception {
    Path target = dir.resolve("deploy");
    Routing first = OpenSmDeploymentTest.routingWithSls(1);
    OpenSmDeployment.write(first, target, DumpFormat.FULL);
    // the fabric file cannot be replaced: the writer stops after the tables, before the state
    Path fabric = target.resolve(OpenSmDeployment.FABRIC);
    Files.delete(fabric);
    Files.createDirectories(fabric.resolve("in-the-way"));
    Routing changed = withOneEntryChanged(first);
    assertThrows(
        java.io.IOException.class,
        () ->
            DeploymentUpdate.apply(
                changed,
                target,
                EnumSet.allOf(DeploymentUpdate.Part.class),
                DeploymentState.COMPLETE,
                1));
    assertTrue(changed.sameLfts(DeploymentUpdate.readRouting(target, first.fabric())));
    DeploymentState state = DeploymentUpdate.requireState(target);
    assertFalse(state.complete(), "tables of one routing beside the fabric of another");
    assertTrue(state.interrupted(), state.phase());
    assertEquals(2, state.generation());
    assertEquals("writing complete", state.phase());
  }

  @Test
  void aPlanTargetIsKeptBesideTheDeploymentUntilDeleted() throws Exception {
    Path target = dir.resolve("deploy");
    Routing first = OpenSmDeploymentTest.routingWithSls(1);
    OpenSmDeployment.write(first, target, DumpFormat.FULL);
    assertNull(DeploymentUpdate.readTarget(target, first.fabric()));
    Routing goal = withOneEntryChanged(first);
    DeploymentUpdate.writeTarget(goal, target, 1);
    assertTrue(goal.sameLfts(DeploymentUpdate.readTarget(target, first.fabric())));
    // a deployment over a directory that holds a plan's target is still ours
    OpenSmDeployment.write(first, target, DumpFormat.FULL);
    assertNull(DeploymentUpdate.readTarget(target, first.fabric()), "replaced as a whole");
    DeploymentUpdate.writeTarget(goal, target, 1);
    DeploymentUpdate.deleteTarget(target);
    assertNull(DeploymentUpdate.readTarget(target, first.fabric()));
  }

  @Test
  void aDirectoryWithoutStateIsRefusedWithWhatToDo() throws Exception {
    Path target = dir.resolve("old");
    Files.createDirectories(target);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DeploymentUpdate.apply(
                    OpenSmDeploymentTest.routingWithSls(1),
                    target,
                    Set.of(DeploymentUpdate.Part.LFTS),
                    DeploymentState.COMPLETE,
                    1));
    assertTrue(e.getMessage().contains("deployment.properties"), e.getMessage());
    assertTrue(e.getMessage().contains("--opensm-dir"), e.getMessage());
  }

  @Test
  void theStateFileRoundTripsAndNamesTheLineOfAnError() throws Exception {
    DeploymentState state =
        new DeploymentState("sssp", DumpFormat.COMPACT_WITH_GUID, 0b1011, 42, "step 3 of 9");
    assertEquals(state, DeploymentState.parse(state.text(), "s"));
    ParseException e =
        assertThrows(
            ParseException.class,
            () ->
                DeploymentState.parse(
                    "engine=x\nformat=full\nsticky_sls=0,15\ngeneration=1\nphase=complete\n", "s"));
    assertEquals(3, e.line());
    assertTrue(e.getMessage().contains("0-14"), e.getMessage());
    ParseException cut =
        assertThrows(
            ParseException.class, () -> DeploymentState.parse("engine=x\nformat=full\n", "s"));
    assertTrue(cut.getMessage().contains("sticky_sls"), cut.getMessage());
    ParseException unknown =
        assertThrows(ParseException.class, () -> DeploymentState.parse("engines=x\n", "s"));
    assertTrue(unknown.getMessage().contains("unknown key 'engines'"), unknown.getMessage());
  }
}
