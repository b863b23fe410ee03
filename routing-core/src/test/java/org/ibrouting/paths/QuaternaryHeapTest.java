package org.ibrouting.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class QuaternaryHeapTest {
  /** With distinct keys, deletes anywhere keep the heap order: extraction yields the rest sorted. */
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
      assertEquals(victim.intValue(), heap.delete(victim));
      assertFalse(heap.contains(victim));
    }
    long last = Long.MIN_VALUE;
    int extracted = 0;
    while (!heap.isEmpty()) {
      int item = heap.extractMin();
      assertTrue(heap.key(item) > last);
      last = heap.key(item);
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
