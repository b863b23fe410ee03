package org.ibrouting.internal;

import java.util.Arrays;

/**
 * Not API. An indexed 4-ary min-heap of int items with long keys, with the exact tie-breaking of
 * OpenSM's complib heap ({@code cl_heap.c}), so that Dijkstra runs visit equal-distance vertices in
 * OpenSM's order: sift-up moves while the key is strictly smaller than the parent's; sift-down
 * picks the smallest child, the last one on ties, and moves while the key is strictly larger.
 *
 * <p>Memory: 2 ints and a long per item, keys stored by heap position; no allocation after
 * construction.
 */
public final class QuaternaryHeap {
  private final int[] itemAt;
  private final long[] keyAt;
  private final int[] posOf;
  private int size;

  /** A heap for items {@code 0..capacity-1}. */
  public QuaternaryHeap(int capacity) {
    itemAt = new int[capacity];
    keyAt = new long[capacity];
    posOf = new int[capacity];
    Arrays.fill(posOf, -1);
  }

  /** Removes every item. */
  public void clear() {
    for (int i = 0; i < size; i++) {
      posOf[itemAt[i]] = -1;
    }
    size = 0;
  }

  /**
   * Empties the heap and fills it with items {@code 0..count-1}, all with key {@code key}: the
   * state {@code count} calls of {@link #insert} with that key in item order would leave.
   */
  public void fill(int count, long key) {
    clear();
    for (int i = 0; i < count; i++) {
      place(i, i, key);
    }
    size = count;
  }

  /** Whether the heap is empty. */
  public boolean isEmpty() {
    return size == 0;
  }

  /** Inserts an item that is not in the heap. */
  public void insert(int item, long itemKey) {
    place(size, item, itemKey);
    size++;
    siftUp(size - 1, item, itemKey);
  }

  /** Lowers an item's key and restores the heap order. */
  public void decreaseKey(int item, long itemKey) {
    siftUp(posOf[item], item, itemKey);
  }

  /** Removes and returns the item with the least key. */
  public int extractMin() {
    int min = itemAt[0];
    posOf[min] = -1;
    size--;
    if (size > 0) {
      siftDown(0, itemAt[size], keyAt[size]);
    }
    return min;
  }

  /** The least key in the heap, which must not be empty. */
  public long minKey() {
    return keyAt[0];
  }

  /**
   * Empties the heap into {@code out} from {@code offset} on, its items in heap-position order;
   * returns the index after the last.
   */
  public int drainTo(int[] out, int offset) {
    for (int i = 0; i < size; i++) {
      int item = itemAt[i];
      out[offset++] = item;
      posOf[item] = -1;
    }
    size = 0;
    return offset;
  }

  /** Whether {@code item} is in the heap. */
  public boolean contains(int item) {
    int pos = posOf[item];
    return pos >= 0 && pos < size && itemAt[pos] == item;
  }

  /** The key of an item that is in the heap. */
  public long key(int item) {
    return keyAt[posOf[item]];
  }

  /**
   * Removes {@code item} (which must be in the heap) as complib's {@code cl_heap_delete} does: the
   * last item takes its place and moves down if its new parent's key is smaller, up if larger, and
   * stays put if equal. Returns the removed item.
   */
  public int delete(int item) {
    int index = posOf[item];
    posOf[item] = -1;
    size--;
    if (index == size) {
      return item;
    }
    int last = itemAt[size];
    long lastKey = keyAt[size];
    long parentKey = index == 0 ? Long.MIN_VALUE : keyAt[(index - 1) >>> 2];
    if (index == 0 || parentKey < lastKey) {
      siftDown(index, last, lastKey);
    } else if (parentKey > lastKey) {
      siftUp(index, last, lastKey);
    } else {
      place(index, last, lastKey);
    }
    return item;
  }

  private void siftUp(int pos, int item, long k) {
    while (pos > 0) {
      int parent = (pos - 1) >>> 2;
      long parentKey = keyAt[parent];
      if (k >= parentKey) {
        break;
      }
      int moved = itemAt[parent];
      place(pos, moved, parentKey);
      pos = parent;
    }
    place(pos, item, k);
  }

  /** Places {@code item} with key {@code k} at slot {@code pos} and sifts it down. */
  private void siftDown(int pos, int item, long k) {
    while (true) {
      int first = 4 * pos + 1;
      if (first >= size) {
        break;
      }
      int best = first;
      long bestKey = keyAt[first];
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        if (keyAt[c] <= bestKey) {
          best = c;
          bestKey = keyAt[c];
        }
      }
      if (k <= bestKey) {
        break;
      }
      int moved = itemAt[best];
      place(pos, moved, bestKey);
      pos = best;
    }
    place(pos, item, k);
  }

  /** Puts {@code item} with key {@code k} at slot {@code pos}. */
  private void place(int pos, int item, long k) {
    itemAt[pos] = item;
    keyAt[pos] = k;
    posOf[item] = pos;
  }
}
