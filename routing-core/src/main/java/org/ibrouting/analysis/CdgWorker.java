package org.ibrouting.analysis;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;

/**
 * {@link CreditLoopVerifier}'s per-thread walker, stamps and dependency sets. Walks go per
 * (destination, key): the key is the route's VL, or with per-port maps its SL, whose hops' VLs
 * follow from the ports; then every dependency is in {@code edges[0]} between (channel, VL) vertex
 * ids {@code channel * 16 + vl}.
 */
final class CdgWorker implements Parallel.Worker, MixWalker.Sink {
  private final Routing routing;
  private final RoutingMix mix;
  private final MixWalker mixWalker;
  private final int[] outs = new int[2];
  private LongOpenHashSet sinkSet;
  private boolean[] sinkUsed;
  private final Fabric fabric;
  private final EndPortIndex endpoints;
  private final SourceGroups groups;
  private final boolean vlLess;
  private final PortSl2Vl portVls;
  private final boolean endpointChannels;
  private final LftWalker walker;
  private final int[] entryCount;
  private final int[][] startStamp = new int[CreditLoopVerifier.MAX_VLS][];
  private final int[][] startClasses = new int[CreditLoopVerifier.MAX_VLS][];
  private final int[][] starts = new int[CreditLoopVerifier.MAX_VLS][];
  private final int[] numStarts = new int[CreditLoopVerifier.MAX_VLS];
  private final int[] keysTouched = new int[CreditLoopVerifier.MAX_VLS];
  private final int[][] visitStamp = new int[CreditLoopVerifier.MAX_VLS][];

  /** Per-port maps: per key and switch, the first vertex a walk of this epoch left it by. */
  private final int[][] vertexAt = new int[CreditLoopVerifier.MAX_VLS][];

  final LongOpenHashSet[] edges = new LongOpenHashSet[CreditLoopVerifier.MAX_VLS];
  final boolean[][] used = new boolean[CreditLoopVerifier.MAX_VLS][];
  private int epoch;

  /** When not null, task {@code t} walks the routes to {@code onlyLids[t]} alone. */
  private int[] onlyLids;

  /**
   * A worker over the routes of {@code routing} (or of {@code mix} when not null) from the sources
   * of {@code groups}; {@code endpointChannels}: whether the channels into end ports are vertices.
   */
  CdgWorker(Routing routing, RoutingMix mix, SourceGroups groups, boolean endpointChannels) {
    this.routing = routing;
    this.mix = mix;
    this.mixWalker = mix == null ? null : new MixWalker(mix);
    this.fabric = routing.fabric();
    this.groups = groups;
    this.endpoints = groups.endpoints;
    this.vlLess = groups.vlLess;
    this.portVls = groups.portVls;
    this.endpointChannels = endpointChannels;
    this.walker = new LftWalker(routing);
    this.entryCount = groups.entryCount.clone();
    if (portVls != null) {
      edges[0] = new LongOpenHashSet();
      used[0] = new boolean[fabric.numPortSlots() * CreditLoopVerifier.MAX_VLS];
    }
  }

  private void ensureKey(int key) {
    if (startStamp[key] == null) {
      int numSwitches = fabric.numSwitches();
      startStamp[key] = new int[numSwitches];
      startClasses[key] = new int[numSwitches];
      starts[key] = new int[numSwitches];
      visitStamp[key] = new int[numSwitches];
      if (portVls == null) {
        edges[key] = new LongOpenHashSet();
        used[key] = new boolean[fabric.numPortSlots()];
      } else {
        vertexAt[key] = new int[numSwitches];
      }
    }
  }

  /** This worker, its task {@code t} walking the routes to {@code lids[t]} instead of a group's. */
  CdgWorker walking(int[] lids) {
    onlyLids = lids;
    return this;
  }

  @Override
  public void run(int group) {
    if (onlyLids != null) {
      collect(onlyLids[group]);
      return;
    }
    for (int i = endpoints.groupStart[group]; i < endpoints.groupStart[group + 1]; i++) {
      collect(endpoints.groupLids[i]);
    }
  }

