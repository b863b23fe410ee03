package org.ibrouting.paths;

import java.util.Arrays;

/**
 * An indexed 4-ary min-heap of int items with long keys, with the exact tie-breaking of OpenSM's
 * complib heap ({@code cl_heap.c}), so that Dijkstra runs visit equal-distance vertices in OpenSM's
 * order: sift-up moves while the key is strictly smaller than the parent's; sift-down picks the
 * smallest child, the last one on ties, and moves while the key is strictly larger.
 *
 * <p>Memory: 3 ints/longs per item; no allocation after construction.
 */
public final class QuaternaryHeap {
  private final int[] itemAt;
  private final int[] posOf;
  private final long[] key;
  private int size;

  /** A heap for items {@code 0..capacity-1}. */
  public QuaternaryHeap(int capacity) {
    itemAt = new int[capacity];
    posOf = new int[capacity];
    key = new long[capacity];
    Arrays.fill(posOf, -1);
  }

  /** Removes every item. */
  public void clear() {
    for (int i = 0; i < size; i++) {
      posOf[itemAt[i]] = -1;
    }
    size = 0;
  }

  /** Whether the heap is empty. */
  public boolean isEmpty() {
    return size == 0;
  }

  /** Inserts an item that is not in the heap. */
  public void insert(int item, long itemKey) {
    key[item] = itemKey;
    itemAt[size] = item;
    posOf[item] = size;
    size++;
    siftUp(size - 1);
  }

  /** Lowers an item's key and restores the heap order. */
  public void decreaseKey(int item, long itemKey) {
    key[item] = itemKey;
    siftUp(posOf[item]);
  }

  /** Removes and returns the item with the least key. */
  public int extractMin() {
    int min = itemAt[0];
    posOf[min] = -1;
    size--;
    if (size > 0) {
      itemAt[0] = itemAt[size];
      posOf[itemAt[0]] = 0;
      siftDown(0);
    }
    return min;
  }

  /** Whether {@code item} is in the heap. */
  public boolean contains(int item) {
    int pos = posOf[item];
    return pos >= 0 && pos < size && itemAt[pos] == item;
  }

  /** The key an item was last given. */
  public long key(int item) {
    return key[item];
  }

  /**
   * Removes {@code item} (which must be in the heap) as complib's {@code cl_heap_delete} does: the
   * last item takes its place and moves down if its new parent's key is smaller, up if larger, and
   * stays put if equal. Returns the removed item.
   */
  public int delete(int item) {
    int index = posOf[item];
    if (size == 1) {
      size = 0;
      posOf[itemAt[0]] = -1;
      return itemAt[0];
    }
    size--;
    int last = itemAt[size];
    itemAt[size] = itemAt[index];
    posOf[itemAt[size]] = size;
    itemAt[index] = last;
    posOf[last] = index;
    if (index == 0) {
      siftDown(0);
    } else {
      long parentKey = key[itemAt[(index - 1) / 4]];
      long movedKey = key[itemAt[index]];
      if (parentKey < movedKey) {
        siftDown(index);
      } else if (parentKey > movedKey) {
        siftUpFrom(index);
      }
    }
    int removed = itemAt[size];
    posOf[removed] = -1;
    return removed;
  }

  /** complib's sift-up from a slot that may lie just past the end (after deleting the last slot). */
  private void siftUpFrom(int pos) {
    int item = itemAt[pos];
    long k = key[item];
    boolean moved = false;
    int slot = pos;
    while (slot > 0) {
      int parent = (slot - 1) / 4;
      if (k >= key[itemAt[parent]]) {
        break;
      }
      itemAt[slot] = itemAt[parent];
      posOf[itemAt[slot]] = slot;
      slot = parent;
      moved = true;
    }
    if (moved) {
      itemAt[slot] = item;
      posOf[item] = slot;
    }
  }

  private void siftUp(int pos) {
    int item = itemAt[pos];
    long k = key[item];
    while (pos > 0) {
      int parent = (pos - 1) / 4;
      if (k >= key[itemAt[parent]]) {
        break;
      }
      itemAt[pos] = itemAt[parent];
      posOf[itemAt[pos]] = pos;
      pos = parent;
    }
    itemAt[pos] = item;
    posOf[item] = pos;
  }

  private void siftDown(int pos) {
    int item = itemAt[pos];
    long k = key[item];
    while (true) {
      int first = 4 * pos + 1;
      if (first >= size) {
        break;
      }
      int best = first;
      for (int c = first + 1; c < Math.min(first + 4, size); c++) {
        if (key[itemAt[c]] <= key[itemAt[best]]) {
          best = c;
        }
      }
      if (k <= key[itemAt[best]]) {
        break;
      }
      itemAt[pos] = itemAt[best];
      posOf[itemAt[pos]] = pos;
      pos = best;
    }
    itemAt[pos] = item;
    posOf[item] = pos;
  }
}
