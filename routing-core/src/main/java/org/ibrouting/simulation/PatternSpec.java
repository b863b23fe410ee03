package org.ibrouting.simulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * A named ORCS communication pattern (Schneider, Hoefler, Lumsdaine, "ORCS: An Oblivious Routing
 * Congestion Simulator"), turned into a {@link Pattern} for a communicator size by {@link
 * #generate(int, SplittableRandom)}. Patterns name ranks; the simulator maps ranks to endpoints
 * afresh in every run.
 *
 * <p>{@code ptrnvsptrn} runs a first pattern on ranks {@code 0..firstCommSize-1} and a second on
 * the remaining ranks, merged level by level. As in ORCS, the second pattern repeats while the
 * first still has levels and then finishes its current pass; if the first has no level, the second
 * runs once.
 *
 * @param kind the pattern
 * @param first for {@code ptrnvsptrn}, the first pattern (else null)
 * @param second for {@code ptrnvsptrn}, the second pattern (else null)
 * @param firstCommSize for {@code ptrnvsptrn}, the size of the first communicator (else 0)
 */
public record PatternSpec(Kind kind, PatternSpec first, PatternSpec second, int firstCommSize) {

  /** The patterns, with their ORCS names. */
  public enum Kind {
    /** Every rank sends to a random other rank and receives once: a random derangement. */
    RAND("rand"),
    /** No traffic (for ptrnvsptrn). */
    NULL("null"),
    /** Streams 2i+1 -> 2i; one rank is left out when the size is odd. */
    BISECT("bisect"),
    /** Bisect in both directions: 2i -> 2i+1 and 2i+1 -> 2i. */
    BISECT_FB_SYM("bisect_fb_sym"),
    /**
     * Binomial tree: ceil(log2 n) levels; in level l, i sends to i + 2^l for every i below 2^l with
     * i + 2^l below n.
     */
    TREE("tree"),
    /** Bruck: ceil(log2 n) levels; in level j, i -> (i + 2^j) mod n. */
    BRUCK("bruck"),
    /** Dissemination (barrier): in round j, i -> (i + 2^j) mod n; the same pairs as bruck. */
    DISSEMINATION("dissemination"),
    /** Every rank i >= 1 sends to 0. */
    GATHER("gather"),
    /** 0 sends to every rank i >= 1. */
    SCATTER("scatter"),
    /** n levels; level j holds j -> (j + 1) mod n. */
    RING("ring"),
    /** Recursive doubling: in level l, k and k + 2^l exchange when floor(k / 2^l) is even. */
    RECDBL("recdbl"),
    /** Nearest neighbours, at most 2 per rank, paired greedily from rank 0. */
    NEIGHBOR2("2neighbor"),
    /** Nearest neighbours, at most 4 per rank, paired greedily from rank 0. */
    NEIGHBOR4("4neighbor"),
    /** Nearest neighbours, at most 6 per rank, paired greedily from rank 0. */
    NEIGHBOR6("6neighbor"),
    /** Pairwise-shift all-to-all: n-1 levels; in level j, i -> (i + j) mod n. */
    ALLTOALL("alltoall"),
    /** Two patterns side by side on split communicators. */
    PTRNVSPTRN("ptrnvsptrn");

    private final String orcsName;

    Kind(String orcsName) {
      this.orcsName = orcsName;
    }

    /** The name ORCS and the CLI use. */
    public String orcsName() {
      return orcsName;
    }
  }

  /** Validates the components. */
  public PatternSpec {
    Objects.requireNonNull(kind, "kind");
    if (kind == Kind.PTRNVSPTRN) {
      Objects.requireNonNull(first, "first pattern of ptrnvsptrn");
      Objects.requireNonNull(second, "second pattern of ptrnvsptrn");
      if (firstCommSize < 1) {
        throw new IllegalArgumentException(
            "ptrnvsptrn needs a first communicator of at least 1 rank, got " + firstCommSize);
      }
    } else if (first != null || second != null) {
      throw new IllegalArgumentException(kind.orcsName() + " takes no sub-patterns");
    }
  }

  /** A simple pattern. */
  public static PatternSpec of(Kind kind) {
    return new PatternSpec(kind, null, null, 0);
  }

  /** {@code first} on ranks {@code 0..firstCommSize-1}, {@code second} on the others. */
  public static PatternSpec versus(PatternSpec first, PatternSpec second, int firstCommSize) {
    return new PatternSpec(Kind.PTRNVSPTRN, first, second, firstCommSize);
  }

  /**
   * Parses an ORCS pattern name ({@code bisect}, {@code 6neighbor}, ...) or {@code
   * ptrnvsptrn(FIRST,SECOND,FIRSTSIZE)}, e.g. {@code ptrnvsptrn(tree,bisect,800)}.
   *
   * @throws IllegalArgumentException naming the known patterns
   */
  public static PatternSpec parse(String text) {
    String s = text.trim().toLowerCase(Locale.ROOT);
    if (s.startsWith("ptrnvsptrn")) {
      String args = s.substring("ptrnvsptrn".length()).trim();
      if (!args.startsWith("(") || !args.endsWith(")")) {
        throw new IllegalArgumentException(
            "expected ptrnvsptrn(FIRST,SECOND,FIRSTSIZE), got '" + text + "'");
      }
      String[] parts = splitTopLevel(args.substring(1, args.length() - 1));
      if (parts.length != 3) {
        throw new IllegalArgumentException(
            "expected ptrnvsptrn(FIRST,SECOND,FIRSTSIZE), got '" + text + "'");
      }
      int size;
      try {
        size = Integer.parseInt(parts[2].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "ptrnvsptrn: first communicator size '" + parts[2].trim() + "' is not a number", e);
      }
      return versus(parse(parts[0]), parse(parts[1]), size);
    }
    for (Kind kind : Kind.values()) {
      if (kind != Kind.PTRNVSPTRN && kind.orcsName().equals(s)) {
        return of(kind);
      }
    }
    throw new IllegalArgumentException(
        "unknown pattern '"
            + text
            + "'; known: "
            + Arrays.stream(Kind.values()).map(Kind::orcsName).collect(Collectors.joining(", "))
            + " (ptrnvsptrn as ptrnvsptrn(FIRST,SECOND,FIRSTSIZE))");
  }

  private static String[] splitTopLevel(String s) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(s.substring(from, i));
        from = i + 1;
      }
    }
    parts.add(s.substring(from));
    return parts.toArray(new String[0]);
  }

  /** The smallest communicator this pattern accepts. */
  public int minCommSize() {
    return kind == Kind.PTRNVSPTRN ? firstCommSize + 1 : 1;
  }

  /** Generates the pattern for {@code commSize} ranks; random patterns draw from {@code random}. */
  public Pattern generate(int commSize, SplittableRandom random) {
    if (commSize < minCommSize()) {
      throw new IllegalArgumentException(
          this + " needs at least " + minCommSize() + " ranks, got " + commSize);
    }
    if (kind == Kind.PTRNVSPTRN) {
      return versus(commSize, random);
    }
    Pattern.Builder b = new Pattern.Builder(commSize);
    switch (kind) {
      case RAND, NULL, BISECT, BISECT_FB_SYM, GATHER, SCATTER -> addOneLevel(b, commSize, random);
      case NEIGHBOR2 -> neighbors(b, commSize, 2);
      case NEIGHBOR4 -> neighbors(b, commSize, 4);
      case NEIGHBOR6 -> neighbors(b, commSize, 6);
      default -> addLevels(b, commSize);
    }
    return b.build(commSize);
  }

  /** The patterns of one level: every pair of it at once. */
  private void addOneLevel(Pattern.Builder b, int n, SplittableRandom random) {
    switch (kind) {
      case RAND -> {
        int[] target = derangement(n, random);
        for (int i = 0; i < n; i++) {
          b.add(i, target[i]);
        }
      }
      case NULL -> {
        return;
      }
      case BISECT -> {
        for (int i = 0; i < n / 2; i++) {
          b.add(2 * i + 1, 2 * i);
        }
      }
      case BISECT_FB_SYM -> {
        for (int i = 0; i < n / 2; i++) {
          b.add(2 * i, 2 * i + 1);
          b.add(2 * i + 1, 2 * i);
        }
      }
      case GATHER -> {
        for (int i = 1; i < n; i++) {
          b.add(i, 0);
        }
      }
      case SCATTER -> {
        for (int i = 1; i < n; i++) {
          b.add(0, i);
        }
      }
      default -> throw new AssertionError(kind);
    }
    b.endLevel();
  }

  /** The patterns of several levels, one after the other: collectives and all-to-all. */
  private void addLevels(Pattern.Builder b, int n) {
    int log = ceilLog2(n);
    switch (kind) {
      case TREE -> {
        for (int l = 0; l < log; l++) {
          int dist = 1 << l;
          for (int i = 0; i < dist && i + dist < n; i++) {
            b.add(i, i + dist);
          }
          b.endLevel();
        }
      }
      case BRUCK, DISSEMINATION -> {
        for (int l = 0; l < log; l++) {
          int dist = 1 << l;
          for (int i = 0; i < n; i++) {
            b.add(i, (int) ((i + (long) dist) % n));
          }
          b.endLevel();
        }
      }
      case RING -> {
        for (int j = 0; j < n; j++) {
          b.add(j, (j + 1) % n);
          b.endLevel();
        }
      }
      case RECDBL -> {
        for (int l = 0; l < log; l++) {
          int dist = 1 << l;
          for (int k = 0; k + dist < n; k++) {
            if (((k >>> l) & 1) == 0) {
              b.add(k, k + dist);
              b.add(k + dist, k);
            }
          }
          b.endLevel();
        }
      }
      case ALLTOALL -> {
        for (int j = 1; j < n; j++) {
          for (int i = 0; i < n; i++) {
            b.add(i, (i + j) % n);
          }
          b.endLevel();
        }
      }
      default -> throw new AssertionError(kind);
    }
  }

  private Pattern versus(int commSize, SplittableRandom random) {
    Pattern p1 = first.generate(firstCommSize, random);
    int secondSize = commSize - firstCommSize;
    Pattern p2 = second.generate(secondSize, random);
    int l1 = p1.numLevels();
    int l2 = p2.numLevels();
    int total;
    if (l1 == 0) {
      total = l2;
    } else if (l2 == 0 || l1 % l2 == 0) {
      total = l1;
    } else {
      total = l1 + l2 - l1 % l2;
    }
    Pattern.Builder b = new Pattern.Builder(commSize);
    for (int level = 0; level < total; level++) {
      if (level < l1) {
        for (int k = p1.levelStart(level); k < p1.levelStart(level + 1); k++) {
          b.add(p1.sender(k), p1.receiver(k));
        }
      }
      if (l2 > 0) {
        int l = level % l2;
        for (int k = p2.levelStart(l); k < p2.levelStart(l + 1); k++) {
          b.add(p2.sender(k) + firstCommSize, p2.receiver(k) + firstCommSize);
        }
      }
      b.endLevel();
    }
    return b.build(firstCommSize);
  }

  /**
   * Greedy neighbour pairing: rank i fills its free slots (at most {@code max}) with the lowest
   * ranks above it that still have a free slot; one level holds both directions of every pairing.
   */
  private static void neighbors(Pattern.Builder b, int n, int max) {
    int slots = Math.min(max, n - 1);
    int[] adjacency = new int[n * Math.max(slots, 1)];
    int[] degree = new int[n];
    int firstFree = 1;
    for (int i = 0; i < n; i++) {
      firstFree = Math.max(firstFree, i + 1);
      while (firstFree < n && degree[firstFree] == slots) {
        firstFree++;
      }
      for (int k = firstFree; k < n && degree[i] < slots; k++) {
        if (degree[k] < slots) {
          adjacency[i * slots + degree[i]++] = k;
          adjacency[k * slots + degree[k]++] = i;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      for (int s = 0; s < degree[i]; s++) {
        b.add(i, adjacency[i * slots + s]);
      }
    }
    b.endLevel();
  }

  private static int[] derangement(int n, SplittableRandom random) {
    int[] target = new int[n];
    if (n < 2) {
      return target;
    }
    while (true) {
      for (int i = 0; i < n; i++) {
        target[i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = target[i];
        target[i] = target[j];
        target[j] = t;
      }
      boolean fixed = false;
      for (int i = 0; i < n && !fixed; i++) {
        fixed = target[i] == i;
      }
      if (!fixed) {
        return target;
      }
    }
  }

  static int ceilLog2(int n) {
    return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
  }

  @Override
  public String toString() {
    return kind == Kind.PTRNVSPTRN
        ? "ptrnvsptrn(" + first + "," + second + "," + firstCommSize + ")"
        : kind.orcsName();
  }
}
