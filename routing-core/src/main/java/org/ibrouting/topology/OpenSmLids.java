package org.ibrouting.topology;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;

/**
 * LIDs as OpenSM 3.3.23 assigns them on its first sweep of a fabric that has none (fresh ibsim,
 * empty {@code guid2lid} cache).
 *
 * <p>The rule ({@code osm_lid_mgr.c}): the SM's own port is served first; then every other end port
 * in {@code port_guid_tbl} order, i.e. ascending byte-swapped port GUID (qmap order). A cursor
 * starts at LID 1. A switch with base port 0 takes one LID at the cursor; a CA or router port
 * takes 2^lmc LIDs, the cursor first rounded up to a multiple of 2^lmc (the LIDs skipped are lost:
 * OpenSM shrinks its free range past them). With LMC 0 this numbers the end ports 1, 2, 3, ... in
 * qmap order, which reproduces the LIDs of all seven reference fabrics in {@code shared/fabrics}.
 *
 * <p>Cost: one sort of the end ports, O(P log P).
 */
public final class OpenSmLids {
  private OpenSmLids() {}

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
      throw new IllegalArgumentException("smIndex " + smIndex + " or isSwitch length "
          + isSwitch.length + " does not fit " + n + " end ports");
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
      throw new IllegalArgumentException("OpenSM would run out of LIDs at port GUID "
          + Lids.guidHex(portGuid[port]) + ": " + portGuid.length
          + " end ports do not fit the unicast range 0x0001-0xbfff with this LMC");
    }
    base[port] = lid;
    return lid + count;
  }

  /**
   * A copy of {@code fabric} whose LIDs are reassigned as OpenSM would, with the SM on
   * {@code smNode} (its port 0 for a switch, its port 1 for a CA). Existing LIDs are ignored, as
   * OpenSM ignores them with {@code --reassign_lids}.
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
    it.unimi.dsi.fastutil.ints.IntArrays.mergeSort(order,
        (a, b) -> Long.compareUnsigned(key[a], key[b]));
    return order;
  }
}
