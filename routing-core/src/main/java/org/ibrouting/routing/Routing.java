package org.ibrouting.routing;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;

/**
 * What a routing engine returns: one linear forwarding table per switch (LID -> output port), an
 * optional {@link SlTable}, the name of the engine and the {@link Fabric} it belongs to.
 *
 * <p>The LFTs are one flat byte array of {@code numSwitches * lftStride} entries; {@link #NO_ROUTE}
 * (255) marks a LID the switch cannot reach. Walking the path of a packet from switch {@code sw} to
 * {@code lid}:
 *
 * <pre>{@code
 * while (true) {
 *   int port = routing.outPort(sw, lid);
 *   if (port == Routing.NO_ROUTE || port == 0) break;       // dropped, or delivered to the switch
 *   int next = fabric.peerPort(fabric.port(sw, port));
 *   if (next < 0 || !fabric.isSwitch(fabric.nodeOfPort(next))) break;  // black hole, or left the switches
 *   sw = fabric.nodeOfPort(next);
 * }
 * }</pre>
 *
 * <p>An engine may attach {@link #notes()}: decisions the user should hear about although the
 * routing is complete, such as a root it chose where OpenSM would have given up. Front ends print
 * them; engines never print.
 *
 * <p>Memory: 1 byte per (switch, LID) plus the SL table.
 */
public final class Routing {
  /** The LFT value for "no route". */
  public static final int NO_ROUTE = 0xFF;

  private final Fabric fabric;
  private final String engineName;
  private final int lftStride;
  private final byte[] lfts;
  private final SlTable slTable;
  private final List<String> notes;

  Routing(
      Fabric fabric,
      String engineName,
      int lftStride,
      byte[] lfts,
      SlTable slTable,
      List<String> notes) {
    this.fabric = fabric;
    this.engineName = engineName;
    this.lftStride = lftStride;
    this.lfts = lfts;
    this.slTable = slTable;
    this.notes = List.copyOf(notes);
  }

  /** A builder with every LFT entry set to {@link #NO_ROUTE}. */
  public static RoutingBuilder builder(Fabric fabric, String engineName) {
    return new RoutingBuilder(fabric, engineName);
  }

  /** The fabric this routing belongs to. */
  public Fabric fabric() {
    return fabric;
  }

  /**
   * The name of the engine that produced it ({@code minhop}, or {@code file} for a loaded dump).
   */
  public String engineName() {
    return engineName;
  }

  /** The LFT size of every switch: the fabric's max LID + 1, rounded up to 64-entry blocks. */
  public int lftStride() {
    return lftStride;
  }

  /**
   * Copies the entries of switch {@code sw} for LIDs {@code fromLid .. fromLid + count - 1} into
   * {@code dst} from {@code dstPos} (raw bytes: read with {@code & 0xFF}), for passes that read
   * whole rows.
   *
   * @throws IndexOutOfBoundsException when {@code sw} is no switch or the LIDs leave the LFT
   */
  public void copyEntries(int sw, int fromLid, byte[] dst, int dstPos, int count) {
    if (Integer.compareUnsigned(sw, fabric.numSwitches()) >= 0
        || fromLid < 0
        || count < 0
        || fromLid + count > lftStride) {
      throw outOfRange(fabric, lftStride, sw, fromLid + Math.max(0, count - 1));
    }
    System.arraycopy(lfts, sw * lftStride + fromLid, dst, dstPos, count);
  }

  /**
   * The output port of switch {@code sw} for {@code lid}, or {@link #NO_ROUTE}.
   *
   * @throws IndexOutOfBoundsException when {@code sw} is no switch or {@code lid} lies outside the
   *     LFT ({@code 0..lftStride()-1})
   */
  public int outPort(int sw, int lid) {
    if (Integer.compareUnsigned(sw, fabric.numSwitches()) >= 0
        || Integer.compareUnsigned(lid, lftStride) >= 0) {
      throw outOfRange(fabric, lftStride, sw, lid);
    }
    return lfts[sw * lftStride + lid] & 0xFF;
  }

  static IndexOutOfBoundsException outOfRange(Fabric fabric, int lftStride, int sw, int lid) {
    return sw < 0 || sw >= fabric.numSwitches()
        ? new IndexOutOfBoundsException(
            "switch "
                + sw
                + " outside 0.."
                + (fabric.numSwitches() - 1)
                + " (the fabric's switches)")
        : Bounds.outside("LID", lid, lftStride, "the LFT");
  }

