package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.testkit.FabricArbitraries;

/**
 * Whatever a {@link RoutingBuilder} accepts, the dump writer writes and the dump reader reads back
 * to the same tables: a port a switch does not have is refused where it is set (issue 46: a copy of
 * a routing took port 99 on an 8-port switch, and the writer wrote a dump its reader refused).
 */
class BuilderDumpAgreementTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return FabricArbitraries.anyConnected();
  }

  @Property(tries = 30)
  void anyAcceptedEntryReadsBack(@ForAll("fabrics") Fabric fabric, @ForAll long seed)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    RoutingBuilder b = Routing.builder(fabric, "random");
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int port =
            random.nextInt(4) == 0 ? random.nextInt(256) : random.nextInt(fabric.numPorts(sw) + 1);
        try {
          b.setOutPort(sw, lid, port);
          assertTrue(port <= fabric.numPorts(sw) || port == Routing.NO_ROUTE, "took port " + port);
        } catch (IllegalArgumentException e) {
          assertTrue(port > fabric.numPorts(sw) && port != Routing.NO_ROUTE, e.getMessage());
          assertTrue(e.getMessage().startsWith("port " + port + " for LID " + lid), e.getMessage());
        }
      }
    }
    Routing routing = b.build();
    for (DumpFormat format : DumpFormat.values()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      LftDumpWriter.write(routing, out, format);
      Routing back =
          LftDumpReader.read(
              fabric, new StringReader(out.toString(StandardCharsets.UTF_8)), "random.dump");
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        for (int lid = 1; lid <= fabric.maxLid(); lid++) {
          assertEquals(
              routing.outPort(sw, lid), back.outPort(sw, lid), format + " " + sw + " " + lid);
        }
      }
    }
  }
}
