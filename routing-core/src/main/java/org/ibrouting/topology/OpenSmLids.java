package org.ibrouting.topology;

import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;

/**
 * LIDs as OpenSM 3.3.23 assigns them on its first sweep (fresh ibsim, empty {@code guid2lid}
 * cache).
 *
 * <p>The rule ({@code osm_lid_mgr.c}): only the end ports the SM discovers get a LID. Discovery
 * starts at the SM's port and crosses switches only: a switch's port 0 is found through any link, a
 * CA or router port only through its own link to a discovered switch (or as the SM's port or its
 * direct peer); SMPs do not pass through CAs or routers, so an uncabled CA port, the far side of a
 * CA-to-CA link and a part of the fabric that no switch path joins stay without a LID. Discovered
 * ports keep the LIDs they already have. The free LIDs form ranges between the used ones; the SM's
 * own port is served first, then every other discovered end port in {@code port_guid_tbl} order,
 * i.e. ascending byte-swapped port GUID (qmap order). A switch with base port 0 takes one LID, a CA
 * or router port 2^lmc LIDs aligned to 2^lmc, each from the first range where it fits (the LIDs an
 * alignment skips are lost: OpenSM moves the range's start past them). With LMC 0 and no LIDs this
 * numbers the discovered end ports 1, 2, 3, ... in qmap order, which reproduces the LIDs of the
 * reference fabrics in {@code shared/fabrics} and of ibsim's {@code net-examples} under OpenSM.
 *
 * <p>Cost: one sort of the end ports, O(P log P), and one pass over the LID space.
 */
public final class OpenSmLids {
  /**
   * What {@link #assignMissing} did.
   *
   * @param fabric the fabric with the LIDs assigned (the input itself when nothing was missing)
   * @param smPort the end port the SM was taken to run on
   * @param assignedPorts the end ports that got a LID
   * @param keptPorts the discovered end ports that kept the LID they had
   * @param unreachedPorts the end ports the SM does not discover, left without a LID
   * @param lmc the LMC of the CA and router ports that got LIDs
   * @param firstLid the smallest LID assigned, 0 when none was
   * @param lastLid the largest LID assigned (of an LMC range), 0 when none was
   */
  public record Assignment(
      Fabric fabric,
      int smPort,
      int assignedPorts,
      int keptPorts,
      int unreachedPorts,
      int lmc,
      int firstLid,
      int lastLid) {
    /** Whether any LID was assigned. */
    public boolean assignedAny() {
      return assignedPorts > 0;
    }

    /**
     * One sentence for a summary: {@code LIDs assigned as OpenSM's first sweep would: 70 end ports
     * got LIDs 1-70 (LMC 0), the SM on port 0 of switch 0x... "S1"}, plus the ports the SM cannot
     * reach.
     */
    public String describe() {
      StringBuilder b =
          new StringBuilder("LIDs assigned as OpenSM's first sweep would: ")
              .append(assignedPorts)
              .append(assignedPorts == 1 ? " end port got " : " end ports got ")
              .append(firstLid == lastLid ? "LID " + firstLid : "LIDs " + firstLid + "-" + lastLid)
              .append(" (LMC ")
              .append(lmc)
              .append(')');
      if (keptPorts > 0) {
        b.append(", ").append(keptPorts).append(" kept the LID they had");
      }
      b.append(", the SM on ").append(fabric.portName(smPort));
      if (unreachedPorts > 0) {
        b.append("; ")
            .append(unreachedPorts)
            .append(unreachedPorts == 1 ? " end port" : " end ports")
            .append(
                " the SM cannot reach (uncabled, behind a CA, or in another part of the fabric)"
                    + " stay without a LID");
      }
      return b.toString();
    }
  }

  private OpenSmLids() {}

