package org.ibrouting.topology;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.fabric.Lids;
import org.ibrouting.fabric.NodeType;

/**
 * Collects a generated fabric the way an ibsim net file lists it, then builds it with ibsim's GUIDs
 * and OpenSM's LIDs.
 *
 * <p>GUIDs follow ibsim's running counters in the order nodes are added: the i-th switch gets
 * 0x200000 + i, CAs count from 0x100000 and each consumes {@code ports + 1} GUIDs (node GUID, then
 * one per port, port GUID = node GUID + port number). Descriptions are the node names. The SM sits
 * on the first switch added (ibsim attaches clients to the first node of its net file), or on the
 * first CA when there is no switch.
 */
final class NetBuilder {
  static final long FIRST_SWITCH_GUID = 0x200000L;
  static final long FIRST_CA_GUID = 0x100000L;

  private final String generator;
  private final TopologyOptions options;
  private final List<String> switchName = new ArrayList<>();
  private final IntArrayList switchPorts = new IntArrayList();
  private final List<String> caName = new ArrayList<>();
  private final IntArrayList caPorts = new IntArrayList();
  private final LongArrayList systemGuidOfSwitch = new LongArrayList();
  // links as (node, port, node, port) with switches as 0.., CAs as -1, -2, ...
  private final IntArrayList links = new IntArrayList();

  NetBuilder(String generator, TopologyOptions options) {
    this.generator = generator;
    this.options = options;
  }

  /**
   * Adds a switch that needs {@code neededPorts} ports and returns its switch index. With a radix
   * option every switch gets exactly that many ports.
   */
  int addSwitch(String name, int neededPorts, String why) {
    int ports = neededPorts;
    String exceed = generator + ": " + why + " = " + neededPorts + " ports exceed ";
    if (options.radix() > 0) {
      if (neededPorts > options.radix()) {
        throw new IllegalArgumentException(exceed + "radix " + options.radix());
      }
      ports = options.radix();
    } else if (neededPorts > FabricBuilder.MAX_PORTS) {
      throw new IllegalArgumentException(
          exceed + "the " + FabricBuilder.MAX_PORTS + " ports a switch can have");
    }
    switchName.add(name);
    switchPorts.add(ports);
    systemGuidOfSwitch.add(0);
    return switchName.size() - 1;
  }

  /** Adds a CA with {@code ports} ports and returns a CA reference (a negative number). */
  int addCa(String name, int ports) {
    caName.add(name);
    caPorts.add(ports);
    return -caName.size();
  }

  /** Gives a switch the system image GUID of another switch (crossbars of one chassis). */
  void sameSystem(int sw, int chassisSwitch) {
    systemGuidOfSwitch.set(sw, switchGuid(chassisSwitch));
  }

  /** Links port {@code portA} of {@code a} to port {@code portB} of {@code b}. */
  void link(int a, int portA, int b, int portB) {
    links.add(a);
    links.add(portA);
    links.add(b);
    links.add(portB);
  }

  int numSwitches() {
    return switchName.size();
  }

  int numCas() {
    return caName.size();
  }

  long switchGuid(int sw) {
    return FIRST_SWITCH_GUID + sw;
  }

  /** Checks that the LID space can hold every end port before anything large is built. */
  static void checkLidSpace(String generator, long switches, long cas, int lmc) {
    long lids = switches + (cas << lmc);
    if (lids > Lids.MAX_UNICAST_LID) {
      throw new IllegalArgumentException(
          generator
              + ": "
              + switches
              + " switches and "
              + cas
              + " CAs need "
              + lids
              + " LIDs with LMC "
              + lmc
              + "; the unicast range holds "
              + Lids.MAX_UNICAST_LID);
    }
  }

  Fabric build() {
    int numSwitches = switchName.size();
    int numCas = caName.size();
    FabricBuilder b = Fabric.builder();
    int[] idOfSwitch = new int[numSwitches];
    int[] idOfCa = new int[numCas];
    int endPorts = numSwitches;
    for (int sw = 0; sw < numSwitches; sw++) {
      idOfSwitch[sw] =
          b.addNode(NodeType.SWITCH, switchPorts.getInt(sw), switchGuid(sw), switchName.get(sw));
      long system = systemGuidOfSwitch.getLong(sw);
      if (system != 0) {
        b.setSystemGuid(idOfSwitch[sw], system);
      }
    }
    long guid = FIRST_CA_GUID;
    for (int ca = 0; ca < numCas; ca++) {
      int ports = caPorts.getInt(ca);
      idOfCa[ca] = b.addNode(NodeType.CA, ports, guid, caName.get(ca));
      guid += ports + 1;
      endPorts += ports;
    }
    for (int i = 0; i < links.size(); i += 4) {
      int a = links.getInt(i);
      int c = links.getInt(i + 2);
      b.connect(
          a >= 0 ? idOfSwitch[a] : idOfCa[-a - 1],
          links.getInt(i + 1),
          c >= 0 ? idOfSwitch[c] : idOfCa[-c - 1],
          links.getInt(i + 3),
          options.linkRate());
    }
    long[] portGuid = new long[endPorts];
    boolean[] isSwitch = new boolean[endPorts];
    int[] idOf = new int[endPorts];
    int[] portNumOf = new int[endPorts];
    int k = 0;
    for (int sw = 0; sw < numSwitches; sw++, k++) {
      portGuid[k] = switchGuid(sw);
      isSwitch[k] = true;
      idOf[k] = idOfSwitch[sw];
    }
    guid = FIRST_CA_GUID;
    for (int ca = 0; ca < numCas; ca++) {
      int ports = caPorts.getInt(ca);
      for (int p = 1; p <= ports; p++, k++) {
        portGuid[k] = guid + p;
        idOf[k] = idOfCa[ca];
        portNumOf[k] = p;
      }
      guid += ports + 1;
    }
    if (endPorts > 0) {
      int[] base = OpenSmLids.assign(portGuid, isSwitch, options.lmc(), 0);
      for (int i = 0; i < endPorts; i++) {
        b.setLid(idOf[i], portNumOf[i], base[i], isSwitch[i] ? 0 : options.lmc());
      }
    }
    return b.build();
  }
}
