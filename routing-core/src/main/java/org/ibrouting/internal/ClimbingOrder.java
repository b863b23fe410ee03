package org.ibrouting.internal;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Not API. A starting order for an {@link IncrementalCdg} in which the dependencies of shortest and
 * Up*&#47;Down* routes on fat trees already agree, so that adding them seldom reorders.
 */
public final class ClimbingOrder {
  private ClimbingOrder() {}

  /**
   * The starting order for dependencies that climb away from the switches with CAs and then
   * descend, as shortest and Up*&#47;Down* routes on fat trees do: channels first that climb (their
   * head is farther from every CA's switch than their tail), from the lowest tail up; then those
   * that stay on one level; then those that descend, from the highest tail down; ties by channel
   * number. A channel with {@code tailSwitch[c] < 0} (a source no dependency enters) comes first.
   * Levels are hops over switch-to-switch links from the nearest switch with a CA cabled to it (all
   * 0 when no switch has one).
   *
   * @param tailSwitch the switch each channel leaves, or -1
   * @param headSwitch the switch each channel enters
   * @return the position of each channel, for {@link
   *     IncrementalCdg#IncrementalCdg(IncrementalCdg.Graph, IncrementalCdg.Workspace, int[])}
   */
  public static int[] positions(Fabric fabric, int[] tailSwitch, int[] headSwitch) {
    int numSwitches = fabric.numSwitches();
    int[] level = new int[numSwitches];
    int[] queue = new int[numSwitches];
    Arrays.fill(level, -1);
    int tail = 0;
    for (int sw = 0; sw < numSwitches; sw++) {
      for (int i = 0, n = fabric.outDegree(sw); i < n; i++) {
        if (!fabric.isSwitch(fabric.channelHead(fabric.outChannel(sw, i)))) {
          level[sw] = 0;
          queue[tail++] = sw;
          break;
        }
      }
    }
    if (tail == 0) {
      Arrays.fill(level, 0);
    }
    for (int head = 0; head < tail; head++) {
      int sw = queue[head];
      for (int i = 0, n = fabric.outDegree(sw); i < n; i++) {
        int next = fabric.channelHead(fabric.outChannel(sw, i));
        if (next < numSwitches && level[next] < 0) {
          level[next] = level[sw] + 1;
          queue[tail++] = next;
        }
      }
    }
    int numChannels = headSwitch.length;
    long[] keys = new long[numChannels];
    for (int c = 0; c < numChannels; c++) {
      long primary;
      if (tailSwitch[c] < 0) {
        primary = 0;
      } else {
        int from = Math.max(0, level[tailSwitch[c]]);
        int to = Math.max(0, level[headSwitch[c]]);
        primary =
            to > from
                ? (1L << 24) + from
                : to == from ? (2L << 24) + from : (3L << 24) + (0xFFFFFF - from);
      }
      keys[c] = primary << 32 | c;
    }
    Arrays.sort(keys);
    int[] position = new int[numChannels];
    for (int i = 0; i < numChannels; i++) {
      position[(int) keys[i]] = i;
    }
    return position;
  }
}
