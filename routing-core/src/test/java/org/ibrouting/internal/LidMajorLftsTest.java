package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Test;

/**
 * {@link LidMajorLfts#copyInto}: on one thread and on several (blocks of switches), every entry set
 * lands in its switch's LFT and an entry left unset keeps what the builder had (a switch's own LIDs
 * on port 0).
 */
class LidMajorLftsTest {
  @Test
  void copiesTheSameEntriesOnAnyNumberOfThreads() {
    Fabric fabric = ring(300);
    SplittableRandom random = new SplittableRandom(5);
    LidMajorLfts rows = new LidMajorLfts(fabric);
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        if (random.nextInt(4) != 0) {
          rows.set(sw, lid, 1 + random.nextInt(3));
        }
      }
    }
    for (int threads = 1; threads <= 3; threads++) {
      var builder = Routing.builder(fabric, "test").setOwnLidsToPortZero();
      rows.copyInto(builder, threads);
      Routing routing = builder.build();
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        int ownLid = fabric.baseLid(fabric.port(sw, 0));
        for (int lid = 1; lid <= fabric.maxLid(); lid++) {
          int set = rows.entries()[lid * fabric.numSwitches() + sw] & 0xFF;
          int expected = set != Routing.NO_ROUTE ? set : lid == ownLid ? 0 : Routing.NO_ROUTE;
          assertEquals(
              expected,
              routing.outPort(sw, lid),
              threads + " threads, switch " + sw + " LID " + lid);
        }
      }
    }
  }

  /** A ring of switches (ports 1 and 2), each with a CA on port 3; CAs' LIDs first. */
  private static Fabric ring(int numSwitches) {
    FabricBuilder b = Fabric.builder();
    int[] sw = new int[numSwitches];
    for (int i = 0; i < numSwitches; i++) {
      sw[i] = b.addNode(NodeType.SWITCH, 3, 0x1000L + i, "S" + i);
    }
    int lid = 1;
    for (int i = 0; i < numSwitches; i++) {
      int ca = b.addNode(NodeType.CA, 1, 0x100000L + i, "H" + i);
      b.setLid(ca, 1, lid++, 0);
      b.connect(sw[i], 3, ca, 1, null);
    }
    for (int i = 0; i < numSwitches; i++) {
      b.setLid(sw[i], 0, lid++, 0);
      b.connect(sw[i], 1, sw[(i + 1) % numSwitches], 2, null);
    }
    return b.build();
  }
}
