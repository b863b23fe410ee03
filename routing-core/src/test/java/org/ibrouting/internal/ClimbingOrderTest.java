package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;

class ClimbingOrderTest {
  @Test
  void putsClimbingChannelsFirstAndDescendingLast() {
    Fabric fabric = Topologies.kAryNTree(4, 3);
    int numChannels = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        numChannels += fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i))) ? 1 : 0;
      }
    }
    int[] tail = new int[numChannels + 1];
    int[] head = new int[numChannels + 1];
    int c = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int next = fabric.channelHead(fabric.outChannel(sw, i));
        if (fabric.isSwitch(next)) {
          tail[c] = sw;
          head[c] = next;
          c++;
        }
      }
    }
    tail[c] = -1;
    head[c] = 0;
    int[] position = ClimbingOrder.positions(fabric, tail, head);
    boolean[] taken = new boolean[position.length];
    for (int p : position) {
      assertFalse(taken[p], "position " + p + " given twice");
      taken[p] = true;
    }
    assertEquals(0, position[numChannels], "a channel without a tail comes first");
    // levels of a 3-tree: leaves (with CAs) 0, middle 1, top 2
    int[] level = new int[fabric.numSwitches()];
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      boolean hasCa = false;
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        hasCa |= !fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)));
      }
      level[sw] = hasCa ? 0 : -1;
    }
    for (int x = 0; x < numChannels; x++) {
      if (level[tail[x]] == 0) {
        level[head[x]] = level[head[x]] < 0 ? 1 : level[head[x]];
      }
    }
    for (int sw = 0; sw < level.length; sw++) {
      level[sw] = level[sw] < 0 ? 2 : level[sw];
    }
    for (int x = 0; x < numChannels; x++) {
      for (int y = 0; y < numChannels; y++) {
        int climbX = Integer.compare(level[head[x]], level[tail[x]]);
        int climbY = Integer.compare(level[head[y]], level[tail[y]]);
        if (climbX > climbY
            || climbX == climbY && climbX > 0 && level[tail[x]] < level[tail[y]]
            || climbX == climbY && climbX < 0 && level[tail[x]] > level[tail[y]]) {
          assertTrue(
              position[x] < position[y],
              "channel "
                  + tail[x]
                  + "->"
                  + head[x]
                  + " should come before "
                  + tail[y]
                  + "->"
                  + head[y]);
        }
      }
    }
  }
}
