package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link QuaternaryHeap} against a plain transcription of OpenSM's complib heap rules (keys kept
 * per item): the same item comes out at every step, ties included, through fills, inserts,
 * decreases and extractions.
 */
class QuaternaryHeapTest {
  /** OpenSM's 4-ary heap, written the obvious way. */
  private static final class ModelHeap {
    final int[] itemAt;
    final int[] posOf;
    final long[] key;
    int size;

    ModelHeap(int capacity) {
      itemAt = new int[capacity];
      posOf = new int[capacity];
      key = new long[capacity];
    }

    void insert(int item, long k) {
      key[item] = k;
      itemAt[size] = item;
      posOf[item] = size;
      up(size++);
    }

    void decrease(int item, long k) {
      key[item] = k;
      up(posOf[item]);
    }

    int extract() {
      int min = itemAt[0];
      posOf[min] = -1;
      itemAt[0] = itemAt[--size];
      posOf[itemAt[0]] = 0;
      down(0);
      return min;
    }

    void up(int pos) {
      while (pos > 0 && key[itemAt[pos]] < key[itemAt[(pos - 1) / 4]]) {
        swap(pos, (pos - 1) / 4);
        pos = (pos - 1) / 4;
      }
    }

    void down(int pos) {
      while (4 * pos + 1 < size) {
        int best = 4 * pos + 1;
        for (int c = best + 1; c < Math.min(4 * pos + 5, size); c++) {
          if (key[itemAt[c]] <= key[itemAt[best]]) {
            best = c;
          }
        }
        if (key[itemAt[pos]] <= key[itemAt[best]]) {
          return;
        }
        swap(pos, best);
        pos = best;
      }
    }

    void swap(int a, int b) {
      int t = itemAt[a];
      itemAt[a] = itemAt[b];
      itemAt[b] = t;
      posOf[itemAt[a]] = a;
      posOf[itemAt[b]] = b;
    }
  }

  @Property(tries = 200)
  void extractsLikeTheModel(
      @ForAll @IntRange(min = 1, max = 300) int capacity,
      @ForAll @IntRange(min = 1, max = 20) int distinctKeys,
      @ForAll long seed) {
    Random random = new Random(seed);
    QuaternaryHeap heap = new QuaternaryHeap(capacity);
    for (int round = 0; round < 3; round++) {
      ModelHeap model = new ModelHeap(capacity);
      boolean[] in = new boolean[capacity];
      long[] current = new long[capacity];
      if (round % 2 == 0) {
        int count = 1 + random.nextInt(capacity);
        heap.fill(count, Long.MAX_VALUE);
        for (int item = 0; item < count; item++) {
          model.insert(item, Long.MAX_VALUE);
          in[item] = true;
          current[item] = Long.MAX_VALUE;
        }
      } else {
        heap.clear();
      }
      for (int step = 0; step < 4 * capacity; step++) {
        int item = random.nextInt(capacity);
        long k = random.nextInt(distinctKeys);
        if (!in[item] && model.size == 0 || !in[item] && random.nextBoolean()) {
          if (!in[item]) {
            heap.insert(item, k);
            model.insert(item, k);
            in[item] = true;
            current[item] = k;
          }
        } else if (in[item] && k < current[item]) {
          heap.decreaseKey(item, k);
          model.decrease(item, k);
          current[item] = k;
        } else if (model.size > 0) {
          int expected = model.extract();
          assertEquals(expected, heap.extractMin(), "step " + step);
          in[expected] = false;
        }
      }
      while (model.size > 0) {
        assertEquals(model.extract(), heap.extractMin());
      }
      assertEquals(true, heap.isEmpty());
    }
  }

  @Test
  void equalKeysComeOutInTheHeapsTieOrder() {
    QuaternaryHeap heap = new QuaternaryHeap(6);
    heap.fill(6, 5);
    // ties: the last item moved to the root stays there, as sift-down only moves on a larger key
    int[] expected = {0, 5, 4, 3, 2, 1};
    for (int item : expected) {
      assertEquals(item, heap.extractMin());
    }
  }

  /**
   * With distinct keys, deletes anywhere keep the heap order: extraction yields the rest sorted.
   */
  @Property(tries = 100)
  void deleteKeepsOrderForDistinctKeys(@ForAll long seed) {
    Random random = new Random(seed);
    int n = 1 + random.nextInt(60);
    QuaternaryHeap heap = new QuaternaryHeap(n);
    List<Integer> inside = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      heap.insert(i, i * 7919L % 10007);
      inside.add(i);
    }
    for (int d = 0; d < n / 2; d++) {
      Integer victim = inside.remove(random.nextInt(inside.size()));
      assertTrue(heap.contains(victim));
      assertEquals(victim * 7919L % 10007, heap.key(victim));
      assertEquals(victim.intValue(), heap.delete(victim));
      assertFalse(heap.contains(victim));
    }
    long last = Long.MIN_VALUE;
    int extracted = 0;
    while (!heap.isEmpty()) {
      int item = heap.extractMin();
      long key = item * 7919L % 10007;
      assertTrue(key > last);
      last = key;
      extracted++;
    }
    assertEquals(inside.size(), extracted);
  }

  /** Deleting the last slot, the root and a middle slot, with equal keys: complib's order. */
  @Test
  void deleteWithTies() {
    QuaternaryHeap heap = new QuaternaryHeap(8);
    long[] keys = {1, 2, 2, 2, 2, 3, 3, 3};
    for (int i = 0; i < keys.length; i++) {
      heap.insert(i, keys[i]);
    }
    assertEquals(7, heap.delete(7));
    assertEquals(2, heap.delete(2));
    assertEquals(0, heap.delete(0));
    // the root was refilled by the last item (5, key 3), which sank below the last of the equal
    // children (4), as complib's sift-down picks the last minimum
    assertEquals(4, heap.extractMin());
    assertEquals(3, heap.extractMin());
    assertEquals(1, heap.extractMin());
  }
}
