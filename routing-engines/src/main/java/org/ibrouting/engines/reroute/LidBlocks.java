package org.ibrouting.engines.reroute;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingBuilder;

/**
 * The LFTs of every switch for a block of 64 consecutive LIDs, copied switch by switch (one cache
 * line each), so that passes over every destination's tree read the switch-major tables in whole
 * lines and then find a LID's column in a block that stays in cache. One instance per thread; 64
 * bytes per switch.
 */
final class LidBlocks {
  /** LIDs per block. */
  static final int SIZE = 64;

  private final Fabric fabric;
  private final RoutingBuilder lfts;
  private final int n;
  private final byte[] block;
  private int firstLid;

  LidBlocks(Fabric fabric, RoutingBuilder lfts) {
    this.fabric = fabric;
    this.lfts = lfts;
    this.n = fabric.numSwitches();
    this.block = new byte[SIZE * n];
  }

  /** The number of blocks that cover LIDs 0..max LID. */
  static int count(Fabric fabric) {
    return (fabric.maxLid() + SIZE) / SIZE;
  }

  /** Copies block {@code b} (LIDs {@code b * 64 ..}); returns the number of LIDs in it. */
  int load(int b) {
    firstLid = b * SIZE;
    int lids = Math.min(SIZE, fabric.maxLid() + 1 - firstLid);
    for (int sw = 0; sw < n; sw++) {
      lfts.copyEntries(sw, firstLid, block, sw * SIZE, lids);
    }
    return lids;
  }

  /** The first LID of the loaded block. */
  int firstLid() {
    return firstLid;
  }

  /** The output port of switch {@code sw} for LID {@code firstLid() + column}. */
  int port(int column, int sw) {
    return block[sw * SIZE + column] & 0xFF;
  }
}
