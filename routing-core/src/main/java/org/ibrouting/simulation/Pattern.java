package org.ibrouting.simulation;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * One instance of a communication pattern over ranks {@code 0..commSize()-1}: a list of levels,
 * each a set of (sender rank, receiver rank) streams started together. Levels do not interfere with
 * each other. Stored as flat int arrays: level {@code l} holds streams {@code levelStart(l) ..
 * levelStart(l+1)-1}.
 *
 * <p>For a pattern built by {@code ptrnvsptrn}, {@link #firstCommSize()} tells which ranks belong
 * to the first pattern (the one {@code dep_max_delay} measures); otherwise it equals {@link
 * #commSize()}.
 */
public final class Pattern {
  private final int commSize;
  private final int firstCommSize;
  private final int[] levelStart;
  private final int[] senders;
  private final int[] receivers;

  /** Per level: whether no rank sends twice and none receives twice in it. */
  private final boolean[] oneToOne;

  Pattern(int commSize, int firstCommSize, int[] levelStart, int[] senders, int[] receivers) {
    this.commSize = commSize;
    this.firstCommSize = firstCommSize;
    this.levelStart = levelStart;
    this.senders = senders;
    this.receivers = receivers;
    this.oneToOne = new boolean[levelStart.length - 1];
    int[] sentIn = new int[commSize];
    int[] receivedIn = new int[commSize];
    for (int l = 0; l < oneToOne.length; l++) {
      boolean distinct = true;
      for (int k = levelStart[l]; k < levelStart[l + 1]; k++) {
        distinct &= sentIn[senders[k]] != l + 1 && receivedIn[receivers[k]] != l + 1;
        sentIn[senders[k]] = l + 1;
        receivedIn[receivers[k]] = l + 1;
      }
      oneToOne[l] = distinct;
    }
  }

  /**
   * A pattern from explicit levels: {@code levels[l]} holds sender, receiver, sender, receiver, ...
   */
  public static Pattern of(int commSize, int[]... levels) {
    Builder b = new Builder(commSize);
    for (int[] level : levels) {
      if (level.length % 2 != 0) {
        throw new IllegalArgumentException(
            "a level needs (sender, receiver) pairs, got " + level.length + " ranks");
      }
      for (int i = 0; i < level.length; i += 2) {
        b.add(level[i], level[i + 1]);
      }
      b.endLevel();
    }
    return b.build(commSize);
  }

  /** The number of ranks. */
  public int commSize() {
    return commSize;
  }

  /** The ranks {@code 0..firstCommSize()-1} run the first pattern of a {@code ptrnvsptrn}. */
  public int firstCommSize() {
    return firstCommSize;
  }

  /** The number of levels. */
  public int numLevels() {
    return levelStart.length - 1;
  }

  /** The index of the first stream of a level; {@code levelStart(numLevels())} is the total. */
  public int levelStart(int level) {
    return levelStart[level];
  }

  /** The total number of streams over all levels. */
  public int numStreams() {
    return senders.length;
  }

  /** Whether no rank sends more than one stream of a level and none receives more than one. */
  boolean oneToOne(int level) {
    return oneToOne[level];
  }

  /** The sender rank of a stream. */
  public int sender(int stream) {
    return senders[stream];
  }

  /** The receiver rank of a stream. */
  public int receiver(int stream) {
    return receivers[stream];
  }

  /**
   * The pattern in ORCS's listing style, one level per block of {@code sender -> receiver} lines.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int l = 0; l < numLevels(); l++) {
      sb.append("level ").append(l).append(":\n");
      for (int k = levelStart[l]; k < levelStart[l + 1]; k++) {
        sb.append(String.format("%5d -> %-5d%n", senders[k], receivers[k]));
      }
    }
    return sb.toString();
  }

  /** Collects streams level by level; self-sends are dropped (a path of no channel). */
  static final class Builder {
    private final int commSize;
    private final IntArrayList levelStart = new IntArrayList();
    private final IntArrayList senders = new IntArrayList();
    private final IntArrayList receivers = new IntArrayList();

    Builder(int commSize) {
      this.commSize = commSize;
      levelStart.add(0);
    }

    void add(int sender, int receiver) {
      if (sender < 0 || sender >= commSize || receiver < 0 || receiver >= commSize) {
        throw new IllegalArgumentException(
            "stream "
                + sender
                + " -> "
                + receiver
                + " leaves the communicator of "
                + commSize
                + " ranks");
      }
      if (sender != receiver) {
        senders.add(sender);
        receivers.add(receiver);
      }
    }

    int levelSize() {
      return senders.size() - levelStart.getInt(levelStart.size() - 1);
    }

    /** Ends the current level; an empty level is dropped. */
    void endLevel() {
      if (levelSize() > 0) {
        levelStart.add(senders.size());
      }
    }

    Pattern build(int firstCommSize) {
      return new Pattern(
          commSize,
          firstCommSize,
          levelStart.toIntArray(),
          senders.toIntArray(),
          receivers.toIntArray());
    }
  }
}
