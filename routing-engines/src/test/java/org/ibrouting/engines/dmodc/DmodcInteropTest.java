package org.ibrouting.engines.dmodc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.OpenSmRuns;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.Failures;
import org.ibrouting.topology.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OpenSM 3.3.23's file engine, on ibsim, programs Dmodc's tables unchanged ({@code opensm -R file
 * -U}): the dump it writes back is ours byte for byte, and the switches' LFTs read back with {@code
 * dump_fts} are ours entry for entry, empty entries included (between top switches), on intact and
 * degraded fat trees.
 */
class DmodcInteropTest extends OpenSmInteropTest {
  @ParameterizedTest
  @ValueSource(
      strings = {"ktree 4 3", "ktree 4 3 cut 6", "xgft 2 16,12 1,8 cut 4", "xgft 3 2,3,2 1,2,2"})
  void openSmProgramsOurTablesUnchanged(String spec) throws Exception {
    String[] parts = spec.split(" cut ");
    Fabric fabric = TopologySpec.parse(parts[0]).build();
    if (parts.length > 1) {
      fabric = Failures.failLinks(fabric, Integer.parseInt(parts[1]), true, 7);
    }
    Routing ours = new DmodcEngine().route(fabric, RoutingOptions.seeded(0));
    Path dump = dir.resolve("dmodc.lfts");
    LftDumpWriter.write(ours, dump, DumpFormat.FULL);
    Path net = dir.resolve("fabric.net");
    IbnetdiscoverWriter.write(fabric, net);
    Routing read = OpenSmRuns.programmedByFileEngine(net, dump, dir, fabric);
    assertTrue(ours.sameLfts(read), spec + ": the switches hold other tables than ours");
  }
}
