package org.ibrouting.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;

/**
 * Fills the LFTs of a {@link Routing}. Every entry starts as {@link Routing#NO_ROUTE}.
 *
 * <p>{@link #build()} hands the tables over to the routing without copying them (they can be
 * gigabytes on a 100,000-endpoint fabric), so a builder builds once; later calls fail.
 */
public final class RoutingBuilder {
  private final Fabric fabric;
  private final String engineName;
  private final int lftStride;
  private byte[] lfts;
  private SlTable slTable = SlTable.none();
  private final List<String> notes = new ArrayList<>();

  RoutingBuilder(Fabric fabric, String engineName) {
    this.fabric = fabric;
    this.engineName = engineName;
    this.lftStride = fabric.lftStride();
    long size = (long) fabric.numSwitches() * lftStride;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          "LFTs of "
              + fabric.numSwitches()
              + " switches x "
              + lftStride
              + " LIDs exceed 2^31 entries");
    }
    this.lfts = new byte[(int) size];
    Arrays.fill(lfts, (byte) Routing.NO_ROUTE);
  }

  /** A builder over existing tables (taken over, not copied). */
  RoutingBuilder(Fabric fabric, String engineName, byte[] lfts) {
    this.fabric = fabric;
    this.engineName = engineName;
    this.lftStride = fabric.lftStride();
    if (lfts.length != fabric.numSwitches() * lftStride) {
      throw new IllegalArgumentException(
          "LFTs of "
              + lfts.length
              + " entries do not fit "
              + fabric.numSwitches()
              + " switches x "
              + lftStride
              + " LIDs");
    }
    this.lfts = lfts;
  }

  /** The fabric being routed. */
  public Fabric fabric() {
    return fabric;
  }

  /**
   * Sets the output port of switch {@code sw} for {@code lid}: 0 (the switch itself), one of its
   * ports {@code 1..fabric().numPorts(sw)}, or {@link Routing#NO_ROUTE}. A port the switch does not
   * have is refused here, so that no dump is written that OpenSM (or {@code LftDumpReader}) would
   * refuse.
   *
   * @throws IndexOutOfBoundsException when {@code sw} is no switch or {@code lid} lies outside the
   *     LFT
   * @throws IllegalArgumentException when the switch has no port {@code port}
   */
  public RoutingBuilder setOutPort(int sw, int lid, int port) {
    if (Integer.compareUnsigned(sw, fabric.numSwitches()) >= 0
        || Integer.compareUnsigned(lid, lftStride) >= 0) {
      throw Routing.outOfRange(fabric, lftStride, sw, lid);
    }
    Bounds.port(fabric, sw, lid, port);
    lfts[sw * lftStride + lid] = (byte) port;
    return this;
  }

  /**
   * The output port set so far, or {@link Routing#NO_ROUTE}.
   *
   * @throws IndexOutOfBoundsException when {@code sw} is no switch or {@code lid} lies outside the
   *     LFT
   */
  public int outPort(int sw, int lid) {
    if (Integer.compareUnsigned(sw, fabric.numSwitches()) >= 0
        || Integer.compareUnsigned(lid, lftStride) >= 0) {
      throw Routing.outOfRange(fabric, lftStride, sw, lid);
    }
    return lfts[sw * lftStride + lid] & 0xFF;
  }

  /**
   * Copies the entries of switch {@code sw} for LIDs {@code fromLid .. fromLid + count - 1} into
   * {@code dst} from {@code dstPos} (raw bytes: read with {@code & 0xFF}), for passes that read
   * many LIDs of every switch.
   */
  public void copyEntries(int sw, int fromLid, byte[] dst, int dstPos, int count) {
    System.arraycopy(lfts, sw * lftStride + fromLid, dst, dstPos, count);
  }

  /**
   * Sets the entries of switch {@code sw} for LIDs {@code fromLid .. fromLid + count - 1} from
   * {@code src} from {@code srcPos} (raw bytes: a port, or {@code (byte) NO_ROUTE}), for engines
   * that compute whole LFT rows. Rows of different switches may be set from different threads at
   * once; {@link #build()} must come after all of them (a thread join orders them).
   *
   * @throws IndexOutOfBoundsException when {@code sw} is no switch or the LIDs leave the LFT
   */
  public void setEntries(int sw, int fromLid, byte[] src, int srcPos, int count) {
    if (Integer.compareUnsigned(sw, fabric.numSwitches()) >= 0
        || fromLid < 0
        || count < 0
        || fromLid + count > lftStride) {
      throw Routing.outOfRange(fabric, lftStride, sw, fromLid + Math.max(0, count - 1));
    }
    System.arraycopy(src, srcPos, lfts, sw * lftStride + fromLid, count);
  }

  /** Routes every switch's own LIDs (its port 0 LMC range) to port 0. */
  public RoutingBuilder setOwnLidsToPortZero() {
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int port0 = fabric.port(sw, 0);
      int base = fabric.baseLid(port0);
      for (int k = 0; base != 0 && k < 1 << fabric.lmc(port0); k++) {
        setOutPort(sw, base + k, 0);
      }
    }
    return this;
  }

  /** Clears every entry of one switch's LFT back to NO_ROUTE. */
  public RoutingBuilder clearLft(int sw) {
    Arrays.fill(lfts, sw * lftStride, (sw + 1) * lftStride, (byte) Routing.NO_ROUTE);
    return this;
  }

  /** Sets the SL table (default: {@link SlTable#none()}). */
  public RoutingBuilder setSlTable(SlTable slTable) {
    this.slTable = slTable;
    return this;
  }

  /** Adds a {@link Routing#notes() note} for the user. */
  public RoutingBuilder addNote(String note) {
    notes.add(note);
    return this;
  }

  /** Hands the tables over to an immutable routing; the builder cannot be used afterwards. */
  public Routing build() {
    if (lfts == null) {
      throw new IllegalStateException("build() was already called on this builder");
    }
    byte[] tables = lfts;
    lfts = null;
    return new Routing(fabric, engineName, lftStride, tables, slTable, notes);
  }
}
