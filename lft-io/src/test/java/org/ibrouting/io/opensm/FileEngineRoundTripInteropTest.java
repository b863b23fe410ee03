package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.testing.OpenSmPeer;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real OpenSM loads a dump our writer wrote ({@code opensm -o -R file -U ours.dump} on ibsim)
 * and writes back the same bytes.
 */
@Tag("interop")
class FileEngineRoundTripInteropTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"ft4_3", "torus2d_4x4"})
  void openSmFileEngineAcceptsOurDumpAndWritesItBack(String name) throws Exception {
    OpenSmPeer.assumeAvailable();
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dfsssp");
    Path ours = dir.resolve("ours.dump");
    LftDumpWriter.write(theirs, ours, DumpFormat.FULL);
    Path net = ReferenceFabrics.resource(name, name + ".net");
    try (OpenSmSimulation sim = OpenSmSimulation.start(net, dir.resolve("sim"))) {
      OpenSmSimulation.Result result = sim.runOpenSm("file", List.of("-U", ours.toString()));
      assertEquals(0, result.exitCode(), "opensm failed; see " + result.log());
      assertEquals("file", result.engineUsed(), "OpenSM fell back; see " + result.log());
      assertNotNull(result.lftDump(), "OpenSM wrote no dump; see " + result.log());
      assertArrayEquals(Files.readAllBytes(ours), Files.readAllBytes(result.lftDump()),
          "OpenSM's dump after loading ours differs; see " + result.lftDump());
    }
  }
}
