package org.ibrouting.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;

/**
 * What changed between two discoveries of one fabric, by GUID: links (a cable between two numbered
 * ports) lost and gained, switches and CAs lost and gained, and end ports whose LID or LMC changed.
 * A switch that fails shows as a lost switch (its links, and the CAs only it reached, go with it).
 *
 * @param linksLost cables of the earlier fabric the later lacks, as {@code "S1"[3] -- "S2"[1]}
 * @param linksGained cables the later fabric has and the earlier lacked
 * @param switchesLost switches of the earlier fabric the later lacks, by name
 * @param switchesGained switches the later fabric has and the earlier lacked
 * @param casLost CAs and routers the later fabric lacks
 * @param casGained CAs and routers the later fabric has and the earlier lacked
 * @param lidsChanged end ports present in both whose base LID or LMC differs
 */
record FabricDiff(
    List<String> linksLost,
    List<String> linksGained,
    List<String> switchesLost,
    List<String> switchesGained,
    List<String> casLost,
    List<String> casGained,
    List<String> lidsChanged) {
  /** A cable, its ends ordered by (GUID, port). */
  private record Cable(long guidA, int portA, long guidB, int portB) {
    static Cable of(long g1, int p1, long g2, int p2) {
      boolean ordered = Long.compareUnsigned(g1, g2) < 0 || g1 == g2 && p1 <= p2;
      return ordered ? new Cable(g1, p1, g2, p2) : new Cable(g2, p2, g1, p1);
    }
  }

  /** The differences from {@code before} to {@code after}. */
  static FabricDiff of(Fabric before, Fabric after) {
    Map<Cable, String> cablesBefore = cables(before);
    Map<Cable, String> cablesAfter = cables(after);
    Map<Long, String> switchesBefore = new HashMap<>();
    Map<Long, String> switchesAfter = new HashMap<>();
    Map<Long, String> casBefore = new HashMap<>();
    Map<Long, String> casAfter = new HashMap<>();
    nodes(before, switchesBefore, casBefore);
    nodes(after, switchesAfter, casAfter);
    List<String> lids = new ArrayList<>();
    for (int port = 0; port < after.numPortSlots(); port++) {
      int node = after.nodeOfPort(port);
      boolean endPort = after.isSwitch(node) ? after.portNum(port) == 0 : after.peerPort(port) >= 0;
      int was = before.portOfGuid(after.portGuid(port));
      if (!endPort || was < 0 || after.portGuid(port) == 0) {
        continue;
      }
      if (before.baseLid(was) != after.baseLid(port) || before.lmc(was) != after.lmc(port)) {
        lids.add(
            String.format(
                Locale.ROOT,
                "%s LID %d -> %d",
                after.portName(port),
                before.baseLid(was),
                after.baseLid(port)));
      }
    }
    return new FabricDiff(
        missing(cablesBefore, cablesAfter),
        missing(cablesAfter, cablesBefore),
        missing(switchesBefore, switchesAfter),
        missing(switchesAfter, switchesBefore),
        missing(casBefore, casAfter),
        missing(casAfter, casBefore),
        lids);
  }

  /** Whether the two fabrics are the same. */
  boolean isEmpty() {
    return linksLost.isEmpty()
        && linksGained.isEmpty()
        && switchesLost.isEmpty()
        && switchesGained.isEmpty()
        && casLost.isEmpty()
        && casGained.isEmpty()
        && lidsChanged.isEmpty();
  }

  /** Whether the later fabric has something the earlier lacked (or a LID moved). */
  boolean hasGains() {
    return !linksGained.isEmpty()
        || !switchesGained.isEmpty()
        || !casGained.isEmpty()
        || !lidsChanged.isEmpty();
  }

  /** A short description: {@code 1 link lost ("S1"[3] -- "S2"[1])}, switches, CAs. */
  String summary() {
    List<String> parts = new ArrayList<>();
    part(parts, switchesLost, "switch", "lost");
    part(parts, switchesGained, "switch", "back");
    part(parts, linksLost, "link", "lost");
    part(parts, linksGained, "link", "back");
    part(parts, casLost, "CA", "lost");
    part(parts, casGained, "CA", "back");
    part(parts, lidsChanged, "LID", "changed");
    return parts.isEmpty() ? "no change" : String.join(", ", parts);
  }

  /** The kind of event for the log: link_down, link_up, switch_down, switch_up or change. */
  String kind() {
    if (!switchesLost.isEmpty() && !hasGains()) {
      return "switch_down";
    }
    if (!switchesGained.isEmpty() && linksLost.isEmpty() && switchesLost.isEmpty()) {
      return "switch_up";
    }
    if (!linksLost.isEmpty() && !hasGains() && casLost.isEmpty()) {
      return "link_down";
    }
    if (!linksGained.isEmpty() && linksLost.isEmpty() && switchesGained.isEmpty()) {
      return "link_up";
    }
    return "change";
  }

  private static void part(List<String> parts, List<String> items, String what, String how) {
    if (items.isEmpty()) {
      return;
    }
    String noun = items.size() == 1 ? what : what.equals("switch") ? "switches" : what + "s";
    parts.add(
        items.size()
            + " "
            + noun
            + " "
            + how
            + " ("
            + String.join(", ", items.subList(0, Math.min(3, items.size())))
            + (items.size() > 3 ? ", ..." : "")
            + ")");
  }

  private static Map<Cable, String> cables(Fabric fabric) {
    Map<Cable, String> cables = new HashMap<>();
    for (int port = 0; port < fabric.numPortSlots(); port++) {
      int peer = fabric.peerPort(port);
      if (peer < 0) {
        continue;
      }
      int a = fabric.nodeOfPort(port);
      int b = fabric.nodeOfPort(peer);
      Cable cable =
          Cable.of(
              fabric.nodeGuid(a), fabric.portNum(port), fabric.nodeGuid(b), fabric.portNum(peer));
      if (!cables.containsKey(cable)) {
        cables.put(
            cable,
            "\""
                + fabric.description(a)
                + "\"["
                + fabric.portNum(port)
                + "] -- \""
                + fabric.description(b)
                + "\"["
                + fabric.portNum(peer)
                + "]");
      }
    }
    return cables;
  }

  private static void nodes(Fabric fabric, Map<Long, String> switches, Map<Long, String> cas) {
    for (int node = 0; node < fabric.numNodes(); node++) {
      (fabric.isSwitch(node) ? switches : cas)
          .put(
              fabric.nodeGuid(node),
              fabric.description(node) + " (" + Lids.guidHex(fabric.nodeGuid(node)) + ")");
    }
  }

  private static <K> List<String> missing(Map<K, String> from, Map<K, String> in) {
    Set<K> gone = new HashSet<>(from.keySet());
    gone.removeAll(in.keySet());
    List<String> names = new ArrayList<>();
    for (K key : gone) {
      names.add(from.get(key));
    }
    names.sort(null);
    return names;
  }
}
