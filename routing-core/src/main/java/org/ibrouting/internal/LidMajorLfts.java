package org.ibrouting.internal;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.SlTable;

/**
 * LFT entries collected one destination LID at a time, for engines that route destination by
 * destination: a tree towards one LID sets one entry in every switch, which in the switch-major
 * {@link RoutingBuilder} is one cache miss per switch, here one row. {@link #copyInto} then moves
 * them into a builder in blocks of 64 LIDs, a cache line of each switch's LFT per block. The same
 * holds for SLs per (source switch, destination LID): {@link #copySlsInto}.
 *
 * <p>Threads may set entries of different LIDs at once. Memory: one byte per switch and LID (as
 * much as the LFTs).
 */
public final class LidMajorLfts {
  /** Switches per task of a parallel {@link #copyInto(RoutingBuilder, int)}. */
  private static final int SWITCHES_PER_TASK = 64;

  private final int numSwitches;
  private final int numLids;
  private final byte[] byLid;

  /** Every entry {@link Routing#NO_ROUTE}, for LIDs 0..{@code fabric.maxLid()}. */
  public LidMajorLfts(Fabric fabric) {
    this.numSwitches = fabric.numSwitches();
    this.numLids = fabric.maxLid() + 1;
    long size = (long) numSwitches * numLids;
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          numSwitches + " switches x " + numLids + " LIDs exceed one array of LFT entries");
    }
    byLid = new byte[(int) size];
    Arrays.fill(byLid, (byte) Routing.NO_ROUTE);
  }

  /**
   * The rows of an engine's tables, refused before anything is routed when they, or the LFTs they
   * are copied into (whole 64-LID blocks), are too large for one array.
   *
   * @throws RoutingException {@code TOO_LARGE}, the message starting with {@code engine}
   */
  public static LidMajorLfts forEngine(Fabric fabric, String engine) throws RoutingException {
    requireLftsFit(fabric, engine);
    return new LidMajorLfts(fabric);
  }

  /**
   * Refuses, before anything is routed, a fabric whose LFTs (whole 64-LID blocks) are too large for
   * one array.
   *
   * @throws RoutingException {@code TOO_LARGE}, the message starting with {@code engine}
   */
  public static void requireLftsFit(Fabric fabric, String engine) throws RoutingException {
    long size = (long) fabric.numSwitches() * fabric.lftStride();
    if (size > Integer.MAX_VALUE - 16) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          engine
              + ": "
              + fabric.numSwitches()
              + " switches x "
              + fabric.lftStride()
              + " LFT entries exceed one LFT copy");
    }
  }

  /**
   * The entries themselves, not a copy: switch {@code sw}'s entry for {@code lid} at {@code lid *
   * numSwitches + sw}, {@link Routing#NO_ROUTE} where none was set. For readers of rows that are
   * finished (a reader on another thread needs a happens-before edge from the writer).
   */
  public byte[] entries() {
    return byLid;
  }

  /** Sets the output port (or SL) of switch {@code sw} for {@code lid}. */
  public void set(int sw, int lid, int port) {
    byLid[lid * numSwitches + sw] = (byte) port;
  }

  /** Copies every entry other than {@link Routing#NO_ROUTE} into {@code builder}. */
  public void copyInto(RoutingBuilder builder) {
    copyInto(builder, 1);
  }

  /**
   * Copies every entry other than {@link Routing#NO_ROUTE} into {@code builder}, blocks of {@value
   * #SWITCHES_PER_TASK} switches on up to {@code threads} threads (each switch's LFT is written by
   * one).
   */
  public void copyInto(RoutingBuilder builder, int threads) {
    int numTasks = (numSwitches + SWITCHES_PER_TASK - 1) / SWITCHES_PER_TASK;
    Parallel.run(
        numTasks,
        Parallel.threadsFor(numSwitches, threads),
        () ->
            task -> {
              int swFrom = task * SWITCHES_PER_TASK;
              copyInto(builder, swFrom, Math.min(numSwitches, swFrom + SWITCHES_PER_TASK));
            });
  }

  /** The entries of switches {@code swFrom..swTo-1}, in blocks of 64 LIDs (a cache line each). */
  private void copyInto(RoutingBuilder builder, int swFrom, int swTo) {
    int block = 64;
    for (int lidFrom = 0; lidFrom < numLids; lidFrom += block) {
      int lidTo = Math.min(numLids, lidFrom + block);
      for (int sw = swFrom; sw < swTo; sw++) {
        for (int lid = lidFrom; lid < lidTo; lid++) {
          int port = byLid[lid * numSwitches + sw] & 0xFF;
          if (port != Routing.NO_ROUTE) {
            builder.setOutPort(sw, lid, port);
          }
        }
      }
    }
  }

  /**
   * Copies the entries set, read as the SL of source switch {@code sw} (group {@code sw} of a
   * {@link SlTable#perSourceSwitch} builder) towards {@code lid}, into {@code sls}.
   */
  public void copySlsInto(SlTable.Builder sls) {
    int block = 64;
    for (int lidFrom = 0; lidFrom < numLids; lidFrom += block) {
      int lidTo = Math.min(numLids, lidFrom + block);
      for (int sw = 0; sw < numSwitches; sw++) {
        for (int lid = lidFrom; lid < lidTo; lid++) {
          int sl = byLid[lid * numSwitches + sw] & 0xFF;
          if (sl != Routing.NO_ROUTE) {
            sls.setSl(sw, lid, sl);
          }
        }
      }
    }
  }
}
