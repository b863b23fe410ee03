package org.ibrouting.routing;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;

/**
 * The service level of every path, for engines that spread paths over virtual lanes (LASH, DFSSSP,
 * Nue, multi-tree Up*&#47;Down*), and the SL-to-VL map they assume.
 *
 * <p>Compact form: source LIDs are mapped to <em>source groups</em> (for example the switch a CA is
 * cabled to, since every path from that switch to one destination is the same), and one byte per
 * (group, destination LID) holds the SL. A source LID outside every group, or a destination without
 * an entry, gets SL 0. Memory: 1 int per LID + 1 byte per (group, LID).
 *
 * <p>A LID outside the LIDs the table was built for ({@code 0..maxLid()}), an SL outside 0..15 or a
 * source group outside {@code 0..numGroups()-1} is an {@link IndexOutOfBoundsException} naming the
 * value and the range, as {@link Routing#outPort} does for its LFTs.
 *
 * <p>The VL of a path is {@code vlOfSl(sl)} on every hop, as with OpenSM's QoS SL-to-VL map, unless
 * the table carries a {@link PortSl2Vl}: then each hop's VL depends on the ports the packet enters
 * and leaves a switch through ({@link #portSl2Vl()}), as torus-2QoS programs it.
 */
public final class SlTable {
  /** The number of SLs (and VLs) InfiniBand can address. */
  public static final int NUM_SLS = 16;

  private static final SlTable NONE =
      new SlTable(new int[0], 0, 0, new byte[0], 1, identity(), null);

  private final int[] groupOfSrcLid;
  private final int numGroups;
  private final int stride;
  private final byte[] sls;
  private final int numVls;
  private final byte[] slToVl;
  private final PortSl2Vl portSl2Vl;

  private SlTable(
      int[] groupOfSrcLid,
      int numGroups,
      int stride,
      byte[] sls,
      int numVls,
      byte[] slToVl,
      PortSl2Vl portSl2Vl) {
    this.groupOfSrcLid = groupOfSrcLid;
    this.numGroups = numGroups;
    this.stride = stride;
    this.sls = sls;
    this.numVls = numVls;
    this.slToVl = slToVl;
    this.portSl2Vl = portSl2Vl;
  }

  /** The table of an engine that routes everything on SL 0 / VL 0. */
  public static SlTable none() {
    return NONE;
  }

  /** The identity SL-to-VL map (SL k on VL k), as OpenSM's QoS with a 1:1 map gives it. */
  public static byte[] identity() {
    byte[] map = new byte[NUM_SLS];
    for (int sl = 0; sl < NUM_SLS; sl++) {
      map[sl] = (byte) Math.min(sl, 14);
    }
    return map;
  }

