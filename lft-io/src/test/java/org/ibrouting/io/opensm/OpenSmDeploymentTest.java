package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.QosPolicyModel;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The deployment directory: its three files, written and replaced as a whole. */
class OpenSmDeploymentTest {
  @TempDir Path dir;

  static Routing routingWithSls(long seed) {
    Fabric fabric = ReferenceFabrics.fabric("torus2d_4x4");
    SlTable table =
        QosPolicyWriterTest.randomTable(
            fabric, QosPolicyWriterTest.Kind.PER_SOURCE_SWITCH, 3, seed);
    return ReferenceFabrics.openSmRouting("torus2d_4x4", "dfsssp").withSlTable("dfsssp", table);
  }

  private List<String> entries(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesTheDumpThePolicyAndAConfigNamingThemByAbsolutePath() throws Exception {
    Routing routing = routingWithSls(1);
    OpenSmDeployment.Result r =
        OpenSmDeployment.write(routing, dir.resolve("deploy"), DumpFormat.FULL);
    assertEquals(
        List.of(
            "deployment.properties",
            "fabric.ibnd",
            "opensm-lfts.dump",
            "opensm-lfts.dump.sl",
            "opensm.conf",
            "qos-policy.conf"),
        entries(r.dir()));
    assertEquals(List.of("deploy"), entries(dir), "no temporary directory is left behind");
    assertEquals("opensm -F " + r.conf(), r.commandLine());
    assertTrue(r.conf().isAbsolute());
    String conf = Files.readString(r.conf());
    assertTrue(conf.contains("lfts_file " + r.lftDump() + "\n"), conf);
    assertTrue(conf.contains("qos_policy_file " + r.qosPolicy() + "\n"), conf);
    assertTrue(routing.sameLfts(LftDumpReader.read(routing.fabric(), r.lftDump())));
    QosPolicyWriterTest.assertEveryPairGetsItsSl(
        routing, QosPolicyModel.parse(Files.readString(r.qosPolicy())));
    assertEquals(3, r.numVls());
    assertEquals(
        new DeploymentState("dfsssp", DumpFormat.FULL, 0b111, 1, DeploymentState.COMPLETE),
        OpenSmDeployment.stateOf(r.dir()));
    assertEquals(
        routing.slTable().numVls(),
        DeploymentUpdate.readRouting(r.dir(), routing.fabric()).slTable().numVls());
    assertTrue(
        routing.sameLfts(DeploymentUpdate.readRouting(r.dir(), routing.fabric())),
        "the dump reads back");
  }

  @Test
  @SuppressWarnings("deprecation")
  void theBaselinesConstructorLeavesSlFileAndStateOut() {
    Path conf = dir.resolve("opensm.conf");
    OpenSmDeployment.Result r =
        new OpenSmDeployment.Result(dir, dir.resolve("d"), dir.resolve("q"), conf, 2, null);
    assertEquals(List.of("opensm", "-F", conf.toString()), r.command());
    assertEquals(2, r.numVls());
    assertEquals(null, r.slFile());
    assertEquals(null, r.state());
  }

  @Test
  void aRedeploymentKeepsTheSlsOfEveryEarlierOneOnTheirVls() throws Exception {
    Path target = dir.resolve("deploy");
    OpenSmDeployment.write(routingWithSls(1), target, DumpFormat.FULL);
    Routing oneVl =
        ReferenceFabrics.openSmRouting("torus2d_4x4", "dfsssp")
            .withSlTable("minhop", SlTable.none());
    OpenSmDeployment.Result r = OpenSmDeployment.write(oneVl, target, DumpFormat.COMPACT);
    assertEquals(2, r.state().generation());
    assertEquals(0b111, r.state().stickySls(), "SLs 1 and 2 keep VLs 1 and 2");
    String conf = Files.readString(r.conf());
    assertTrue(conf.contains("qos_sl2vl 0,1,2,"), conf);
    assertFalse(Files.exists(target.resolve(OpenSmDeployment.SL_FILE)), "no SLs, no SL file");
  }

  @Test
  void leftoverTemporaryFilesOfOurWritesDoNotBlockADeployment() throws Exception {
    Path target = dir.resolve("deploy");
    OpenSmDeployment.write(routingWithSls(1), target, DumpFormat.FULL);
    Files.writeString(target.resolve(".opensm-lfts.dump.12345.tmp"), "cut short");
    OpenSmDeployment.write(routingWithSls(2), target, DumpFormat.FULL);
    assertFalse(entries(target).contains(".opensm-lfts.dump.12345.tmp"));
  }

  @Test
  void aNewDeploymentReplacesAnOldOneAsAWhole() throws Exception {
    Path target = dir.resolve("deploy");
    OpenSmDeployment.write(routingWithSls(1), target, DumpFormat.FULL);
    Routing second = routingWithSls(2);
    OpenSmDeployment.Result r = OpenSmDeployment.write(second, target, DumpFormat.COMPACT);
    assertEquals(List.of("deploy"), entries(dir));
    QosPolicyWriterTest.assertEveryPairGetsItsSl(
        second, QosPolicyModel.parse(Files.readString(r.qosPolicy())));
    assertFalse(
        Files.readString(r.lftDump()).contains("portguid"),
        "the compact dump replaced the full one");
  }

  @Test
  void aDirectoryWithOtherFilesIsNotTouched() throws Exception {
    Path target = dir.resolve("deploy");
    Files.createDirectories(target);
    Files.writeString(target.resolve("notes.txt"), "mine");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> OpenSmDeployment.write(routingWithSls(1), target, DumpFormat.FULL));
    assertTrue(e.getMessage().contains("notes.txt"), e.getMessage());
    assertEquals(List.of("notes.txt"), entries(target));
    assertEquals(List.of("deploy"), entries(dir));
  }

  @Test
  void aRefusedRoutingLeavesTheOldDeploymentAndNoTemporaryFiles() throws Exception {
    Path target = dir.resolve("deploy");
    OpenSmDeployment.Result old =
        OpenSmDeployment.write(routingWithSls(1), target, DumpFormat.FULL);
    byte[] oldPolicy = Files.readAllBytes(old.qosPolicy());
    Fabric fabric = TopologySpec.parse("ktree", List.of("2", "2", "lmc=1")).build();
    SlTable.Builder b = SlTable.perSourceLid(fabric);
    int ca = fabric.port(fabric.numSwitches(), 1);
    int other = fabric.port(fabric.numSwitches() + 1, 1);
    b.setSl(b.groupOfSrcLid(fabric.baseLid(ca)), fabric.baseLid(other) + 1, 1);
    Routing refused = Routing.builder(fabric, "test").setSlTable(b.build()).build();
    assertThrows(
        IllegalArgumentException.class,
        () -> OpenSmDeployment.write(refused, target, DumpFormat.FULL));
    assertEquals(List.of("deploy"), entries(dir));
    assertArrayEquals(oldPolicy, Files.readAllBytes(old.qosPolicy()));
    assertThrows(
        IllegalArgumentException.class,
        () -> OpenSmDeployment.write(refused, dir.resolve("fresh"), DumpFormat.FULL));
    assertEquals(List.of("deploy"), entries(dir), "no directory for a refused routing");
  }
}
