package org.ibrouting.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

/**
 * {@link Routing#markDifferingLids} and {@link SlTable#markOtherVls}: the LIDs a switch routes
 * differently, and the destinations some source reaches on another VL.
 */
class TableDifferencesTest {
  private static final Fabric TREE = Topologies.kAryNTree(2, 2);

  private static Routing allTo(int port) {
    RoutingBuilder b = Routing.builder(TREE, "test");
    for (int sw = 0; sw < TREE.numSwitches(); sw++) {
      for (int lid = 1; lid <= TREE.maxLid(); lid++) {
        b.setOutPort(sw, lid, port);
      }
    }
    return b.build();
  }

  @Test
  void marksTheLidsOneSwitchRoutesDifferently() {
    Routing one = allTo(1);
    Routing other = one.toBuilder("test").setOutPort(2, 3, 2).setOutPort(1, 5, 2).build();
    boolean[] marked = new boolean[TREE.maxLid() + 2];
    other.markDifferingLids(2, one, 2, TREE.maxLid() + 1, marked);
    boolean[] expected = new boolean[TREE.maxLid() + 2];
    expected[3] = true;
    // beyond the tables a LID has no route in either: not marked
    assertArrayEquals(expected, marked);
    // switch 2's row against switch 1's: LID 3 (2 here) and LID 5 (2 there) differ
    marked = new boolean[TREE.maxLid() + 1];
    other.markDifferingLids(2, other, 1, TREE.maxLid(), marked);
    expected = new boolean[TREE.maxLid() + 1];
    expected[3] = true;
    expected[5] = true;
    assertArrayEquals(expected, marked);
    boolean[] small = new boolean[2];
    assertThrows(IllegalArgumentException.class, () -> one.markDifferingLids(0, one, 0, 5, small));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> one.markDifferingLids(TREE.numSwitches(), one, 0, 1, small));
  }

  @Test
  void marksTheDestinationsSomeSourceReachesOnAnotherVl() {
    int maxLid = TREE.maxLid();
    SlTable.Builder first = SlTable.perSourceLid(TREE);
    SlTable.Builder second = SlTable.perSourceLid(TREE);
    byte[] twoVls = new byte[SlTable.NUM_SLS];
    for (int sl = 0; sl < twoVls.length; sl++) {
      twoVls[sl] = (byte) (sl % 2);
    }
    first.setSlToVl(twoVls);
    second.setSlToVl(twoVls);
    int src = 1;
    // SL 0 to SL 2 stays on VL 0; SL 0 to SL 1 moves to VL 1
    second.setSl(second.groupOfSrcLid(src), 2, 2);
    second.setSl(second.groupOfSrcLid(src), 4, 1);
    boolean[] marked = new boolean[maxLid + 1];
    first.build().markOtherVls(second.build(), maxLid, marked);
    boolean[] expected = new boolean[maxLid + 1];
    expected[4] = true;
    assertArrayEquals(expected, marked);
    // against a table without SLs (VL 0 everywhere), with another map: the same destination
    marked = new boolean[maxLid + 1];
    SlTable.none().markOtherVls(second.build(), maxLid, marked);
    assertArrayEquals(expected, marked);
  }
}
