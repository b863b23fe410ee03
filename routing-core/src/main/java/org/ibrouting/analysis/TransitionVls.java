package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.routing.Routing;

/**
 * The transition VLs of {@link UpdateCheck}'s phased plan: the (source switch, destination LID)
 * units whose packets a mix of the old and new tables carries between switches, and their first-fit
 * placement on VLs whose union dependency graphs stay acyclic.
 */
final class TransitionVls {
  private TransitionVls() {}

  /**
   * The units of a phased plan, (source switch, destination LID) pairs packed as {@code sw << 32 |
   * lid}, each with the channel dependencies its packets can take in the union of every mix.
   */
  record Units(LongArrayList units, List<long[]> keysOfUnit, long[] allKeys) {}

  /** The VL each unit is placed on (-1: its own dependencies close a loop), and how many VLs. */
  record Fit(int[] vlOfUnit, int numVls, boolean looping) {
    int used() {
      return numVls + (looping ? 1 : 0);
    }
  }

  /**
   * Every (source switch, destination LID) whose packets cross a switch-to-switch dependency in
   * some mix of the two routings, with those dependencies.
   */
  static Units units(Routing from, Routing to) {
    Fabric fabric = from.fabric();
    RoutingMix all = RoutingMix.of(from, to).withSls(RoutingMix.State.FIRST);
    EndPortIndex endpoints = new EndPortIndex(EndPorts.terminals(fabric));
    MixWalker walker = new MixWalker(all);
    int n = fabric.numSwitches();
    boolean[] source = new boolean[n];
    for (int e = 0; e < endpoints.ports.length; e++) {
      if (endpoints.switchOf[e] >= 0 && endpoints.linkHops[e] == 1) {
        source[endpoints.switchOf[e]] = true;
      }
    }
    List<long[]> unitKeys = new ArrayList<>();
    LongArrayList units = new LongArrayList();
    LongOpenHashSet allKeys = new LongOpenHashSet();
    LongOpenHashSet scratch = new LongOpenHashSet();
    int[] stamp = new int[n];
    int mark = 0;
    MixWalker.Sink sink =
        new MixWalker.Sink() {
          @Override
          public void channel(int out) {}

          @Override
          public void dependency(int in, int out) {
            scratch.add(((long) in << 32) | out);
          }
        };
    for (int e = 0; e < endpoints.ports.length; e++) {
      int baseLid = fabric.baseLid(endpoints.ports[e]);
      for (int dst = baseLid; dst < baseLid + endpoints.numLidsOf[e]; dst++) {
        walker.reset(dst);
        for (int sw = 0; sw < n; sw++) {
          if (!source[sw]) {
            continue;
          }
          scratch.clear();
          walker.walk(sw, stamp, ++mark, false, sink);
          long[] keys = scratch.toLongArray();
          if (keys.length == 0) {
            continue;
          }
          units.add(((long) sw << 32) | dst);
          unitKeys.add(keys);
          for (long key : keys) {
            allKeys.add(key);
          }
        }
      }
    }
    return new Units(units, unitKeys, allKeys.toLongArray());
  }

  /** Places each unit on the first VL whose dependency graph stays acyclic with it. */
  static Fit firstFit(Units units, int numPortSlots) {
    IncrementalCdg.Graph graph = IncrementalCdg.Graph.of(units.allKeys(), numPortSlots);
    IncrementalCdg.Workspace work = new IncrementalCdg.Workspace(graph.numChannels());
    List<IncrementalCdg> vls = new ArrayList<>();
    int[] vlOfUnit = new int[units.units().size()];
    boolean looping = false;
    for (int u = 0; u < vlOfUnit.length; u++) {
      long[] keys = units.keysOfUnit().get(u);
      if (!new IncrementalCdg(graph, work).tryAddAll(keys)) {
        // a mix of tables can send this unit's packets round a loop: only the order can help
        vlOfUnit[u] = -1;
        looping = true;
        continue;
      }
      int placed = -1;
      for (int v = 0; placed < 0; v++) {
        if (v == vls.size()) {
          vls.add(new IncrementalCdg(graph, work));
        }
        if (vls.get(v).tryAddAll(keys)) {
          placed = v;
        }
      }
      vlOfUnit[u] = placed;
    }
    return new Fit(vlOfUnit, vls.size(), looping);
  }
}
