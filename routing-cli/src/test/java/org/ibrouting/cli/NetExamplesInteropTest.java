package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.SampleFiles;
import org.ibrouting.testkit.FabricAssertions;
import org.ibrouting.topology.OpenSmLids;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of ibsim's {@code net-examples}, and net files built to reach every rule of OpenSM's
 * first-sweep LID assignment ({@code fabric-files/lids}), through the real OpenSM 3.3.23 under
 * ibsim: the fabric ibrouting reads equals the one {@code ibnetdiscover} finds after OpenSM's
 * sweep, LIDs included (nodes the SM cannot reach, which ibnetdiscover does not see either, have
 * none), and {@code ibrouting check} accepts OpenSM's minhop dump for it with exit status 0. The
 * man page's grouped example runs with OpenSM's {@code -l 1}, {@code lmc2-partial.net} with {@code
 * -l 2}.
 */
class NetExamplesInteropTest extends OpenSmInteropTest {
  static Stream<Arguments> files() {
    Stream<Arguments> examples = SampleFiles.netExamples().stream().map(f -> Arguments.of(f, 0));
    return Stream.concat(
        examples,
        Stream.of(
            Arguments.of("fabric-files/lids/island.net", 0),
            Arguments.of("fabric-files/lids/cafirst.net", 0),
            Arguments.of("fabric-files/lids/partial.net", 0),
            Arguments.of("fabric-files/lids/guid-counters.net", 0),
            Arguments.of("fabric-files/lids/lmc2-partial.net", 2),
            Arguments.of("fabric-files/director.net", 0),
            Arguments.of("fabric-files/man-page-example.ibnd", 1)));
  }

  @ParameterizedTest
  @MethodSource("files")
  void openSmDiscoversTheFabricWeReadAndItsDumpChecksClean(String resource, int lmc)
      throws Exception {
    Path file = SampleFiles.copy(resource);
    FabricFile read = FabricFiles.readFile(file);
    // OpenSM's -l sets the LMC of the CA ports it assigns; the command line has no such option
    boolean cliLmc = lmc == 0 || read.asWritten().maxLid() > 0 && !read.lidsAssigned();
    Fabric ours =
        cliLmc
            ? read.fabric()
            : OpenSmLids.assignMissing(read.asWritten(), read.lids().smPort(), lmc).fabric();
    List<String> args = lmc == 0 ? List.of() : List.of("-l", Integer.toString(lmc));
    try (OpenSmSimulation sim = OpenSmSimulation.start(file, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("minhop", args, 300);
      assertEquals(0, result.exitCode(), "opensm failed; see " + result.log());
      assertNotNull(result.lftDump(), "OpenSM wrote no dump; see " + result.log());
      Fabric discovered =
          IbnetdiscoverReader.readFile(new StringReader(sim.ibnetdiscover()), "ibnetdiscover")
              .asWritten();
      FabricAssertions.assertSameDiscoveredPart(discovered, ours);
      RouteReport report =
          RouteChecker.terminals().check(LftDumpReader.read(ours, result.lftDump()));
      assertTrue(report.allRouted(), String.join("\n", report.witnesses()));
      if (cliLmc) {
        Run check = Cli.run("check", file.toString(), result.lftDump().toString());
        assertEquals(0, check.status(), check.out() + check.err());
      }
    }
  }
}
