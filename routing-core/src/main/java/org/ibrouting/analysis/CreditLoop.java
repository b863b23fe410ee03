package org.ibrouting.analysis;

import java.util.List;

/**
 * A witness credit loop: a cycle of channels in one VL's channel dependency graph, and for every
 * dependency {@code channels[i] -> channels[(i + 1) % n]} one route that induces it (a packet of
 * the route holds a buffer of the first channel while waiting for one of the second).
 *
 * @param vl the virtual lane whose buffers form the loop
 * @param channels the channels (port slots they leave from), in dependency order
 * @param srcLids per dependency, the source LID of a route inducing it
 * @param dstLids per dependency, the destination LID of that route
 * @param channelNames per channel, {@code switch 0x... "A" port 2 -> switch 0x... "B" port 1}
 */
public record CreditLoop(
    int vl, int[] channels, int[] srcLids, int[] dstLids, List<String> channelNames) {

  /** Copies the arrays and checks that they have one entry per channel. */
  public CreditLoop {
    channels = channels.clone();
    srcLids = srcLids.clone();
    dstLids = dstLids.clone();
    channelNames = List.copyOf(channelNames);
    if (srcLids.length != channels.length
        || dstLids.length != channels.length
        || channelNames.size() != channels.length) {
      throw new IllegalArgumentException(
          "a credit loop of "
              + channels.length
              + " channels needs as many routes and names, not "
              + srcLids.length
              + "/"
              + dstLids.length
              + "/"
              + channelNames.size());
    }
  }

  /** The number of channels (and dependencies) on the loop. */
  public int length() {
    return channels.length;
  }

  @Override
  public int[] channels() {
    return channels.clone();
  }

  @Override
  public int[] srcLids() {
    return srcLids.clone();
  }

  @Override
  public int[] dstLids() {
    return dstLids.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CreditLoop c
        && vl == c.vl
        && java.util.Arrays.equals(channels, c.channels)
        && java.util.Arrays.equals(srcLids, c.srcLids)
        && java.util.Arrays.equals(dstLids, c.dstLids);
  }

  @Override
  public int hashCode() {
    return vl * 31 + java.util.Arrays.hashCode(channels);
  }

  /** The loop, one dependency per line, with the route that induces each. */
  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder("credit loop of ")
            .append(channels.length)
            .append(" channels on VL ")
            .append(vl)
            .append(':');
    for (int i = 0; i < channels.length; i++) {
      sb.append("\n  ")
          .append(channelNames.get(i))
          .append("  =>  next, by route ")
          .append(org.ibrouting.fabric.Lids.hex(srcLids[i]))
          .append(" -> ")
          .append(org.ibrouting.fabric.Lids.hex(dstLids[i]));
    }
    return sb.toString();
  }
}
