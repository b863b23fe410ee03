package org.ibrouting.internal;

/**
 * Not API. The topological order of an {@link IncrementalCdg}: the channels in a doubly linked list
 * with a label each that grows along the list and leaves room between neighbours, so that a run of
 * channels moves to any place in time proportional to its length (order maintenance: labels are
 * spread again, over a window that doubles until it has room, only when neighbours get too close).
 *
 * <p>Memory: 5 ints per channel.
 */
final class ChannelOrder {
  /**
   * The smallest gap {@link #relabel} leaves between labels: small enough that the whole order fits
   * at any size, large enough that most moves find room without relabelling.
   */
  private static final long MIN_GAP = 1L << 20;

  /** Labels lie in {@code 1 .. labelSpan - 1}; {@link #relabel} keeps them {@code minGap} apart. */
  private final long labelSpan;

  private final long minGap;

  /** Each channel's label: the order is by increasing label. */
  final long[] label;

  /** The list ({@code -1} past the ends). */
  private final int[] next;

  private final int[] prev;
  private int head;

  /** The channels by their position in the initial order. */
  private final int[] initialAt;

  /**
   * The order {@code initialOrder} (the position of each of the {@code numChannels} channels, a
   * permutation; null: the identity) with labels below {@code labelSpan}.
   */
  ChannelOrder(int numChannels, int[] initialOrder, long labelSpan) {
    if (labelSpan <= numChannels) {
      throw new IllegalArgumentException(
          "label span " + labelSpan + " leaves no room for " + numChannels + " channels");
    }
    this.labelSpan = labelSpan;
    this.minGap = Math.max(1, Math.min(MIN_GAP, labelSpan / (2L * (numChannels + 1))));
    int n = numChannels;
    this.label = new long[n];
    this.next = new int[n];
    this.prev = new int[n];
    this.initialAt = new int[n];
    if (initialOrder == null) {
      for (int c = 0; c < n; c++) {
        initialAt[c] = c;
      }
    } else {
      if (initialOrder.length != n) {
        throw new IllegalArgumentException(
            "initial order of " + initialOrder.length + " positions for " + n + " channels");
      }
      boolean[] taken = new boolean[n];
      for (int c = 0; c < n; c++) {
        int position = initialOrder[c];
        if (position < 0 || position >= n || taken[position]) {
          throw new IllegalArgumentException(
              "initial order is not a permutation: channel " + c + " at position " + position);
        }
        taken[position] = true;
        initialAt[position] = c;
      }
    }
    reset();
  }

  /** Returns to the initial order, labels evenly spread. */
  void reset() {
    int n = initialAt.length;
    long gap = labelSpan / (n + 1);
    int before = -1;
    for (int position = 0; position < n; position++) {
      int c = initialAt[position];
      label[c] = gap * (position + 1);
      prev[c] = before;
      if (before >= 0) {
        next[before] = c;
      }
      before = c;
    }
    if (before >= 0) {
      next[before] = -1;
    }
    head = n == 0 ? -1 : initialAt[0];
  }

  /**
   * Why the list is not a consistent order of all channels (links that disagree, labels that do not
   * increase within {@code 1 .. labelSpan - 1}, channels missing), or null when it is: for tests.
   */
  String inconsistency() {
    int n = label.length;
    int seen = 0;
    long previous = 0;
    for (int c = head, before = -1; c >= 0; before = c, c = next[c]) {
      if (prev[c] != before) {
        return "channel " + c + " links back to " + prev[c] + ", not " + before;
      }
      if (label[c] <= previous || label[c] >= labelSpan) {
        return "channel " + c + " has label " + label[c] + " after " + previous;
      }
      previous = label[c];
      if (++seen > n) {
        return "the list loops";
      }
    }
    return seen == n ? null : "the list holds " + seen + " of " + n + " channels";
  }

  /**
   * Moves the channels {@code backward[0 .. numBackward-1]} (in decreasing order) and {@code
   * forward[0 .. numForward-1]} (increasing), as one run of the backward ones then the forward
   * ones, each in their old order, to just after {@code anchor} or, when {@code anchor} moves
   * itself, after the last channel before it that stays. {@code moved} is scratch space whose
   * entries equal to {@code mark} are taken for moving channels.
   */
  void move(
      int[] forward,
      int numForward,
      int[] backward,
      int numBackward,
      int anchor,
      int[] moved,
      int mark) {
    for (int i = 0; i < numForward; i++) {
      moved[forward[i]] = mark;
    }
    for (int i = 0; i < numBackward; i++) {
      moved[backward[i]] = mark;
    }
    int before = anchor;
    while (before >= 0 && moved[before] == mark) {
      before = prev[before];
    }
    for (int i = 0; i < numForward; i++) {
      unlink(forward[i]);
    }
    for (int i = 0; i < numBackward; i++) {
      unlink(backward[i]);
    }
    int last = before;
    for (int i = numBackward - 1; i >= 0; i--) {
      last = linkAfter(last, backward[i]);
    }
    for (int i = 0; i < numForward; i++) {
      last = linkAfter(last, forward[i]);
    }
    int firstMoved = before < 0 ? head : next[before];
    relabel(firstMoved, last, numForward + numBackward);
  }

  private void unlink(int c) {
    int p = prev[c];
    int q = next[c];
    if (p < 0) {
      head = q;
    } else {
      next[p] = q;
    }
    if (q >= 0) {
      prev[q] = p;
    }
  }

  /** Links {@code c} after {@code p} (at the head when {@code p < 0}) and returns {@code c}. */
  private int linkAfter(int p, int c) {
    int q = p < 0 ? head : next[p];
    prev[c] = p;
    next[c] = q;
    if (p < 0) {
      head = c;
    } else {
      next[p] = c;
    }
    if (q >= 0) {
      prev[q] = c;
    }
    return c;
  }

  /**
   * Gives the {@code count} channels {@code first .. last} (consecutive in the list) labels between
   * their neighbours'; where those are too close, widens the run over its neighbours, doubling on
   * each side, until the labels spread at least {@code minGap} apart, and spreads the whole run
   * evenly.
   */
  private void relabel(int first, int last, int count) {
    int left = prev[first];
    int right = next[last];
    long low = left < 0 ? 0 : label[left];
    long high = right < 0 ? labelSpan : label[right];
    int widen = 1;
    while ((high - low) / (count + 1) < minGap && (left >= 0 || right >= 0)) {
      for (int i = 0; i < widen && left >= 0; i++) {
        first = left;
        left = prev[left];
        count++;
      }
      for (int i = 0; i < widen && right >= 0; i++) {
        right = next[right];
        count++;
      }
      low = left < 0 ? 0 : label[left];
      high = right < 0 ? labelSpan : label[right];
      widen *= 2;
    }
    long gap = (high - low) / (count + 1);
    int c = first;
    for (int i = 1; i <= count; i++) {
      label[c] = low + gap * i;
      c = next[c];
    }
  }
}
