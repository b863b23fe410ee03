package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;

/**
 * One OpenSM run on a fabric under ibsim, for interop tests: the fabric as OpenSM numbered it and
 * its tables.
 */
public final class OpenSmRuns {
  private OpenSmRuns() {}

  /**
   * What OpenSM did.
   *
   * @param fabric the fabric as {@code ibnetdiscover} printed it after the run (OpenSM's LIDs)
   * @param routing OpenSM's {@code opensm-lfts.dump} on that fabric, null when it wrote none
   * @param result the run: engine used, log
   */
  public record Run(Fabric fabric, Routing routing, OpenSmSimulation.Result result) {}

  /**
   * Skips the calling test when ibsim or OpenSM is not installed, or fails it under {@value
   * OpenSmPeer#REQUIRE}.
   */
  public static void assumeOpenSm() {
    OpenSmPeer.assumeAvailable();
  }

  /**
   * Writes {@code fabric} as a net file under {@code dir}, starts ibsim on it (limits raised to
   * fit) and runs {@code opensm -R engines} once.
   */
  public static Run run(Fabric fabric, String engines, Path dir) throws IOException {
    return run(fabric, engines, dir, List.of());
  }

  /**
   * Like {@link #run(Fabric, String, Path)} with more opensm arguments ({@code --torus_config
   * FILE}, {@code -l 1}).
   */
  public static Run run(Fabric fabric, String engines, Path dir, List<String> extraArgs)
      throws IOException {
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, dir.resolve("sim"), OpenSmSimulation.ibsimLimits(fabric))) {
      List<String> args = new ArrayList<>(OpenSmSimulation.engineOptions(engines));
      args.addAll(extraArgs);
      OpenSmSimulation.Result result = sim.runOpenSm(engines, args);
      Fabric discovered =
          IbnetdiscoverReader.read(
              new StringReader(sim.ibnetdiscover()), dir.resolve("ibnetdiscover.out").toString());
      Routing routing =
          result.lftDump() == null ? null : LftDumpReader.read(discovered, result.lftDump());
      return new Run(discovered, routing, result);
    }
  }

  /**
   * Starts ibsim on {@code netFile} and runs {@code opensm -R file -U dump}: OpenSM must take the
   * tables, and the {@code opensm-lfts.dump} it writes back must equal {@code dump} byte for byte.
   */
  public static void assertFileEngineWritesBack(Path netFile, Path dump, Path dir)
      throws IOException {
    try (OpenSmSimulation sim = OpenSmSimulation.start(netFile, dir.resolve("sim"))) {
      assertFileEngineWritesBack(sim, dump);
    }
  }

  /**
   * Like {@link #assertFileEngineWritesBack(Path, Path, Path)}, then reads the tables the simulated
   * switches hold with {@code dump_fts}, as {@code fabric}'s routing.
   */
  public static Routing programmedByFileEngine(Path netFile, Path dump, Path dir, Fabric fabric)
      throws IOException {
    try (OpenSmSimulation sim = OpenSmSimulation.start(netFile, dir.resolve("sim"))) {
      assertFileEngineWritesBack(sim, dump);
      String programmed = sim.dumpFts();
      assertTrue(programmed.contains("valid lids dumped"), programmed);
      return LftDumpReader.read(fabric, new StringReader(programmed), "dump_fts");
    }
  }

  private static void assertFileEngineWritesBack(OpenSmSimulation sim, Path dump)
      throws IOException {
    OpenSmSimulation.Result result = sim.runOpenSm("file", List.of("-U", dump.toString()));
    assertEquals(0, result.exitCode(), "opensm failed; see " + result.log());
    assertEquals("file", result.engineUsed(), "OpenSM fell back; see " + result.log());
    assertNotNull(result.lftDump(), "OpenSM wrote no dump; see " + result.log());
    assertArrayEquals(
        Files.readAllBytes(dump),
        Files.readAllBytes(result.lftDump()),
        "OpenSM's dump after loading ours differs; see " + result.lftDump());
  }
}