  /**
   * Gives every end port the SM on {@code smPort} discovers and that has no LID the LID OpenSM's
   * first sweep would give it; ports with LIDs keep them.
   *
   * @param fabric the fabric, with some, all or none of its LIDs
   * @param smPort the end port (a switch's port 0, or a CA or router port) the SM runs on
   * @param lmc the LMC of the CA and router ports that get LIDs (OpenSM's {@code -l})
   * @throws IllegalArgumentException when {@code smPort} is no end port, {@code lmc} is outside
   *     0-7, or the unicast LID space runs out
   */
  public static Assignment assignMissing(Fabric fabric, int smPort, int lmc) {
    checkArguments(fabric, smPort, lmc);
    boolean[] discovered = discover(fabric, smPort);
    int[] missing = new int[fabric.numPortSlots()];
    int numMissing = 0;
    int kept = 0;
    int unreached = 0;
    boolean[] used = new boolean[Lids.MAX_UNICAST_LID + 2];
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      if (!isEndPort(fabric, port)) {
        continue;
      }
      int base = fabric.baseLid(port);
      if (base != 0) {
        // LIDs of ports the SM does not reach stay taken too, so that the result stays a valid
        // fabric
        for (int lid = base, last = base + Lids.lidsPerPort(fabric.lmc(port)) - 1;
            lid <= last;
            lid++) {
          used[lid] = true;
        }
        if (discovered[port]) {
          kept++;
        }
      } else if (discovered[port]) {
        missing[numMissing++] = port;
      } else {
        unreached++;
      }
    }
    if (numMissing == 0) {
      return new Assignment(fabric, smPort, 0, kept, unreached, lmc, 0, 0);
    }
    int[] order = qmapOrder(fabric, missing, numMissing);
    FreeRanges free = new FreeRanges(used);
    int[] base = new int[numMissing];
    int first = Integer.MAX_VALUE;
    int last = 0;
    int smIndex = indexOf(missing, numMissing, smPort);
    for (int k = -1; k < numMissing; k++) {
      // the SM's own port first, then qmap order
      int i = k < 0 ? smIndex : order[k];
      if (i < 0 || (k >= 0 && i == smIndex)) {
        continue;
      }
      int count = fabric.isSwitch(fabric.nodeOfPort(missing[i])) ? 1 : Lids.lidsPerPort(lmc);
      int lid = free.take(count);
      if (lid == 0) {
        throw new IllegalArgumentException(
            "OpenSM would run out of LIDs at "
                + fabric.portName(missing[i])
                + ": "
                + numMissing
                + " end ports do not fit the free"
                + " unicast LIDs (0x0001-0xbfff) with LMC "
                + lmc);
      }
      base[i] = lid;
      first = Math.min(first, lid);
      last = Math.max(last, lid + count - 1);
    }
    FabricBuilder b = FabricBuilder.from(fabric);
    for (int i = 0; i < numMissing; i++) {
      int port = missing[i];
      int node = fabric.nodeOfPort(port);
      b.setLid(node, fabric.portNum(port), base[i], fabric.isSwitch(node) ? 0 : lmc);
    }
    return new Assignment(b.build(), smPort, numMissing, kept, unreached, lmc, first, last);
  }

  private static void checkArguments(Fabric fabric, int smPort, int lmc) {
    if (lmc < 0 || lmc > Lids.MAX_LMC) {
      throw new IllegalArgumentException("lmc " + lmc + " is outside 0-" + Lids.MAX_LMC);
    }
    if (smPort < 0 || smPort >= fabric.numPortSlots() || !isEndPort(fabric, smPort)) {
      throw new IllegalArgumentException(
          "port slot "
              + smPort
              + " is no end port (a switch's port 0 or a CA or router port) of "
              + fabric);
    }
  }

  /**
   * The indices {@code 0..count-1} into {@code ports} in OpenSM's qmap order: by port GUID as its
   * map compares them (byte-reversed, unsigned), stable.
   */
  private static int[] qmapOrder(Fabric fabric, int[] ports, int count) {
    long[] key = new long[count];
    int[] order = new int[count];
    for (int i = 0; i < count; i++) {
      key[i] = Long.reverseBytes(fabric.portGuid(ports[i]));
      order[i] = i;
    }
    IntArrays.mergeSort(order, (a, b) -> Long.compareUnsigned(key[a], key[b]));
    return order;
  }

  private static int indexOf(int[] ports, int count, int port) {
    for (int i = 0; i < count; i++) {
      if (ports[i] == port) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isEndPort(Fabric fabric, int port) {
    boolean sw = fabric.isSwitch(fabric.nodeOfPort(port));
    return sw == (fabric.portNum(port) == 0);
  }

  /**
   * The end ports an SM on {@code smPort} discovers, flagged by port slot: a breadth-first search
   * that crosses switches only.
   */
  static boolean[] discover(Fabric fabric, int smPort) {
    boolean[] found = new boolean[fabric.numPortSlots()];
    IntArrayFIFOQueue switches = new IntArrayFIFOQueue();
    int smNode = fabric.nodeOfPort(smPort);
    if (fabric.isSwitch(smNode)) {
      found[smPort] = true;
      switches.enqueue(smNode);
    } else {
      found[smPort] = true;
      reach(fabric, fabric.peerPort(smPort), found, switches);
    }
    while (!switches.isEmpty()) {
      int sw = switches.dequeueInt();
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        reach(fabric, fabric.peerPort(fabric.outChannel(sw, i)), found, switches);
      }
    }
    return found;
  }

  private static void reach(Fabric fabric, int port, boolean[] found, IntArrayFIFOQueue switches) {
    if (port < 0) {
      return;
    }
    int node = fabric.nodeOfPort(port);
    if (fabric.isSwitch(node)) {
      int port0 = fabric.port(node, 0);
      if (!found[port0]) {
        found[port0] = true;
        switches.enqueue(node);
      }
    } else {
      found[port] = true;
    }
  }

  /** OpenSM's list of free LID ranges, first fit, in ascending order. */
  private static final class FreeRanges {
    private int[] min;
    private int[] max;
    private int head;
    private int size;

    FreeRanges(boolean[] used) {
      min = new int[16];
      max = new int[16];
      int lid = 1;
      while (lid <= Lids.MAX_UNICAST_LID) {
        while (lid <= Lids.MAX_UNICAST_LID && used[lid]) {
          lid++;
        }
        if (lid > Lids.MAX_UNICAST_LID) {
          break;
        }
        int start = lid;
        while (lid <= Lids.MAX_UNICAST_LID && !used[lid]) {
          lid++;
        }
        if (size == min.length) {
          min = Arrays.copyOf(min, size * 2);
          max = Arrays.copyOf(max, size * 2);
        }
        min[size] = start;
        max[size] = lid - 1;
        size++;
      }
    }

    /**
     * The base of {@code count} LIDs (aligned when more than one) from the first range they fit, or
     * 0.
     */
    int take(int count) {
      for (int r = head; r < size; r++) {
        if (min[r] > max[r]) {
          continue;
        }
        int lid = min[r];
        if (count > 1) {
          lid = (lid + count - 1) & -count;
        }
        if (lid + count - 1 <= max[r]) {
          min[r] = lid + count;
          while (head < size && min[head] > max[head]) {
            head++;
          }
          return lid;
        }
      }
      return 0;
    }
  }

  /**
   * The base LIDs for end ports with the given port GUIDs, the SM's port at index {@code smIndex}.
   *
   * @param portGuid the port GUID of every end port
   * @param isSwitch whether each end port is a switch's port 0 (one LID whatever the LMC)
   * @param lmc the LMC of CA and router ports
   * @param smIndex the index of the SM's port in the arrays
   * @return the base LID of every end port, in the same order
   * @throws IllegalArgumentException when the unicast LID space (0x0001-0xbfff) runs out
   */
  public static int[] assign(long[] portGuid, boolean[] isSwitch, int lmc, int smIndex) {
    int n = portGuid.length;
    if (isSwitch.length != n || smIndex < 0 || smIndex >= n) {
      throw new IllegalArgumentException(
          "smIndex "
              + smIndex
              + " or isSwitch length "
              + isSwitch.length
              + " does not fit "
              + n
              + " end ports");
    }
    long[] key = new long[n];
    for (int i = 0; i < n; i++) {
      key[i] = Long.reverseBytes(portGuid[i]);
    }
    int[] order = sortedByUnsigned(key);
    int[] base = new int[n];
    int perCa = 1 << lmc;
    int cursor = 1;
    cursor = take(base, smIndex, isSwitch[smIndex] ? 1 : perCa, cursor, portGuid);
    for (int i = 0; i < n; i++) {
      int port = order[i];
      if (port != smIndex) {
        cursor = take(base, port, isSwitch[port] ? 1 : perCa, cursor, portGuid);
      }
    }
    return base;
  }

  private static int take(int[] base, int port, int count, int cursor, long[] portGuid) {
    int lid = count > 1 ? (cursor + count - 1) & -count : cursor;
    if (lid + count - 1 > Lids.MAX_UNICAST_LID) {
      throw new IllegalArgumentException(
          "OpenSM would run out of LIDs at port GUID "
              + Lids.guidHex(portGuid[port])
              + ": "
              + portGuid.length
              + " end ports do not fit the unicast range 0x0001-0xbfff with this LMC");
    }
    base[port] = lid;
    return lid + count;
  }

  /**
   * A copy of {@code fabric} whose LIDs are reassigned as OpenSM would, with the SM on {@code
   * smNode} (its port 0 for a switch, its port 1 for a CA). Existing LIDs are ignored, as OpenSM
   * ignores them with {@code --reassign_lids}. Every end port is numbered, cabled or not: this
   * equals OpenSM only when the SM reaches every end port, as in generated fabrics; files read from
   * disk go through {@link #assignMissing}, which follows OpenSM's discovery.
   */
  public static Fabric reassign(Fabric fabric, int lmc, int smNode) {
    if (lmc < 0 || lmc > Lids.MAX_LMC) {
      throw new IllegalArgumentException("lmc " + lmc + " is outside 0-" + Lids.MAX_LMC);
    }
    if (smNode < 0 || smNode >= fabric.numNodes()) {
      throw new IllegalArgumentException("smNode " + smNode + " is not a node of " + fabric);
    }
    int count = 0;
    for (int node = 0; node < fabric.numNodes(); node++) {
      count += fabric.isSwitch(node) ? 1 : fabric.numPorts(node);
    }
    long[] guid = new long[count];
    boolean[] isSwitch = new boolean[count];
    int[] nodeOf = new int[count];
    int[] portNumOf = new int[count];
    int smIndex = -1;
    int i = 0;
    for (int node = 0; node < fabric.numNodes(); node++) {
      boolean sw = fabric.isSwitch(node);
      int first = sw ? 0 : 1;
      int last = sw ? 0 : fabric.numPorts(node);
      for (int p = first; p <= last; p++) {
        if (node == smNode && smIndex < 0) {
          smIndex = i;
        }
        guid[i] = fabric.portGuid(fabric.port(node, p));
        isSwitch[i] = sw;
        nodeOf[i] = node;
        portNumOf[i] = p;
        i++;
      }
    }
    int[] base = assign(guid, isSwitch, lmc, smIndex);
    FabricBuilder b = FabricBuilder.from(fabric);
    for (int k = 0; k < count; k++) {
      b.setLid(nodeOf[k], portNumOf[k], 0, 0);
    }
    for (int k = 0; k < count; k++) {
      b.setLid(nodeOf[k], portNumOf[k], base[k], isSwitch[k] ? 0 : lmc);
    }
    return b.build();
  }

  /** Indices 0..n-1 sorted by unsigned key, stable. */
  private static int[] sortedByUnsigned(long[] key) {
    int n = key.length;
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    IntArrays.mergeSort(order, (a, b) -> Long.compareUnsigned(key[a], key[b]));
    return order;
  }
}
