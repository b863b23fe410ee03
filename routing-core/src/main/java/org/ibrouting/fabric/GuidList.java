package org.ibrouting.fabric;

import java.util.Arrays;
import java.util.Objects;

/**
 * A list of GUIDs that names nodes or ports of a fabric: the root switches ({@code -a}), compute
 * nodes ({@code -u}) or I/O nodes ({@code -G}) OpenSM takes as files. Data only: what each GUID
 * must be (a switch, a CA port) is decided by the engine that resolves it against a fabric, and a
 * GUID the fabric does not have is that engine's refusal. Each entry remembers where it came from
 * ({@code roots.txt:3:1} when read by lft-io's {@code GuidListReader}, {@code entry 3} when built
 * here), so that a refusal can point at it.
 */
public final class GuidList {
  private final String source;
  private final long[] guids;
  private final String[] where;

  private GuidList(String source, long[] guids, String[] where) {
    this.source = source;
    this.guids = guids;
    this.where = where;
  }

  /** GUIDs given in code, in this order; entry {@code i} is described as {@code entry i+1}. */
  public static GuidList of(long... guids) {
    String[] where = new String[guids.length];
    for (int i = 0; i < guids.length; i++) {
      where[i] = "entry " + (i + 1);
    }
    return new GuidList("the GUID list", guids.clone(), where);
  }

  /**
   * GUIDs read from a file: {@code source} names the file, {@code lines[i]} and {@code columns[i]}
   * (from 1) where GUID {@code i} starts.
   *
   * @throws IllegalArgumentException when the arrays differ in length
   */
  public static GuidList fromFile(String source, long[] guids, int[] lines, int[] columns) {
    Objects.requireNonNull(source, "source");
    if (lines.length != guids.length || columns.length != guids.length) {
      throw new IllegalArgumentException(
          guids.length
              + " GUIDs need as many lines and columns, not "
              + lines.length
              + "/"
              + columns.length);
    }
    String[] where = new String[guids.length];
    for (int i = 0; i < guids.length; i++) {
      where[i] = source + ":" + lines[i] + ":" + columns[i];
    }
    return new GuidList(source, guids.clone(), where);
  }

  /** The file the GUIDs came from, or {@code "the GUID list"} for one built in code. */
  public String source() {
    return source;
  }

  /** The number of GUIDs, repeats included. */
  public int size() {
    return guids.length;
  }

  /** Whether the list holds no GUID. */
  public boolean isEmpty() {
    return guids.length == 0;
  }

  /** The {@code i}-th GUID. */
  public long guid(int i) {
    return guids[i];
  }

  /** Where the {@code i}-th GUID came from: {@code file:line:column}, or {@code entry i+1}. */
  public String where(int i) {
    return where[i];
  }

  /** A copy of the GUIDs, in order. */
  public long[] toArray() {
    return guids.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GuidList g
        && source.equals(g.source)
        && Arrays.equals(guids, g.guids)
        && Arrays.equals(where, g.where);
  }

  @Override
  public int hashCode() {
    return source.hashCode() * 31 + Arrays.hashCode(guids);
  }

  @Override
  public String toString() {
    return guids.length + " GUIDs from " + source;
  }
}
