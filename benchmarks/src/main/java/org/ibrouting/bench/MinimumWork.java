package org.ibrouting.bench;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.ibrouting.bench.MemoryBaseline.Level;
import org.ibrouting.bench.MemoryBaseline.Memory;
import org.ibrouting.fabric.Fabric;

/**
 * The work {@link CostModel} counts per engine: a fabric's sizes, each engine's minimum work on
 * them (bytes streamed, bytes written once, random reads that cannot be avoided) and the time that
 * work takes at least on a measured {@link Memory}.
 */
final class MinimumWork {
  private MinimumWork() {}

  /**
   * The sizes the model needs: switches, routed LIDs, switch-to-switch channels, CA LIDs; and per
   * LID on average the channels and switches a shortest-path tree towards it scans before it ends
   * ({@link #scannedChannels}, {@link #scannedSwitches}), and the channels from each switch to the
   * next hop level, one step further from the LID's switch ({@link #levelLinks}).
   */
  record Sizes(
      long switches,
      long lids,
      long channels,
      long caLids,
      double scannedChannels,
      double scannedSwitches,
      double levelLinks) {
    static Sizes of(Fabric fabric) {
      long channels = 0;
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int head = fabric.channelHead(fabric.outChannel(sw, i));
          channels += head < fabric.numSwitches() && head != sw ? 1 : 0;
        }
      }
      long lids = 0;
      long caLids = 0;
      for (int node = 0; node < fabric.numNodes(); node++) {
        boolean sw = fabric.isSwitch(node);
        for (int p = sw ? 0 : 1; p <= (sw ? 0 : fabric.numPorts(node)); p++) {
          int port = fabric.port(node, p);
          if (fabric.baseLid(port) != 0) {
            lids += 1L << fabric.lmc(port);
            caLids += sw ? 0 : 1L << fabric.lmc(port);
          }
        }
      }
      double[] scanned = scannedPerLid(fabric);
      return new Sizes(
          fabric.numSwitches(), lids, channels, caLids, scanned[0], scanned[1], scanned[2]);
    }

    /**
     * The channels (out of the switches scanned) and switches a tree towards a LID scans, on
     * average over the LIDs: every switch but those at the largest hop distance from the LID's
     * switch. By default sssp, dfsssp, sar and nue start every link at P² or LIDs², in practice
     * above any path's added load, so a tree's keys order the switches by hops, and a tree ends
     * once every switch is reached and the rest of its heap lies within one such weight
     * (SsspGraph.grow, NueRouter.route): when only the farthest switches are left, if not before
     * (so this estimates the scans, it is no floor). Where a switch cannot reach every other, every
     * switch it reaches is counted. The average is over the LIDs of switches and of the CA ports
     * cabled to them. Third: the channels from a switch to one a hop further from the LID's switch,
     * the ones a tree grown by hop levels must read at least.
     */
    private static double[] scannedPerLid(Fabric fabric) {
      int n = fabric.numSwitches();
      int[] start = new int[n + 1];
      IntArrayList heads = new IntArrayList();
      long[] lidsAt = new long[n];
      for (int sw = 0; sw < n; sw++) {
        start[sw] = heads.size();
        int port0 = fabric.port(sw, 0);
        lidsAt[sw] += fabric.baseLid(port0) != 0 ? 1L << fabric.lmc(port0) : 0;
        for (int i = 0; i < fabric.outDegree(sw); i++) {
          int peer = fabric.peerPort(fabric.outChannel(sw, i));
          int head = fabric.nodeOfPort(peer);
          if (head < n && head != sw) {
            heads.add(head);
          } else if (head >= n && fabric.baseLid(peer) != 0) {
            lidsAt[sw] += 1L << fabric.lmc(peer);
          }
        }
      }
      start[n] = heads.size();
      int[] hops = new int[n];
      int[] queue = new int[n];
      double channelSum = 0;
      double switchSum = 0;
      double levelSum = 0;
      double lids = 0;
      for (int root = 0; root < n; root++) {
        if (lidsAt[root] == 0) {
          continue;
        }
        Arrays.fill(hops, -1);
        hops[root] = 0;
        queue[0] = root;
        int tail = 1;
        for (int q = 0; q < tail; q++) {
          int u = queue[q];
          for (int l = start[u]; l < start[u + 1]; l++) {
            int v = heads.getInt(l);
            if (hops[v] < 0) {
              hops[v] = hops[u] + 1;
              queue[tail++] = v;
            }
          }
        }
        int farthest = tail == n ? hops[queue[tail - 1]] : Integer.MAX_VALUE;
        long channels = 0;
        long levelLinks = 0;
        int switches = 0;
        for (int q = 0; q < tail; q++) {
          int u = queue[q];
          if (hops[u] < farthest) {
            channels += start[u + 1] - start[u];
            switches++;
          }
          for (int l = start[u]; l < start[u + 1]; l++) {
            levelLinks += hops[heads.getInt(l)] == hops[u] + 1 ? 1 : 0;
          }
        }
        lids += lidsAt[root];
        channelSum += (double) lidsAt[root] * channels;
        switchSum += (double) lidsAt[root] * switches;
        levelSum += (double) lidsAt[root] * levelLinks;
      }
      return lids == 0
          ? new double[3]
          : new double[] {channelSum / lids, switchSum / lids, levelSum / lids};
    }

    long entries() {
      return switches * lids;
    }
  }

  /**
   * The work an engine cannot avoid on a fabric, in its own unit; the bytes it reads and writes
   * again and again within a working set of {@code workingSet} bytes per core (so at the speed of
   * the level that holds it), the bytes it writes once (at main memory's streaming speed), the
   * random reads it cannot avoid ({@link RandomReads#NONE} where the model counts none), the
   * candidates of least-distance choices it must compare ({@code selects}, 0 where the model counts
   * none; each at {@link Memory#selectNs}), and the cores it can use; {@code what} says how it was
   * counted.
   */
  record Work(
      double units,
      String unit,
      double cachedBytes,
      double workingSet,
      double streamedBytes,
      RandomReads random,
      double selects,
      int cores,
      String what) {
    double bytes() {
      return cachedBytes + streamedBytes;
    }

    /** The working set's level of {@code m}. */
    Level level(Memory m) {
      return m.holding(workingSet, cores);
    }

    /** The seconds the bytes take at least: each part at its level's streaming speed. */
    double streamingSeconds(Memory m) {
      return cachedBytes / level(m).read(cores) + streamedBytes / m.main().write(cores);
    }

    /**
     * The model limit: the independent random reads and the least-distance choices overlap the
     * streaming (the longest of the three counts), the dependent reads are added (the model assumes
     * a chain does not overlap the rest), each read at the latency of the level that holds the data
     * it reads, shared by the cores. A model of the work's cost, not a proof; {@link
     * #streamingSeconds} counts the bytes only.
     */
    double limitSeconds(Memory m) {
      return Math.max(
              Math.max(streamingSeconds(m), random.independentSeconds(m, cores)), selectSeconds(m))
          + random.dependentSeconds(m, cores);
    }

    /**
     * The seconds the least-distance choices take at least: every candidate at the measured {@link
     * Memory#selectNs} (which includes reading it through its link's far end from the L1 or L2
     * cache), shared by the cores; 0 where the model counts none or the baseline has no figure.
     */
    double selectSeconds(Memory m) {
      return selects == 0 || Double.isNaN(m.selectNs()) ? 0 : selects * m.selectNs() * 1e-9 / cores;
    }
  }

  /**
   * Random reads an engine cannot avoid: {@code independent} ones, whose addresses are known ahead
   * (the CPU overlaps them), into data of {@code independentSet} bytes, and {@code dependent} ones,
   * each address coming from the read before (a heap's sift, a search), into data of {@code
   * dependentSet} bytes; each costs the measured random-read time of the level that holds its data.
   */
  record RandomReads(
      double independent, double independentSet, double dependent, double dependentSet) {
    static final RandomReads NONE = new RandomReads(0, 0, 0, 0);

    /** The independent reads' seconds at their level's latency, shared by {@code cores}. */
    double independentSeconds(Memory m, int cores) {
      return independent * m.holding(independentSet, cores).independentNs() * 1e-9 / cores;
    }

    /** The dependent reads' seconds at their level's latency, chains shared by {@code cores}. */
    double dependentSeconds(Memory m, int cores) {
      return dependent * m.holding(dependentSet, cores).dependentNs() * 1e-9 / cores;
    }

    /** "L1 / L2": the levels of the independent and of the dependent reads, "-" for none. */
    String levels(Memory m, int cores) {
      return (independent == 0 ? "-" : m.holding(independentSet, cores).name())
          + " / "
          + (dependent == 0 ? "-" : m.holding(dependentSet, cores).name());
    }
  }

  /** The model's count of each engine's work (null for engines it does not cover). */
  static Work of(String engine, Sizes s) {
    double entries = s.entries();
    double lids = s.lids();
    double channels = s.channels();
    double switches = s.switches();
    return switch (engine) {
      case "minhop", "updn", "dnup" -> hopMatrix(entries, switches);
      case "ftree" -> everyEntry(entries);
      case "sssp", "dfsssp", "sar" -> sssp(engine, s, entries);
      case "multiupdn" -> multiupdn(lids, channels, switches, entries);
      case "nue" -> nue(s, entries);
      case "lash" -> lash(switches, channels, entries);
      case "p2sssp" -> p2sssp(s, lids, channels, entries);
      default -> null;
    };
  }

  /** minhop, updn and dnup: the hop matrix built, every LFT entry written once. */
  private static Work hopMatrix(double entries, double switches) {
    return new Work(
        entries,
        "LFT entries",
        switches * switches,
        switches * switches,
        entries,
        RandomReads.NONE,
        0,
        2,
        "the hop matrix (1 byte per switch pair) built, every LFT entry written once");
  }

  /** ftree: every LFT entry written once. */
  private static Work everyEntry(double entries) {
    return new Work(
        entries,
        "LFT entries",
        0,
        0,
        entries,
        RandomReads.NONE,
        0,
        1,
        "every LFT entry written once");
  }

  /**
   * sssp, dfsssp and sar: one shortest-path tree per LID on the switch graph, grown by hop levels
   * (SsspGraph, HopLevelTrees).
   */
  private static Work sssp(String engine, Sizes s, double entries) {
    double lids = s.lids();
    double channels = s.channels();
    double switches = s.switches();
    double links = lids * s.levelLinks();
    return new Work(
        links,
        "level links",
        links * 12,
        channels * 12 + switches * 48,
        entries * (engine.equals("sssp") ? 1 : 2),
        new RandomReads(links, switches * 8, 0, 0),
        links,
        1,
        "per LID one shortest-path tree by hop levels, in which every switch reads the weight and"
            + " far end of each of its links from the level before (12 bytes each; working set the"
            + " links and 48 bytes of tree per switch) and the far switch's distance (an independent"
            + " random read), a candidate of the switch's least-distance choice; OpenSM's heap is"
            + " not counted: its order of equal keys decides a tree"
            + " only where two switches of equal distance give a switch its distance, which the"
            + " fabric alone does not tell"
            + (engine.equals("sssp") ? "" : "; then the LFTs read again for the VL walk")
            + "; sequential by definition (each tree depends on all earlier weights)");
  }

  /** multiupdn: one breadth-first search per LID over every channel. */
  private static Work multiupdn(double lids, double channels, double switches, double entries) {
    return new Work(
        lids * channels,
        "channel visits",
        lids * channels * 12,
        channels * 12 + switches * 48,
        2 * entries,
        new RandomReads(lids * channels, switches * 4, 0, 0),
        0,
        2,
        "per LID one breadth-first search over every channel (neighbour, channel, tree mask: 12 bytes; "
            + "working set those and 48 bytes per switch) that reads the far switch's state (an"
            + " independent random read), LFTs and SLs written once");
  }

  /** nue: one Dijkstra per LID on the complete channel dependency graph. */
  private static Work nue(Sizes s, double entries) {
    double lids = s.lids();
    double channels = s.channels();
    double switches = s.switches();
    // per LID one scan per switch but the farthest: the destination's fake channel depends on
    // every link of its switch, every other scanned channel on every link of its head but the
    // reverse
    double visits = lids * (s.scannedChannels() - s.scannedSwitches() + 1);
    // a dependency's class is 2 bits; a channel's links are about channels / switches
    double dependencies = channels * (channels / switches);
    return new Work(
        visits,
        "cCDG edge visits",
        visits * 8.25,
        channels * 8 + dependencies / 4,
        entries,
        new RandomReads(
            visits, switches * 8, lids * s.scannedSwitches(), (channels + switches) * 4),
        visits,
        1,
        "per LID one Dijkstra on the channel graph that settles one channel per switch, scans those of"
            + " all switches but the farthest from the LID's switch and reads their "
            + "dependencies' class (2 bits) and link key (weight and head, 8 bytes) and each reached"
            + " switch's distance (an independent random read), a candidate of that switch's"
            + " least distance; per scanned channel, where its"
            + " dependencies start (a dependent read, 4 bytes per channel; its heap levels not"
            + " counted); sequential by definition");
  }

  /** lash: every switch pair's paths counted into a layer. */
  private static Work lash(double switches, double channels, double entries) {
    return new Work(
        switches * (switches - 1) * 4,
        "path dependencies",
        switches * (switches - 1) * 4 * 4,
        channels * (channels / switches) * 4,
        entries,
        RandomReads.NONE,
        0,
        1,
        "every switch pair's two paths (about 2 dependencies each on a 3-tree) counted into a layer "
            + "(4 bytes each, in a layer's dependency graph of 4 bytes per channel pair that meet at a"
            + " switch); sequential by definition (first fit, then seeded balancing)");
  }

  /** p2sssp: every pair's path with its weights updated. */
  private static Work p2sssp(Sizes s, double lids, double channels, double entries) {
    return new Work(
        s.caLids() * lids * 4,
        "path hops",
        s.caLids() * lids * 4 * 8,
        channels * 8,
        entries,
        RandomReads.NONE,
        0,
        1,
        "every (source, destination LID) pair's path (about 4 hops) with its weights updated (8 bytes, "
            + "working set the links' weights); sequential by definition");
  }
}
