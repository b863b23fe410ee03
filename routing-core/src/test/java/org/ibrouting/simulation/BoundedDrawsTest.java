package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The fast bounded draws give the JDK's numbers and leave the generator where the JDK does. */
class BoundedDrawsTest {
  @Property(tries = 100)
  void sameNumbersAsSplittableRandom(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 1 << 16) int maxBound) {
    BoundedDraws draws = new BoundedDraws(maxBound);
    SplittableRandom jdk = new SplittableRandom(seed);
    SplittableRandom ours = new SplittableRandom(seed);
    SplittableRandom bounds = new SplittableRandom(~seed);
    for (int i = 0; i < 2000; i++) {
      int bound = i < 20 ? Math.max(1, maxBound - i) : 1 + bounds.nextInt(maxBound);
      assertEquals(
          jdk.nextInt(bound), draws.nextInt(ours, bound), "bound " + bound + ", draw " + i);
    }
    assertEquals(jdk.nextLong(), ours.nextLong(), "the generators drifted apart");
  }

  @Property(tries = 100)
  void seededShuffleAsFromSplittableRandom(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 5000) int size,
      @ForAll @IntRange(min = 0, max = 5000) int count) {
    assertTrue(BoundedDraws.REPLAYS_SPLITTABLE_RANDOM);
    int n = Math.min(size, count);
    BoundedDraws draws = new BoundedDraws(size / 2 + 1);
    int[] ours = new int[size];
    int[] jdk = new int[size];
    for (int i = 0; i < size; i++) {
      ours[i] = i;
      jdk[i] = i;
    }
    draws.shuffle(seed, ours, size, n);
    draws.shuffle(new SplittableRandom(seed), jdk, size, n);
    assertArrayEquals(jdk, ours);
  }

  /** Draws from a state reject and redraw as the JDK's (bounds just above 2^30). */
  @Test
  void drawsFromAStateRejectAsTheJdk() {
    BoundedDraws draws = new BoundedDraws(1000);
    SplittableRandom jdk = new SplittableRandom(7);
    long state = 7;
    long rejections = 0;
    for (int round = 0; round < 20_000; round++) {
      int bound = round % 2 == 0 ? (1 << 30) + 1 + round : 1 + round % 3000;
      long drawn = draws.nextInt(state, bound);
      assertEquals(jdk.nextInt(bound), (int) drawn, "round " + round);
      rejections += drawn >>> 32;
      state += ((drawn >>> 32) + 1) * 0x9e3779b97f4a7c15L;
    }
    assertTrue(rejections > 2_000, "only " + rejections + " rejections");
  }

  /**
   * Bounds just above 2^30 (beyond the table) reject about half the candidates, which would make
   * the draw uneven: the redraws agree too.
   */
  @Test
  void rejectionsAgree() {
    int maxBound = (1 << 30) + 1000;
    BoundedDraws draws = new BoundedDraws(1000);
    SplittableRandom jdk = new SplittableRandom(42);
    SplittableRandom ours = new SplittableRandom(42);
    SplittableRandom mirror = new SplittableRandom(42);
    int rejections = 0;
    for (int round = 0; round < 20_000; round++) {
      int bound = maxBound - 1 - round % 1000;
      // the JDK's rejection test replayed on the same stream, to count that rejections happened
      for (int u = mirror.nextInt() >>> 1;
          u + (bound - 1) - u % bound < 0;
          u = mirror.nextInt() >>> 1) {
        rejections++;
      }
      assertEquals(jdk.nextInt(bound), draws.nextInt(ours, bound), "round " + round);
    }
    assertTrue(rejections > 5_000, "only " + rejections + " rejections");
    assertEquals(jdk.nextLong(), ours.nextLong());
  }
}
