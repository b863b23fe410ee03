package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.SampleFiles;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code route --opensm-dir} and the audit of a live fabric ({@code check} on {@code dump_lfts}
 * output with {@code --sl-saquery}) as a user runs them, on files read back from a fabric that
 * OpenSM 3.3.23 programmed (test resources {@code opensm-readback/}).
 */
class DeployCommandLineTest {
  static final String READBACK = "opensm-readback/torus4x4h1/";

  @TempDir Path dir;

  @Test
  void routeWritesTheDeploymentAndPrintsTheOpenSmCommand() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Path deploy = dir.resolve("deploy");
    Run r = run("route", "-R", "dfsssp", fabric.toString(), "--opensm-dir", deploy.toString());
    assertEquals(0, r.status(), r.err());
    Path conf = deploy.toAbsolutePath().resolve("opensm.conf");
    assertTrue(r.out().contains("start        opensm -F " + conf + "\n"), r.out());
    assertTrue(r.out().contains("every port must run 4 data VL(s)"), r.out());
    for (String file :
        List.of(OpenSmDeployment.LFT_DUMP, OpenSmDeployment.QOS_POLICY, OpenSmDeployment.CONF)) {
      assertTrue(Files.isRegularFile(deploy.resolve(file)), file);
    }
    assertFalse(Files.exists(dir.resolve("deploy.sl")), "no SL file unless asked for");
    Run json =
        cli(
            "route -R dfsssp {} --opensm-dir {} -o {} --json",
            fabric,
            deploy,
            dir.resolve("lfts.dump"));
    assertEquals(0, json.status(), json.err());
    assertTrue(json.out().contains("\"opensm_command\":\"opensm -F " + conf + "\""), json.out());
    assertTrue(json.out().matches("(?s).*\"qos_rules\":[1-9][0-9]*,.*"), json.out());
    assertTrue(Files.exists(dir.resolve("lfts.dump.sl")), "-o keeps its SL file");
  }

  @Test
  void routeNeedsAnOutputAndRefusesSlsAPolicyCannotExpress() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Run none = run("route", "-R", "minhop", fabric.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, none.status());
    assertTrue(none.err().contains("-o LFTS, --opensm-dir DIR"), none.err());
    // dfsssp's SLs depend on the destination LID: with LMC 1 they differ within a port
    Fabric lmc = TopologySpec.parse("torus", List.of("4,4", "1", "lmc=1")).build();
    Path lmcFile = dir.resolve("lmc.ibnd");
    IbnetdiscoverWriter.write(lmc, lmcFile);
    Path deploy = dir.resolve("deploy");
    Run refused =
        run("route", "-R", "dfsssp", lmcFile.toString(), "--opensm-dir", deploy.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, refused.status(), refused.out() + refused.err());
    assertTrue(
        refused.err().contains("LMC 1") && refused.err().contains("matches ports by GUID"),
        refused.err());
    assertFalse(Files.exists(deploy));
    assertEquals(
        List.of("lmc.ibnd"), Files.list(dir).map(p -> p.getFileName().toString()).toList());
  }

  @Test
  void checkAuditsTheLftsAndSlsReadBackFromTheSwitchesAndTheSa() {
    Path fabric = SampleFiles.copy(READBACK + "fabric.ibnd");
    Path lfts = SampleFiles.copy(READBACK + "dump_lfts.txt.gz");
    Path saquery = SampleFiles.copy(READBACK + "dfsssp.saquery.txt.gz");
    Run r = cli("check {} {} --sl-saquery {} --deadlock", fabric, lfts, saquery);
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(
        r.out()
            .contains(
                "SLs          240 PathRecords from "
                    + saquery
                    + ", every one of 240 CA"
                    + " port pairs, 3 VL(s)"),
        r.out());
    assertTrue(r.out().contains("deadlock     free: 3 VL(s)"), r.out());
    Run noSls = run("check", fabric.toString(), lfts.toString(), "--deadlock");
    assertEquals(IbRouting.EXIT_CHECK_FAILED, noSls.status(), noSls.out());
    assertTrue(
        noSls.out().contains("CREDIT LOOP, every path on VL 0\nnote         no SLs were given"),
        "a routing checked without its SLs says so: " + noSls.out());
    Run json = cli("check {} {} --sl-saquery {} --deadlock --json", fabric, lfts, saquery);
    assertTrue(json.out().contains("\"path_records\":240,\"sl_vls\":3"), json.out());
  }

  @Test
  void aListingOfAnotherFabricOrBothSlSourcesAreBadInput() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("torus2d_4x4", "dfsssp.lfts.dump.gz");
    Path saquery = SampleFiles.copy(READBACK + "dfsssp.saquery.txt.gz");
    Run r = run("check", fabric.toString(), dump.toString(), "--sl-saquery", saquery.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out());
    assertTrue(
        r.err()
            .matches(
                "(?s)ibrouting: "
                    + java.util.regex.Pattern.quote(saquery.toString())
                    + ":[0-9]+:[0-9]+: .*another fabric.*"),
        r.err());
    Path sl = dir.resolve("x.sl");
    Files.writeString(sl, "# ibrouting SL file v1\n");
    Run both = cli("check {} {} --sl {} --sl-saquery {}", fabric, dump, sl, saquery);
    assertEquals(IbRouting.EXIT_BAD_INPUT, both.status());
    assertTrue(both.err().contains("either as --sl SLFILE or as --sl-saquery FILE"), both.err());
    Fabric f = FabricFiles.read(fabric);
    assertTrue(f.numCas() > 16, "the other fabric is larger");
  }
}
