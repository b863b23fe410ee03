package org.ibrouting.cli;

import it.unimi.dsi.fastutil.ints.Int2IntAVLTreeMap;
import it.unimi.dsi.fastutil.ints.Int2IntMap;
import org.ibrouting.fabric.Fabric;
import picocli.CommandLine.Command;

/** {@code ibrouting info FABRIC}: what a fabric holds. */
@Command(
    name = "info",
    description = {
      "Summarise a fabric (ibnetdiscover output or ibsim net file):",
      "its format, nodes, links, LIDs (and which were assigned because the file lacks them), radix."
    })
final class InfoCommand extends FabricCommand {
  @Override
  int run(Fabric fabric) throws Exception {
    int switchLinks = 0;
    int lmcMax = 0;
    Int2IntAVLTreeMap radix = new Int2IntAVLTreeMap();
    Int2IntAVLTreeMap used = new Int2IntAVLTreeMap();
    for (int c = 0; c < fabric.numPortSlots(); c++) {
      int peer = fabric.peerPort(c);
      if (peer >= 0
          && fabric.isSwitch(fabric.nodeOfPort(c))
          && fabric.isSwitch(fabric.nodeOfPort(peer))) {
        switchLinks++;
      }
      lmcMax = Math.max(lmcMax, fabric.lmc(c));
    }
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      radix.addTo(fabric.numPorts(sw), 1);
      used.addTo(fabric.outDegree(sw), 1);
    }
    switchLinks /= 2;
    if (common.json) {
      Json json =
          fabricOptions
              .json()
              .put("switches", fabric.numSwitches())
              .put("cas", fabric.numCas())
              .put("routers", fabric.numRouters())
              .put("links", fabric.numLinks())
              .put("switch_links", switchLinks)
              .put("end_ports", fabric.numEndPorts())
              .put("max_lid", fabric.maxLid())
              .put("max_lmc", lmcMax)
              .putRaw("radix_histogram", histogram(radix))
              .putRaw("connected_ports_histogram", histogram(used));
      System.out.println(json);
      return 0;
    }
    System.out.printf("fabric       %s%n", fabricOptions.file);
    System.out.printf("format       %s%n", fabricOptions.input().format());
    System.out.printf("switches     %d%n", fabric.numSwitches());
    System.out.printf("CAs          %d%n", fabric.numCas());
    System.out.printf("routers      %d%n", fabric.numRouters());
    System.out.printf(
        "links        %d (%d switch-switch, %d to end nodes)%n",
        fabric.numLinks(), switchLinks, fabric.numLinks() - switchLinks);
    System.out.printf(
        "end ports    %d with LIDs, max LID %d (0x%04x), max LMC %d%n",
        fabric.numEndPorts(), fabric.maxLid(), fabric.maxLid(), lmcMax);
    fabricOptions.print();
    System.out.println("radix        ports : switches");
    for (Int2IntMap.Entry e : radix.int2IntEntrySet()) {
      System.out.printf("             %5d : %d%n", e.getIntKey(), e.getIntValue());
    }
    System.out.println("connected    ports : switches");
    for (Int2IntMap.Entry e : used.int2IntEntrySet()) {
      System.out.printf("             %5d : %d%n", e.getIntKey(), e.getIntValue());
    }
    return 0;
  }

  private static String histogram(Int2IntAVLTreeMap map) {
    Json json = new Json();
    for (Int2IntMap.Entry e : map.int2IntEntrySet()) {
      json.put(Integer.toString(e.getIntKey()), e.getIntValue());
    }
    return json.toString();
  }
}