  /** A builder that groups source LIDs by the switch they sit on (or are cabled to). */
  public static Builder perSourceSwitch(Fabric fabric) {
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0) {
        int swPort = fabric.switchPortOf(port);
        if (swPort >= 0) {
          groupOfLid[lid] = fabric.nodeOfPort(swPort);
        }
      }
    }
    return new Builder(groupOfLid, fabric.numSwitches(), fabric.maxLid() + 1);
  }

  /** A builder with one group per source LID: any SL per (source LID, destination LID). */
  public static Builder perSourceLid(Fabric fabric) {
    int[] groupOfLid = new int[fabric.maxLid() + 1];
    Arrays.fill(groupOfLid, -1);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      if (fabric.portOfLid(lid) >= 0) {
        groupOfLid[lid] = lid;
      }
    }
    return new Builder(groupOfLid, fabric.maxLid() + 1, fabric.maxLid() + 1);
  }

  /** Whether this is the table of an engine that uses one VL and no SLs. */
  public boolean isNone() {
    return this == NONE;
  }

  /**
   * The SL of the path from {@code srcLid} to {@code dstLid}.
   *
   * @throws IndexOutOfBoundsException when a LID lies outside {@code 0..maxLid()}
   */
  public int sl(int srcLid, int dstLid) {
    if (this == NONE) {
      Bounds.check("source LID", srcLid, Lids.MAX_UNICAST_LID + 1, "the unicast LIDs");
      Bounds.check("destination LID", dstLid, Lids.MAX_UNICAST_LID + 1, "the unicast LIDs");
      return 0;
    }
    Bounds.check("source LID", srcLid, groupOfSrcLid.length, "the SL table");
    Bounds.check("destination LID", dstLid, stride, "the SL table");
    int group = groupOfSrcLid[srcLid];
    return group < 0 ? 0 : sls[group * stride + dstLid];
  }

  /**
   * The VL the path from {@code srcLid} to {@code dstLid} travels on, through the SL-to-VL map.
   * With a {@link #portSl2Vl()} the VL changes per hop and this is only the map's value.
   *
   * @throws IndexOutOfBoundsException when a LID lies outside {@code 0..maxLid()}
   */
  public int vl(int srcLid, int dstLid) {
    return slToVl[sl(srcLid, dstLid)];
  }

  /**
   * The largest LID the table answers for: its fabric's largest LID ({@link Lids#MAX_UNICAST_LID}
   * for {@link #none()}, which answers SL 0 for every unicast LID).
   */
  public int maxLid() {
    return this == NONE ? Lids.MAX_UNICAST_LID : Math.min(groupOfSrcLid.length, stride) - 1;
  }

  /** The per-port SL-to-VL maps that decide each hop's VL, or null when {@link #vlOfSl} does. */
  public PortSl2Vl portSl2Vl() {
    return portSl2Vl;
  }

  /**
   * The VL an SL maps to.
   *
   * @throws IndexOutOfBoundsException when {@code sl} is not 0..15
   */
  public int vlOfSl(int sl) {
    Bounds.check("SL", sl, NUM_SLS, "the SL-to-VL map");
    return slToVl[sl];
  }

  /**
   * The number of VLs the routing needs (1 for {@link #none()}): with a {@link #portSl2Vl()} the
   * number that map guarantees, else one more than the highest VL a used SL maps to.
   */
  public int numVls() {
    return numVls;
  }

  /**
   * The source group of a source LID, or -1 (also for a LID above {@link #maxLid()}).
   *
   * @throws IndexOutOfBoundsException when {@code srcLid} is negative
   */
  public int groupOfSrcLid(int srcLid) {
    if (srcLid < 0) {
      throw Bounds.outside("source LID", srcLid, groupOfSrcLid.length, "the SL table");
    }
    return srcLid < groupOfSrcLid.length ? groupOfSrcLid[srcLid] : -1;
  }

  /** The number of source groups. */
  public int numGroups() {
    return numGroups;
  }

  /**
   * Marks in {@code marked} every destination LID in {@code 1..maxLid} to which some source LID in
   * {@code 1..maxLid} travels on another VL ({@link #vl}) under {@code other} than under this table
   * (a LID above either table's {@link #maxLid()} counts as another VL).
   *
   * <p>Cost: one comparison of two rows per distinct pair of source groups, so about {@code maxLid}
   * row comparisons for tables grouped per source LID.
   *
   * @throws IllegalArgumentException when {@code marked} has fewer than {@code maxLid + 1} entries
   */
  public void markOtherVls(SlTable other, int maxLid, boolean[] marked) {
    if (marked.length <= maxLid) {
      throw new IllegalArgumentException(
          "marked has " + marked.length + " entries, LIDs go up to " + maxLid);
    }
    if (other == this) {
      return;
    }
    int common = Math.min(maxLid, Math.min(maxLid(), other.maxLid()));
    for (int lid = common + 1; lid <= maxLid; lid++) {
      marked[lid] = true;
    }
    it.unimi.dsi.fastutil.longs.LongOpenHashSet compared =
        new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
    for (int src = 1; src <= common; src++) {
      int g = isNone() ? -1 : groupOfSrcLid(src);
      int h = other.isNone() ? -1 : other.groupOfSrcLid(src);
      if (!compared.add(((long) g << 32) | (h & 0xFFFFFFFFL))) {
        continue;
      }
      if (g >= 0 && h >= 0 && java.util.Arrays.equals(slToVl, other.slToVl)) {
        markOtherSls(g, other, h, common, marked);
        continue;
      }
      for (int dst = 1; dst <= common; dst++) {
        int mine = slToVl[g < 0 ? 0 : sls[g * stride + dst]];
        int theirs = other.slToVl[h < 0 ? 0 : other.sls[h * other.stride + dst]];
        if (mine != theirs) {
          marked[dst] = true;
        }
      }
    }
  }

  /** Under one SL-to-VL map: marks the destinations where group g's SL differs from h's there. */
  private void markOtherSls(int g, SlTable other, int h, int maxLid, boolean[] marked) {
    int from = g * stride;
    int otherFrom = h * other.stride;
    for (int dst = ByteRanges.nextMismatch(sls, from, other.sls, otherFrom, 1, maxLid);
        dst >= 0;
        dst = ByteRanges.nextMismatch(sls, from, other.sls, otherFrom, dst + 1, maxLid)) {
      if (slToVl[sls[from + dst]] != slToVl[other.sls[otherFrom + dst]]) {
        marked[dst] = true;
      }
    }
  }

  @Override
  public String toString() {
    return isNone()
        ? "no SLs"
        : numVls
            + " VLs over "
            + numGroups
            + " source groups"
            + (portSl2Vl == null ? "" : ", " + portSl2Vl);
  }

  /** Fills an {@link SlTable}. Entries start at SL 0. */
  public static final class Builder {
    private final int[] groupOfSrcLid;
    private final int numGroups;
    private final int stride;
    private final byte[] sls;
    private byte[] slToVl = identity();
    private PortSl2Vl portSl2Vl;

    /**
     * A builder for an arbitrary grouping: {@code groupOfSrcLid[lid]} in {@code 0..numGroups-1} or
     * -1, and destinations {@code 0..numDstLids-1}.
     */
    public Builder(int[] groupOfSrcLid, int numGroups, int numDstLids) {
      this.groupOfSrcLid = groupOfSrcLid.clone();
      this.numGroups = numGroups;
      this.stride = numDstLids;
      long size = (long) numGroups * numDstLids;
      if (size > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException(
            "SL table of "
                + numGroups
                + " groups x "
                + numDstLids
                + " LIDs exceeds 2^31 entries; group sources by switch");
      }
      this.sls = new byte[(int) size];
    }

    /**
     * The group of a source LID, or -1.
     *
     * @throws IndexOutOfBoundsException when {@code srcLid} lies outside the table's LIDs
     */
    public int groupOfSrcLid(int srcLid) {
      Bounds.check("source LID", srcLid, groupOfSrcLid.length, "the SL table");
      return groupOfSrcLid[srcLid];
    }

    /**
     * Sets the SL of every path from source group {@code group} to {@code dstLid}.
     *
     * @throws IndexOutOfBoundsException when the group or the LID lies outside the table
     * @throws IllegalArgumentException when {@code sl} is not 0..15
     */
    public Builder setSl(int group, int dstLid, int sl) {
      if (sl < 0 || sl >= NUM_SLS) {
        throw new IllegalArgumentException("SL " + sl + " outside 0-15");
      }
      sls[index(group, dstLid)] = (byte) sl;
      return this;
    }

    /**
     * The SL set so far for (group, destination).
     *
     * @throws IndexOutOfBoundsException when the group or the LID lies outside the table
     */
    public int sl(int group, int dstLid) {
      return sls[index(group, dstLid)];
    }

    private int index(int group, int dstLid) {
      Bounds.check("source group", group, numGroups, "the SL table's groups");
      Bounds.check("destination LID", dstLid, stride, "the SL table");
      return group * stride + dstLid;
    }

    /** Replaces the identity SL-to-VL map. */
    public Builder setSlToVl(byte[] map) {
      if (map.length != NUM_SLS) {
        throw new IllegalArgumentException("an SL-to-VL map has 16 entries, not " + map.length);
      }
      this.slToVl = map.clone();
      return this;
    }

    /** Makes each hop's VL depend on its ports (null: the SL-to-VL map for every hop). */
    public Builder setPortSl2Vl(PortSl2Vl map) {
      this.portSl2Vl = map;
      return this;
    }

    /**
     * The table; its VL count is the highest VL any entry maps to, plus one, or the per-port map's
     * count.
     */
    public SlTable build() {
      boolean[] used = new boolean[NUM_SLS];
      for (byte sl : sls) {
        used[sl] = true;
      }
      int numVls = 1;
      for (int sl = 0; sl < NUM_SLS; sl++) {
        if (used[sl]) {
          numVls = Math.max(numVls, slToVl[sl] + 1);
        }
      }
      if (portSl2Vl != null) {
        numVls = portSl2Vl.numVls();
      }
      return new SlTable(groupOfSrcLid, numGroups, stride, sls, numVls, slToVl.clone(), portSl2Vl);
    }
  }
}
