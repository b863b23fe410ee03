package org.ibrouting.engines.ssspfamily;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Not API. The order in which OpenSM meets the groups of {@link GroupVls}: it loops over
 * destinations, then sources, then destination LIDs, and a group is met at the first source CA of
 * its switch. Sources are numbered by that first appearance, so for each destination the groups
 * come in source order, except that a destination which is its switch's first source is skipped as
 * a source: its switch is met at its second source (or never).
 *
 * <p>Memory: 13 bytes per end port.
 */
final class GroupOrder {
  final int[] ports;
  private final GroupVls groups;
  private final int[] movedSource;
  private final int[] movedBefore;
  private final boolean[] soleSource;
  // the number of the first group of destination i in OpenSM's order
  final int[] firstGroupOfDst;

  GroupOrder(GroupVls groups, int[] ports) {
    this.groups = groups;
    this.ports = ports;
    Fabric fabric = groups.fabric;
    int numSources = groups.numSources;
    int[] firstPos = new int[numSources];
    int[] secondPos = new int[numSources];
    Arrays.fill(firstPos, -1);
    Arrays.fill(secondPos, Integer.MAX_VALUE);
    for (int i = 0; i < ports.length; i++) {
      int sw = groups.sourceSwitch(ports[i]);
      if (sw < 0) {
        continue;
      }
      int s = groups.sourceIndexOfSwitch(sw);
      if (firstPos[s] < 0) {
        firstPos[s] = i;
      } else if (secondPos[s] == Integer.MAX_VALUE) {
        secondPos[s] = i;
      }
    }
    movedSource = new int[ports.length];
    movedBefore = new int[ports.length];
    soleSource = new boolean[ports.length];
    firstGroupOfDst = new int[ports.length + 1];
    long count = 0;
    for (int i = 0; i < ports.length; i++) {
      movedSource[i] = -1;
      int sw = groups.sourceSwitch(ports[i]);
      int sources = numSources;
      if (sw >= 0 && firstPos[groups.sourceIndexOfSwitch(sw)] == i) {
        int s = groups.sourceIndexOfSwitch(sw);
        if (secondPos[s] == Integer.MAX_VALUE) {
          soleSource[i] = true;
          sources--;
        } else {
          movedSource[i] = s;
          int before = s + 1;
          while (before < numSources && firstPos[before] < secondPos[s]) {
            before++;
          }
          movedBefore[i] = before;
        }
      }
      firstGroupOfDst[i] = (int) count;
      count += (long) sources << fabric.lmc(ports[i]);
      if (count > Integer.MAX_VALUE - 16) {
        throw new SizeLimitExceeded(
            "dfsssp: more than 2^31 (source switch, destination LID)" + " groups");
      }
    }
    firstGroupOfDst[ports.length] = (int) count;
  }

  /**
   * Source order of the groups of destination {@code i} into {@code order}; returns their count.
   */
  int sourcesFor(int i, int[] order) {
    int n = 0;
    int moved = movedSource[i];
    int skip = soleSource[i] ? groups.sourceIndexOfSwitch(groups.sourceSwitch(ports[i])) : moved;
    int numSources = groups.numSources;
    for (int s = 0; s < numSources; s++) {
      if (s == movedBefore[i] && moved >= 0) {
        order[n++] = moved;
      }
      if (s != skip) {
        order[n++] = s;
      }
    }
    if (moved >= 0 && movedBefore[i] == numSources) {
      order[n++] = moved;
    }
    return n;
  }
}
