package org.ibrouting.analysis;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LftWalker;
import org.ibrouting.routing.Routing;

/**
 * The out channels and VLs a {@link RoutingMix} allows for one destination LID at a time: a switch
 * in state EITHER may send a packet out by either table's port, and a source may send on either
 * table's SL. One instance per thread; 2 {@link LftWalker}s and 4 ints per switch.
 */
final class MixWalker {
  private final RoutingMix mix;
  private final Fabric fabric;
  private final LftWalker first;
  private final LftWalker second;
  private final int[] outs = new int[2];
  private final int[] walkOuts = new int[2];
  private final int[] stackSwitch;
  private final int[] stackPrev;
  private final int[] queue;
  private final int[] reverseStart;
  private final int[] reverse;
  private final boolean[] reaches;

  MixWalker(RoutingMix mix) {
    this.mix = mix;
    this.fabric = mix.fabric();
    this.first = new LftWalker(mix.first());
    this.second = new LftWalker(mix.second());
    int n = fabric.numSwitches();
    this.queue = new int[n];
    this.reverseStart = new int[n + 2];
    this.reverse = new int[2 * n];
    this.reaches = new boolean[n];
    this.stackSwitch = new int[2 * n + 2];
    this.stackPrev = new int[2 * n + 2];
  }

  /** What a {@link #walk} finds. */
  interface Sink {
    /** A packet may leave by channel {@code out}. */
    void channel(int out);

    /** A packet that came in by channel {@code in} may leave by {@code out}. */
    void dependency(int in, int out);
  }

  /**
   * Every walk the mix allows from switch {@code start} for the current LID: at each switch every
   * out channel its state allows, reported with the channel the packet came in by. A switch is
   * expanded once per value {@code mark} of {@code stamp} (so walks from several starts share the
   * work), but every channel it is entered by gets its dependencies.
   */
  void walk(int start, int[] stamp, int mark, boolean withEjection, Sink sink) {
    int top = 0;
    stackSwitch[top] = start;
    stackPrev[top++] = -1;
    int[] found = walkOuts;
    while (top > 0) {
      top--;
      int sw = stackSwitch[top];
      int prev = stackPrev[top];
      int count = outChannels(sw, withEjection, found);
      for (int k = 0; k < count; k++) {
        sink.channel(found[k]);
        if (prev >= 0) {
          sink.dependency(prev, found[k]);
        }
      }
      if (stamp[sw] == mark) {
        continue;
      }
      stamp[sw] = mark;
      for (int k = 0; k < count; k++) {
        int next = fabric.channelHead(found[k]);
        if (fabric.isSwitch(next)) {
          stackSwitch[top] = next;
          stackPrev[top++] = found[k];
        }
      }
    }
  }

  void reset(int lid) {
    first.reset(lid);
    second.reset(lid);
  }

  /**
   * The distinct out channels switch {@code sw}'s state allows for the current LID (a channel to
   * another switch, or with {@code withEjection} into the LID's end port), into {@code out};
   * returns their number (0 to 2).
   */
  int outChannels(int sw, boolean withEjection, int[] out) {
    RoutingMix.State state = mix.switchState(sw);
    int count = 0;
    if (state.first()) {
      int c = first.outChannel(sw, withEjection);
      if (c >= 0) {
        out[count++] = c;
      }
    }
    if (state.second()) {
      int c = second.outChannel(sw, withEjection);
      if (c >= 0 && (count == 0 || out[0] != c)) {
        out[count++] = c;
      }
    }
    return count;
  }

  /**
   * The VL of the path from {@code src} to {@code dst} on the SLs the mix's SL state names first.
   */
  int vl(int src, int dst) {
    Routing r = mix.slState().first() ? mix.first() : mix.second();
    return r.slTable().vl(src, dst);
  }

  /** With the SL state EITHER, the VL on the second routing's SLs; else -1. */
  int otherVl(int src, int dst) {
    return mix.slState() == RoutingMix.State.EITHER ? mix.second().slTable().vl(src, dst) : -1;
  }

  /**
   * The lowest (destination LID, source LID) whose packets may cross {@code c1} and then {@code c2}
   * on VL {@code vl} in some state of the mix, as {@code (dst << 16) | src}.
   */
  long findInducingRoute(EndPortIndex endpoints, boolean vlLess, int vl, int c1, int c2) {
    int sw1 = fabric.channelTail(c1);
    int sw2 = fabric.channelTail(c2);
    for (int e = 0; e < endpoints.ports.length; e++) {
      int base = fabric.baseLid(endpoints.ports[e]);
      for (int dst = base; dst < base + endpoints.numLidsOf[e]; dst++) {
        reset(dst);
        if (fabric.isSwitch(sw1) && !allows(sw1, c1) || !allows(sw2, c2)) {
          continue;
        }
        if (fabric.isSwitch(sw1)) {
          switchesReaching(sw1);
        }
        for (int s = 0; s < endpoints.ports.length; s++) {
          int sw = endpoints.switchOf[s];
          boolean from = fabric.isSwitch(sw1) ? sw >= 0 && reaches[sw] : endpoints.ports[s] == c1;
          if (s == e || sw < 0 || !from) {
            continue;
          }
          int srcBase = fabric.baseLid(endpoints.ports[s]);
          for (int src = srcBase; src < srcBase + endpoints.numLidsOf[s]; src++) {
            int other = vlLess ? -1 : otherVl(src, dst);
            if (vlLess && vl == 0 || !vlLess && (vl(src, dst) == vl || other == vl)) {
              return ((long) dst << 16) | src;
            }
          }
        }
      }
    }
    throw new IllegalStateException(
        "no route of the mix induces the dependency "
            + CreditLoopWitness.channelName(fabric, c1)
            + " => "
            + CreditLoopWitness.channelName(fabric, c2)
            + " on VL "
            + vl);
  }

  /** Whether switch {@code sw}'s state allows channel {@code c} for the current LID. */
  private boolean allows(int sw, int c) {
    int count = outChannels(sw, true, outs);
    for (int k = 0; k < count; k++) {
      if (outs[k] == c) {
        return true;
      }
    }
    return false;
  }

  /**
   * Marks in {@link #reaches} the switches from which some walk of the mix reaches {@code target}.
   */
  private void switchesReaching(int target) {
    int n = fabric.numSwitches();
    Arrays.fill(reverseStart, 0);
    int[] heads = new int[2 * n];
    for (int sw = 0; sw < n; sw++) {
      int count = outChannels(sw, false, outs);
      for (int k = 0; k < count; k++) {
        heads[2 * sw + k] = fabric.channelHead(outs[k]) + 1;
        reverseStart[fabric.channelHead(outs[k]) + 2]++;
      }
    }
    for (int sw = 0; sw < n; sw++) {
      reverseStart[sw + 2] += reverseStart[sw + 1];
    }
    for (int sw = 0; sw < n; sw++) {
      for (int k = 0; k < 2; k++) {
        int head = heads[2 * sw + k] - 1;
        if (head >= 0) {
          reverse[reverseStart[head + 1]++] = sw;
        }
      }
    }
    Arrays.fill(reaches, false);
    int tail = 0;
    queue[tail++] = target;
    reaches[target] = true;
    for (int h = 0; h < tail; h++) {
      int v = queue[h];
      for (int i = reverseStart[v]; i < reverseStart[v + 1]; i++) {
        int u = reverse[i];
        if (!reaches[u]) {
          reaches[u] = true;
          queue[tail++] = u;
        }
      }
    }
  }
}