  private void collect(int lid) {
    epoch++;
    walker.reset(lid);
    if (mixWalker != null) {
      mixWalker.reset(lid);
    }
    int dstEndpoint = endpoints.endpointOfLid[lid];
    int dstBase = fabric.baseLid(endpoints.ports[dstEndpoint]);
    int dstLids = endpoints.numLidsOf[dstEndpoint];
    for (int l = dstBase; l < dstBase + dstLids; l++) {
      if (groups.entryOfLid[l] >= 0) {
        entryCount[groups.entryOfLid[l]]--;
      }
    }
    int touched = 0;
    for (int g = 0; g < groups.numGroups; g++) {
      int key =
          portVls != null
              ? routing.slTable().sl(groups.repLid[g], lid)
              : vlLess
                  ? 0
                  : mix == null
                      ? routing.slTable().vl(groups.repLid[g], lid)
                      : mixWalker.vl(groups.repLid[g], lid);
      int other = vlLess || mix == null ? -1 : mixWalker.otherVl(groups.repLid[g], lid);
      for (int entry = groups.entryStart[g]; entry < groups.entryStart[g + 1]; entry++) {
        if (entryCount[entry] == 0) {
          continue;
        }
        touched = addStart(key, entry, touched);
        if (other >= 0 && other != key) {
          touched = addStart(other, entry, touched);
        }
      }
    }
    for (int l = dstBase; l < dstBase + dstLids; l++) {
      if (groups.entryOfLid[l] >= 0) {
        entryCount[groups.entryOfLid[l]]++;
      }
    }
    for (int t = 0; t < touched; t++) {
      int key = keysTouched[t];
      for (int k = 0; k < numStarts[key]; k++) {
        int sw = starts[key][k];
        if (portVls == null) {
          walk(key, sw);
        } else {
          for (int classes = startClasses[key][sw]; classes != 0; classes &= classes - 1) {
            walkPorts(key, sw, Integer.numberOfTrailingZeros(classes));
          }
        }
      }
      numStarts[key] = 0;
    }
    if (endpointChannels) {
      injectionEdges(lid, dstEndpoint);
    }
  }

  /**
   * Walks for {@code key} start at the switch of {@code entry} this epoch; returns the keys
   * touched.
   */
  private int addStart(int key, int entry, int touched) {
    ensureKey(key);
    int sw = groups.entrySwitch[entry];
    if (startStamp[key][sw] != epoch) {
      if (numStarts[key] == 0) {
        keysTouched[touched++] = key;
      }
      startStamp[key][sw] = epoch;
      startClasses[key][sw] = 0;
      starts[key][numStarts[key]++] = sw;
    }
    startClasses[key][sw] |= 1 << groups.entryClass[entry];
    return touched;
  }

  /**
   * Every walk the mix allows from {@code start}, into this VL's sets (see {@link MixWalker#walk}).
   */
  private void walkMix(int vl, int start) {
    sinkSet = edges[vl];
    sinkUsed = used[vl];
    mixWalker.walk(start, visitStamp[vl], epoch, endpointChannels, this);
  }

  @Override
  public void channel(int out) {
    sinkUsed[out] = true;
  }

  @Override
  public void dependency(int in, int out) {
    sinkSet.add(((long) in << 32) | out);
  }

  private void walk(int vl, int start) {
    if (mix != null) {
      walkMix(vl, start);
      return;
    }
    int[] active = visitStamp[vl];
    LongOpenHashSet set = edges[vl];
    boolean[] usedChannels = used[vl];
    int prev = -1;
    int sw = start;
    while (true) {
      int out = walker.outChannel(sw, endpointChannels);
      if (out >= 0) {
        usedChannels[out] = true;
        if (prev >= 0) {
          set.add(((long) prev << 32) | out);
        }
      }
      if (active[sw] == epoch || out < 0) {
        active[sw] = epoch;
        return;
      }
      active[sw] = epoch;
      int next = fabric.channelHead(out);
      if (!fabric.isSwitch(next)) {
        return;
      }
      prev = out;
      sw = next;
    }
  }

