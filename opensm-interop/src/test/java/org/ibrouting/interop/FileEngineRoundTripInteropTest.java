package org.ibrouting.interop;

import java.nio.file.Path;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real OpenSM loads a dump our writer wrote ({@code opensm -o -R file -U ours.dump} on ibsim)
 * and writes back the same bytes.
 */
class FileEngineRoundTripInteropTest extends OpenSmInteropTest {
  @ParameterizedTest
  @ValueSource(strings = {"ft4_3", "torus2d_4x4"})
  void openSmFileEngineAcceptsOurDumpAndWritesItBack(String name) throws Exception {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "dfsssp");
    Path ours = dir.resolve("ours.dump");
    LftDumpWriter.write(theirs, ours, DumpFormat.FULL);
    OpenSmRuns.assertFileEngineWritesBack(
        ReferenceFabrics.resource(name, name + ".net"), ours, dir);
  }
}
