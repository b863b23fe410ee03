package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.ibrouting.cli.Cli.succeeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmPeer;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.sl.PathRecordReader;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * End to end with the real OpenSM 3.3.23 on ibsim: {@code route --opensm-dir DIR}, then {@code
 * opensm -F DIR/opensm.conf} (running, not {@code -o}), then read back what the simulated fabric
 * holds: every switch's LFT ({@code dump_fts}) equals ours, the PathRecord SL of every ordered CA
 * pair ({@code saquery -p}) equals our SL table, every SL2VL table ({@code smpquery sl2vl}) maps
 * each used SL to its VL, and {@code check --deadlock} on that read-back state finds no credit
 * loop. Without QoS the same tables run on SL 0 and the check finds the credit loop the SLs were
 * there to break. OpenSM's own dfsssp and lash pass the same audit.
 *
 * <p>Small fabrics keep the default run near a minute: one {@code saquery} per CA pair, because
 * ibsim cannot answer the all-pairs query (see {@link OpenSmSimulation#pathRecords}).
 */
@Tag("interop")
class DeployInteropTest {
  /** dfsssp needs 3 VLs here, 16 CAs. */
  static final String TORUS = "torus 4,4 1";

  /** dfsssp needs 3 VLs here, 16 CAs. */
  static final String JELLYFISH = "jellyfish 16 4 1 2";

  /** dfsssp and lash need 2 VLs here, 12 CAs: the other engines' and OpenSM's runs. */
  static final String SMALL_TORUS = "torus 3,4 1";

  @TempDir Path dir;

  static void assumeOpenSm() {
    OpenSmPeer.assumeAvailable();
  }

  static Path generate(String spec, Path file) throws IOException {
    if (!spec.contains(" ")) {
      Path reference = ReferenceFabrics.resource(spec, "fabric.ibnd");
      return Files.copy(reference, file);
    }
    Fabric fabric = TopologySpec.parse(spec).build();
    IbnetdiscoverWriter.write(fabric, file);
    return file;
  }

  /** What the simulated fabric holds after OpenSM came up. */
  record ReadBack(
      Path lfts, Path pathRecords, List<OpenSmSimulation.Sl2VlRow> sl2vl, String engine) {}

  static ReadBack readBack(
      Path fabricFile, Fabric fabric, Path work, List<String> openSmArgs, boolean sl2vl)
      throws IOException {
    try (OpenSmSimulation sim =
            OpenSmSimulation.start(fabricFile, work, OpenSmSimulation.ibsimLimits(fabric));
        OpenSmSimulation.RunningOpenSm opensm = sim.startOpenSm(openSmArgs, 300)) {
      String output = Files.readString(opensm.output());
      assertFalse(output.contains("Unrecognized"), output);
      Path lfts = Files.writeString(work.resolve("dump_fts.txt"), sim.dumpFts());
      Path records = sim.caPathRecordFile(fabric);
      List<OpenSmSimulation.Sl2VlRow> rows = sl2vl ? sim.sl2vlTables(fabric) : List.of();
      return new ReadBack(lfts, records, rows, opensm.engineUsed());
    }
  }

  static Run check(Path fabricFile, ReadBack back) {
    return cli(
        "check {} {} --sl-saquery {} --deadlock", fabricFile, back.lfts(), back.pathRecords());
  }

  static String jobMap(Fabric fabric) {
    StringBuilder text = new StringBuilder();
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      text.append(fabric.description(node)).append(node % 3 == 0 ? " small\n" : " big\n");
    }
    return text.toString();
  }

  /**
   * Routes with our engine, deploys, runs OpenSM with the deployment and checks the read-back state
   * against our routing.
   */
  void deployAndAudit(String spec, String engine, int minVls) throws Exception {
    Path fabricFile = generate(spec, dir.resolve("fabric.ibnd"));
    Fabric fabric = FabricFiles.read(fabricFile);
    Path deploy = dir.resolve("deploy");
    Path slFile = dir.resolve("ours.sl");
    List<String> args =
        new ArrayList<>(
            List.of(
                "route",
                "-R",
                engine,
                fabricFile.toString(),
                "--opensm-dir",
                deploy.toString(),
                "--sl-out",
                slFile.toString()));
    if (engine.startsWith("sar")) {
      args.addAll(
          List.of("--jobs", Files.writeString(dir.resolve("jobs.txt"), jobMap(fabric)).toString()));
    }
    if (engine.startsWith("torus-2QoS")) {
      Path conf = dir.resolve("torus-2QoS.conf");
      TorusConfigWriter.write(TopologySpec.parse(spec).torusConfig(), spec, conf);
      args.addAll(List.of("--torus-config", conf.toString()));
    }
    Run route = Cli.run(args.toArray(String[]::new));
    assertEquals(0, route.status(), route.out() + route.err());
    Path conf = deploy.resolve(OpenSmDeployment.CONF);
    assertTrue(
        route.out().contains("start        opensm -F " + conf.toAbsolutePath()), route.out());
    Routing ours =
        LftDumpReader.read(fabric, deploy.resolve(OpenSmDeployment.LFT_DUMP))
            .withSlTable(engine, SlFileReader.read(fabric, slFile));
    SlTable sls = ours.slTable();
    assertTrue(sls.numVls() >= minVls, engine + " on " + spec + " uses " + sls.numVls() + " VLs");

    ReadBack back =
        readBack(fabricFile, fabric, dir.resolve("sim"), List.of("-F", conf.toString()), true);
    assertEquals("file", back.engine(), "OpenSM did not load our tables");
    Routing programmed = LftDumpReader.read(fabric, back.lfts());
    assertTrue(ours.sameLfts(programmed), "the switches hold other LFTs than ours");
    PathRecordReader.Listing listing = PathRecordReader.read(fabric, back.pathRecords());
    long pairs = 0;
    for (int src = 1; src <= fabric.maxLid(); src++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (src != dst && isCa(fabric, src) && isCa(fabric, dst)) {
          pairs++;
          assertEquals(
              sls.sl(src, dst),
              listing.slTable().sl(src, dst),
              "the SA's SL for LID " + src + " -> " + dst);
        }
      }
    }
    assertEquals(listing.portPairs(), pairs);
    boolean[] used = new boolean[SlTable.NUM_SLS];
    for (int src = 1; src <= fabric.maxLid(); src++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (isCa(fabric, src) && isCa(fabric, dst)) {
          used[sls.sl(src, dst)] = true;
        }
      }
    }
    int switchRows = 0;
    for (OpenSmSimulation.Sl2VlRow row : back.sl2vl()) {
      switchRows += fabric.isSwitch(fabric.nodeOfLid(row.lid())) ? 1 : 0;
      for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
        if (used[sl]) {
          assertEquals(sls.vlOfSl(sl), row.vlOfSl()[sl], "SL " + sl + " at " + row);
        }
      }
    }
    assertTrue(
        switchRows >= fabric.numLinks(), "SL2VL rows of every switch port read: " + switchRows);

    Run audit = check(fabricFile, back);
    assertEquals(0, audit.status(), audit.out() + audit.err());
    // the SLs of CA pairs only: a routing may use one more SL towards switch LIDs
    assertTrue(
        audit.out().contains("deadlock     free: " + listing.slTable().numVls() + " VL(s)"),
        audit.out());
    assertTrue(listing.slTable().numVls() >= minVls, audit.out());
  }

  private static boolean isCa(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    return port >= 0 && fabric.baseLid(port) == lid && !fabric.isSwitch(fabric.nodeOfPort(port));
  }

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "dfsssp | " + TORUS + " | 3",
        "dfsssp | " + JELLYFISH + " | 3",
        "lash | " + SMALL_TORUS + " | 2",
        "nue:nue_max_num_vls=4 | " + SMALL_TORUS + " | 2",
        "multiupdn | " + SMALL_TORUS + " | 2",
        "sar | " + SMALL_TORUS + " | 2",
        "torus-2QoS:torus_sl2vl=identity | torus 3,3,3 1 | 8"
      })
  void openSmProgramsOurTablesAndHandsOutOurSls(String engine, String spec, int minVls)
      throws Exception {
    assumeOpenSm();
    deployAndAudit(spec, engine, minVls);
  }

  /**
   * Longer runs: the 64-CA reference torus (4,032 pairs, 4 VLs), and LMC 1, where every LID pair of
   * a port pair must share its SL (lash's SLs depend on the switches only).
   */
  @Tag("slow")
  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "dfsssp | torus2d_4x4 | 4",
        "lash | torus 3,4 2 lmc=1 | 2",
        "nue:nue_max_num_vls=8 | dragonfly_a4p2h2 | 2"
      })
  void largerAndLmcDeployments(String engine, String spec, int minVls) throws Exception {
    assumeOpenSm();
    deployAndAudit(spec, engine, minVls);
  }

  /** The reason deployments carry SLs: the same LFTs without them hold a credit loop. */
  @Test
  void withoutQosTheSameTablesHoldACreditLoop() throws Exception {
    assumeOpenSm();
    Path fabricFile = generate(SMALL_TORUS, dir.resolve("fabric.ibnd"));
    Fabric fabric = FabricFiles.read(fabricFile);
    Path deploy = dir.resolve("deploy");
    Run route = succeeds("route -R dfsssp {} --opensm-dir {} -q", fabricFile, deploy);
    Path conf = deploy.resolve(OpenSmDeployment.CONF);
    Path noQos =
        Files.writeString(
            dir.resolve("no-qos.conf"),
            Files.readString(conf).replace("\nqos TRUE\n", "\nqos FALSE\n"));
    ReadBack back =
        readBack(fabricFile, fabric, dir.resolve("sim"), List.of("-F", noQos.toString()), false);
    assertEquals("file", back.engine());
    assertEquals(
        1,
        PathRecordReader.read(fabric, back.pathRecords()).slTable().numVls(),
        "without QoS every PathRecord is on SL 0");
    Run audit = check(fabricFile, back);
    assertEquals(IbRouting.EXIT_CHECK_FAILED, audit.status(), audit.out() + audit.err());
    assertTrue(audit.out().contains("CREDIT LOOP on VL(s) 0"), audit.out());
  }

  /**
   * OpenSM's own VL engines answer with their own SLs (path_sl); the audit finds them
   * deadlock-free.
   */
  @ParameterizedTest
  @CsvSource({"dfsssp", "lash"})
  void openSmsOwnVlEnginesPassTheAudit(String engine) throws Exception {
    assumeOpenSm();
    Path fabricFile = generate(SMALL_TORUS, dir.resolve("fabric.ibnd"));
    Fabric fabric = FabricFiles.read(fabricFile);
    ReadBack back =
        readBack(fabricFile, fabric, dir.resolve("sim"), List.of("-R", engine, "-Q"), false);
    assertEquals(engine, back.engine());
    Run audit = check(fabricFile, back);
    assertEquals(0, audit.status(), audit.out() + audit.err());
    int vls = PathRecordReader.read(fabric, back.pathRecords()).slTable().numVls();
    assertTrue(vls >= 2, engine + " hands out " + vls + " SLs");
    assertTrue(audit.out().contains("deadlock     free"), audit.out());
  }
}