  /**
   * The service level of the path from {@code srcLid} to {@code dstLid} (0 for engines without
   * SLs).
   *
   * @throws IllegalArgumentException when either LID is not assigned in the fabric
   */
  public int sl(int srcLid, int dstLid) {
    fabric.requireLid(srcLid);
    fabric.requireLid(dstLid);
    return slTable.sl(srcLid, dstLid);
  }

  /** The SL table; {@link SlTable#none()} for engines that use one VL. */
  public SlTable slTable() {
    return slTable;
  }

  /**
   * What the engine wants the user to know about this routing, one sentence each, starting with the
   * engine's name (e.g. the root Up*&#47;Down* chose itself); empty for most routings.
   */
  public List<String> notes() {
    return notes;
  }

  /**
   * A builder pre-filled with a copy of these LFTs (and this SL table), for engines that change a
   * few entries of an existing routing.
   */
  public RoutingBuilder toBuilder(String newEngineName) {
    return new RoutingBuilder(fabric, newEngineName, lfts.clone()).setSlTable(slTable);
  }

  /**
   * The number of (switch, LID) entries whose output port differs from {@code other}'s, over LIDs
   * 1..max LID of the fabric (both routings must belong to the same fabric).
   */
  public long differingEntries(Routing other) {
    if (other.fabric != fabric) {
      throw new IllegalArgumentException(
          "routings of two fabrics cannot be compared entry by entry");
    }
    long count = 0;
    int maxLid = fabric.maxLid();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int base = sw * lftStride;
      for (int i = base + 1; i <= base + maxLid; i++) {
        if (lfts[i] != other.lfts[i]) {
          count++;
        }
      }
    }
    return count;
  }

  /**
   * Marks in {@code marked} every LID in {@code 1..maxLid} whose entry on switch {@code sw} differs
   * from the entry of {@code other} (a routing of any fabric) on its switch {@code otherSw}; a LID
   * beyond either table counts as {@link #NO_ROUTE} there.
   *
   * @throws IndexOutOfBoundsException when a switch is out of range
   * @throws IllegalArgumentException when {@code marked} has fewer than {@code maxLid + 1} entries
   */
  public void markDifferingLids(int sw, Routing other, int otherSw, int maxLid, boolean[] marked) {
    if (marked.length <= maxLid) {
      throw new IllegalArgumentException(
          "marked has " + marked.length + " entries, LIDs go up to " + maxLid);
    }
    outPort(sw, 0);
    other.outPort(otherSw, 0);
    int common = Math.min(maxLid, Math.min(lftStride, other.lftStride) - 1);
    int from = sw * lftStride;
    int otherFrom = otherSw * other.lftStride;
    for (int lid = ByteRanges.nextMismatch(lfts, from, other.lfts, otherFrom, 1, common);
        lid >= 0;
        lid = ByteRanges.nextMismatch(lfts, from, other.lfts, otherFrom, lid + 1, common)) {
      marked[lid] = true;
    }
    for (int lid = common + 1; lid <= maxLid; lid++) {
      int mine = lid < lftStride ? lfts[from + lid] & 0xFF : NO_ROUTE;
      int theirs = lid < other.lftStride ? other.lfts[otherFrom + lid] & 0xFF : NO_ROUTE;
      marked[lid] |= mine != theirs;
    }
  }

  /** A copy of this routing with one more note, sharing the LFTs. */
  public Routing withNote(String note) {
    List<String> more = new ArrayList<>(notes);
    more.add(note);
    return new Routing(fabric, engineName, lftStride, lfts, slTable, more);
  }

  /** A copy of this routing under another engine name and SL table, sharing the LFTs and notes. */
  public Routing withSlTable(String engineName, SlTable slTable) {
    return new Routing(fabric, engineName, lftStride, lfts, slTable, notes);
  }

  /**
   * Whether both routings belong to the same {@link Fabric} instance and have the same output port
   * in every LFT entry (contents are compared, not the arrays' identity). The SL tables and engine
   * names are not compared.
   */
  public boolean sameLfts(Routing other) {
    return other.fabric == fabric && java.util.Arrays.equals(lfts, other.lfts);
  }

  @Override
  public String toString() {
    return "Routing["
        + engineName
        + ", "
        + fabric.numSwitches()
        + " LFTs of "
        + lftStride
        + " entries, "
        + slTable
        + "]";
  }
}
