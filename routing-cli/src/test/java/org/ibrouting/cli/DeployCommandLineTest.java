package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.run;
import static org.ibrouting.cli.Cli.succeeds;
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
        succeeds(
            "route -R dfsssp {} --opensm-dir {} -o {} --json",
            fabric,
            deploy,
            dir.resolve("lfts.dump"));
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
  void aSampleOfPathRecordsReportsItsCoverageAndIsComparedWithTheSlFile() throws Exception {
    Path fabric = SampleFiles.copy(READBACK + "fabric.ibnd");
    Path lfts = SampleFiles.copy(READBACK + "dump_lfts.txt.gz");
    Path sl = SampleFiles.copy(READBACK + "dfsssp.sl");
    String all = SampleFiles.text(READBACK + "dfsssp.saquery.txt.gz");
    // the first 60 records: a quarter of the CA port pairs
    int end = 0;
    for (int i = 0; i < 60; i++) {
      end = all.indexOf("PathRecord dump:", end + 1);
    }
    Path sample = dir.resolve("sample.txt");
    Files.writeString(sample, all.substring(0, end));
    Run alone = cli("check {} {} --sl-saquery {} --deadlock", fabric, lfts, sample);
    assertEquals(IbRouting.EXIT_CHECK_FAILED, alone.status(), alone.out() + alone.err());
    assertTrue(alone.out().contains("60 of 240 CA port pairs (25.00%, a sample)"), alone.out());
    assertTrue(alone.out().contains("deadlock     NOT VERIFIED"), alone.out());
    Run withSl = cli("check {} {} --sl {} --sl-saquery {} --deadlock", fabric, lfts, sl, sample);
    assertEquals(0, withSl.status(), withSl.out() + withSl.err());
    assertTrue(withSl.out().contains("SL audit     the SA's SL equals"), withSl.out());
    assertTrue(withSl.out().contains("for all 60 PathRecords"), withSl.out());
    assertTrue(withSl.out().contains("deadlock     free: 3 VL(s)"), withSl.out());
    // one record with another SL than the SL file's
    String text = Files.readString(sample);
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\tsl(\\.+)0x([0-9a-f]+)\n").matcher(text);
    assertTrue(m.find(), text);
    int other = (Integer.parseInt(m.group(2), 16) + 1) % 3;
    Files.writeString(
        sample,
        text.substring(0, m.start(2)) + Integer.toHexString(other) + text.substring(m.end(2)));
    Run mismatch = cli("check {} {} --sl {} --sl-saquery {}", fabric, lfts, sl, sample);
    assertEquals(IbRouting.EXIT_CHECK_FAILED, mismatch.status(), mismatch.out());
    assertTrue(mismatch.out().contains("MISMATCH: 1 of 60 PathRecords"), mismatch.out());
  }

  @Test
  void aListingOfAnotherFabricIsASmallSampleOrRefusedByItsGids() throws Exception {
    Path fabric = ReferenceFabrics.resource("torus2d_4x4", "fabric.ibnd");
    Path dump = ReferenceFabrics.resource("torus2d_4x4", "dfsssp.lfts.dump.gz");
    Path listing = SampleFiles.copy(READBACK + "dfsssp.saquery.txt.gz");
    // the same GUIDs on the same LIDs: a sample of the larger fabric's pairs, with no verdict
    Run sample =
        run(
            "check",
            fabric.toString(),
            dump.toString(),
            "--sl-saquery",
            listing.toString(),
            "--deadlock");
    assertEquals(IbRouting.EXIT_CHECK_FAILED, sample.status(), sample.out());
    assertTrue(sample.out().contains("240 of 4032 CA port pairs (5.95%, a sample)"), sample.out());
    Path saquery = dir.resolve("other.txt");
    Files.writeString(
        saquery,
        SampleFiles.text(READBACK + "dfsssp.saquery.txt.gz")
            .replaceFirst("sgid\\.+fe80::10:1\n", "sgid....................fe80::10:99\n"));
    Run r = run("check", fabric.toString(), dump.toString(), "--sl-saquery", saquery.toString());
    assertEquals(IbRouting.EXIT_BAD_INPUT, r.status(), r.out());
    assertTrue(
        r.err()
            .matches(
                "(?s)ibrouting: "
                    + java.util.regex.Pattern.quote(saquery.toString())
                    + ":[0-9]+:[0-9]+: .*another fabric.*"),
        r.err());
    Fabric f = FabricFiles.read(fabric);
    assertTrue(f.numCas() > 16, "the other fabric is larger");
  }
}
