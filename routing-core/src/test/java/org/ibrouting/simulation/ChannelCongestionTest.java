package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The counters restart every level without clearing, and skipping lone ends changes nothing. */
class ChannelCongestionTest {
  @Test
  void countsEveryLevelFromZero() {
    ChannelCongestion counters = new ChannelCongestion(10);
    // two streams sharing channel 3, then one stream alone on it
    int[] paths = {0, 3, 5, 1, 3, 6};
    int[] out = new int[2];
    counters.startLevel(2);
    counters.measure(paths, 3, new int[] {3, 3}, 2, false, false, out, 0);
    assertArrayEquals(new int[] {2, 2}, out);
    counters.startLevel(2);
    counters.measure(paths, 3, new int[] {3, 0}, 2, false, false, out, 0);
    assertArrayEquals(new int[] {1, 0}, out);
  }

  @Property(tries = 50)
  void loneEndsNeedNotBeCounted(@ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int streams = 1 + random.nextInt(40);
    int stride = 6;
    int inner = 20;
    int[] paths = new int[streams * stride];
    int[] lengths = new int[streams];
    for (int k = 0; k < streams; k++) {
      lengths[k] = 2 + random.nextInt(stride - 1);
      for (int i = 1; i < lengths[k] - 1; i++) {
        paths[k * stride + i] = random.nextInt(inner);
      }
      // injection and ejection channels of their own
      paths[k * stride] = inner + 2 * k;
      paths[k * stride + lengths[k] - 1] = inner + 2 * k + 1;
    }
    ChannelCongestion all = new ChannelCongestion(inner + 2 * streams);
    ChannelCongestion inside = new ChannelCongestion(inner + 2 * streams);
    ChannelCongestion added = new ChannelCongestion(inner + 2 * streams);
    for (int level = 0; level < 3; level++) {
      int[] expected = new int[streams + 1];
      int[] actual = new int[streams + 1];
      all.startLevel(streams);
      all.measure(paths, stride, lengths, streams, false, false, expected, 1);
      inside.startLevel(streams);
      inside.measure(paths, stride, lengths, streams, false, true, actual, 1);
      assertArrayEquals(expected, actual);
      assertEquals(0, actual[0]);
      // counted while the paths were written, the ejections included
      added.startLevel(streams);
      for (int k = 0; k < streams; k++) {
        for (int i = 1; i < lengths[k]; i++) {
          added.add(paths[k * stride + i]);
        }
      }
      added.measure(paths, stride, lengths, streams, true, true, actual, 1);
      assertArrayEquals(expected, actual);
    }
  }
}