  /**
   * Follows the LFTs from {@code start}, entered through a port of class {@code inClass}, on SL
   * {@code sl}. From the second switch on, a walk repeats an earlier one of this destination and SL
   * once it leaves a switch by the same (channel, VL), so it stops there.
   */
  private void walkPorts(int sl, int start, int inClass) {
    int[] visit = visitStamp[sl];
    int[] first = vertexAt[sl];
    LongOpenHashSet set = edges[0];
    boolean[] usedVertices = used[0];
    int prev = -1;
    int sw = start;
    int cls = inClass;
    while (true) {
      int out = walker.outChannel(sw, endpointChannels);
      if (out < 0) {
        return;
      }
      int v = out * CreditLoopVerifier.MAX_VLS + portVls.vlOfClasses(cls, portVls.classOf(out), sl);
      usedVertices[v] = true;
      if (prev >= 0) {
        set.add(((long) prev << 32) | v);
      }
      if (visit[sw] == epoch) {
        if (first[sw] == v) {
          return;
        }
      } else {
        visit[sw] = epoch;
        first[sw] = v;
      }
      int next = fabric.channelHead(out);
      if (!fabric.isSwitch(next)) {
        return;
      }
      prev = v;
      cls = portVls.classOf(fabric.peerPort(out));
      sw = next;
    }
  }

  /** The vertex of a source's injection channel on SL {@code sl}, or its channel by VL. */
  private int injectionVertex(int caPort, int src, int lid) {
    if (portVls == null) {
      int vl = vlLess ? 0 : routing.slTable().vl(src, lid);
      ensureKey(vl);
      used[vl][caPort] = true;
      return vl;
    }
    int v =
        caPort * CreditLoopVerifier.MAX_VLS
            + portVls.vl(caPort, caPort, routing.slTable().sl(src, lid));
    used[0][v] = true;
    return v;
  }

  /** The injection dependencies of a mix: either table's first channel, on either SL's VL. */
  private void mixInjectionEdges(int lid, int dstEndpoint) {
    for (int e = 0; e < endpoints.ports.length; e++) {
      int sw = endpoints.switchOf[e];
      if (e == dstEndpoint || sw < 0 || endpoints.linkHops[e] == 0) {
        continue;
      }
      int caPort = endpoints.ports[e];
      int count = mixWalker.outChannels(sw, true, outs);
      int base = fabric.baseLid(caPort);
      for (int src = base; src < base + endpoints.numLidsOf[e]; src++) {
        int vl = vlLess ? 0 : mixWalker.vl(src, lid);
        int other = vlLess ? -1 : mixWalker.otherVl(src, lid);
        for (int t = 0; t < 2; t++) {
          int v = t == 0 ? vl : other == vl ? -1 : other;
          if (v < 0) {
            continue;
          }
          ensureKey(v);
          used[v][caPort] = true;
          for (int k = 0; k < count; k++) {
            edges[v].add(((long) caPort << 32) | outs[k]);
          }
        }
      }
    }
  }

  private void injectionEdges(int lid, int dstEndpoint) {
    if (mix != null) {
      mixInjectionEdges(lid, dstEndpoint);
      return;
    }
    for (int e = 0; e < endpoints.ports.length; e++) {
      int sw = endpoints.switchOf[e];
      if (e == dstEndpoint || sw < 0 || endpoints.linkHops[e] == 0) {
        continue;
      }
      int caPort = endpoints.ports[e];
      int first = walker.outChannel(sw, true);
      int base = fabric.baseLid(caPort);
      for (int src = base; src < base + endpoints.numLidsOf[e]; src++) {
        int v = injectionVertex(caPort, src, lid);
        if (first < 0) {
          continue;
        }
        if (portVls == null) {
          edges[v].add(((long) caPort << 32) | first);
        } else {
          int sl = routing.slTable().sl(src, lid);
          edges[0].add(
              ((long) v << 32)
                  | (first * CreditLoopVerifier.MAX_VLS
                      + portVls.vl(fabric.peerPort(caPort), first, sl)));
        }
      }
    }
    // a CA cabled straight to the destination crosses one channel and depends on nothing
    for (int orphan : endpoints.orphans) {
      int port = endpoints.ports[orphan];
      if (orphan != dstEndpoint && fabric.peerPort(port) == endpoints.ports[dstEndpoint]) {
        int base = fabric.baseLid(port);
        for (int src = base; src < base + endpoints.numLidsOf[orphan]; src++) {
          injectionVertex(port, src, lid);
        }
      }
    }
  }
}
