package org.ibrouting.engines.reroute;

import java.util.function.Supplier;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;

/**
 * Dmodc's incremental rule: an affected switch (its path to the destination broke) takes the entry
 * {@code DmodcFormula} gives on the changed fabric; every other entry stays, entries without a
 * route included (Dmodc leaves an entry empty where no up*&#47;down* route exists, and a failure
 * removes routes; only where it lifts a switch above its former parents, a switch left without
 * links down, can it open one, and such an empty entry takes the formula's entry as soon as a
 * repaired path enters it).
 *
 * <p>Why only these entries: a failure only removes links, so no up*&#47;down* cost falls; an old
 * path that still delivers keeps its length, so it is still of least cost, and with its levels (a
 * switch on a path that still goes down to a leaf keeps its distance from the leaves) still goes up
 * then down. Only destinations whose cost or reachability changed from some switch have a broken
 * path there. Each affected switch then takes a least-cost up*&#47;down* hop of the changed fabric
 * into a switch that is either affected too or keeps a least-cost path, so every route stays
 * up*&#47;down* and the tables stay deadlock-free on one VL. After one failed cable of an intact
 * tree the result is exactly a full route of the changed fabric (a full route changes no entry
 * whose path did not cross the cable), unless the cable was a switch's last link up or down (a full
 * route then numbers the leaves or the roles anew); after several failures in turn, a destination
 * that fell back to another up group may keep its old fallback where a full route would spread it
 * anew.
 *
 * <p>The old tables must be Dmodc's (from {@code route -R dmodc} or an earlier re-route): the kept
 * paths are assumed to be up*&#47;down*, which tables of another engine need not be.
 */
final class DmodcRepair implements Repair {
  private final Fabric fabric;
  private final Supplier<RoutingBuilder> tables;
  private final RepairRule.EntryFormula formula;
  private final int[] lids;
  private RoutingBuilder lfts;

  /** The rule of {@code formula}; {@code tables} gives the tables to repair when first needed. */
  DmodcRepair(Fabric fabric, Supplier<RoutingBuilder> tables, RepairRule.EntryFormula formula) {
    this.fabric = fabric;
    this.tables = tables;
    this.formula = formula;
    int count = 0;
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      count += fabric.portOfLid(lid) >= 0 ? 1 : 0;
    }
    this.lids = new int[count];
    for (int lid = 1, k = 0; lid <= fabric.maxLid(); lid++) {
      if (fabric.portOfLid(lid) >= 0) {
        lids[k++] = lid;
      }
    }
  }

  @Override
  public int[] destinationLids() {
    return lids;
  }

  @Override
  public boolean keepsNoRoute() {
    return true;
  }

  @Override
  public boolean scansEveryEntry() {
    return false;
  }

  @Override
  public void release(int sw, int lid, int oldPort) {}

  @Override
  public void prepare(Affected affected) {}

  @Override
  public long repair(TreeWalk walk, int[] affected, int from, int to) {
    if (lfts == null) {
      lfts = tables.get();
    }
    int lid = walk.lid();
    long changed = 0;
    for (int i = from; i < to; i++) {
      changed += set(affected[i], lid);
    }
    // a new hop that enters a switch whose kept entry has no route (possible only where a failure
    // changed a switch's level): that switch takes the formula's entry too
    for (int i = from; i < to; i++) {
      int at = affected[i];
      for (int hop = 0; hop < fabric.numSwitches(); hop++) {
        int port = lfts.outPort(at, lid);
        if (port == Routing.NO_ROUTE || port == 0) {
          break;
        }
        int next = fabric.channelHead(fabric.port(at, port));
        if (!fabric.isSwitch(next) || lfts.outPort(next, lid) != Routing.NO_ROUTE) {
          break;
        }
        changed += set(next, lid);
        at = next;
      }
    }
    return changed;
  }

  private int set(int sw, int lid) {
    int port = formula.outPort(sw, lid);
    if (port == lfts.outPort(sw, lid)) {
      return 0;
    }
    lfts.setOutPort(sw, lid, port);
    return 1;
  }

  @Override
  public Routing finish(Routing tables, Reroute.Stats stats) {
    return tables;
  }
}
