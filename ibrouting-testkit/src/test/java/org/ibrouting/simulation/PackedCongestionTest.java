package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/**
 * The simulator's one-to-one levels counted from the packed paths ({@link PackedPaths#congestion}).
 */
class PackedCongestionTest {
  /**
   * A one-to-one level counted straight from the packed longs gives every stream the congestion
   * that writing its path and measuring it gives; on a 4-level tree (paths of up to 6 switch hops)
   * the fast path declines.
   */
  @Test
  void packedCongestionOfOneToOneLevelsAsMeasured() {
    SplittableRandom random = new SplittableRandom(7);
    Routing threeLevels = TestRoutings.dModK(4, 3, false);
    EndPorts endpoints = EndPorts.cabledCas(threeLevels.fabric());
    PathTable walked = PathTable.build(threeLevels, endpoints, 0);
    PackedPaths hops = walked.packedPaths();
    int n = endpoints.size();
    int stride = walked.maxPathLength();
    for (int trial = 0; trial < 50; trial++) {
      int[] pool = new int[n];
      for (int i = 0; i < n; i++) {
        pool[i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
      }
      // a one-to-one level: distinct senders, distinct receivers, a self-send now and then
      int count = 1 + random.nextInt(n);
      int[] src = java.util.Arrays.copyOf(pool, count);
      int[] dst = new int[count];
      for (int k = 0; k < count; k++) {
        dst[k] = k % 7 == 0 ? src[k] : src[(k + 1) % count];
      }
      int[] lengths = new int[count];
      int[] expected = new int[count + 3];
      ChannelCongestion again = new ChannelCongestion(threeLevels.fabric().numPortSlots());
      again.startLevel(count);
      int[] buffer = new int[count * stride];
      walked.paths(src, dst, count, buffer, stride, lengths);
      assertEquals(-1, again.measure(buffer, stride, lengths, count, false, true, expected, 3));
      ChannelCongestion packed = new ChannelCongestion(threeLevels.fabric().numPortSlots());
      // a level before, so that stale counts lie below the stamp
      packed.startLevel(count);
      hops.paths(
          src, dst, count, new int[count * stride], stride, lengths, new long[count], packed, true);
      packed.startLevel(count);
      int[] actual = new int[count + 3];
      assertTrue(hops.congestion(src, dst, count, new long[count], packed, actual, 3));
      assertArrayEquals(expected, actual, "trial " + trial);
    }
    Routing fourLevels = TestRoutings.dModK(3, 4, false);
    EndPorts deeper = EndPorts.cabledCas(fourLevels.fabric());
    PackedPaths longer = PathTable.build(fourLevels, deeper, 0).packedPaths();
    int[] none = new int[deeper.size()];
    assertFalse(
        longer.congestion(
            new int[] {0},
            new int[] {deeper.size() - 1},
            1,
            new long[1],
            new ChannelCongestion(fourLevels.fabric().numPortSlots()),
            none,
            0));
    assertEquals(0, none[0], "declined without writing");
  }
}
