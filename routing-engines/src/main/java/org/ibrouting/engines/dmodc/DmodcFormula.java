package org.ibrouting.engines.dmodc;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.ProgressListener;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;

/**
 * Dmodc's closed-form formula, prepared for one fabric: the output port of any switch for any LID
 * in constant time (after {@link DmodcEngine}'s preprocessing), so that a whole routing is one pass
 * over the tables and a repair ({@code reroute -R dmodc}) computes only the entries it changes.
 *
 * <p>For switch {@code s} and a LID of destination {@code t} with identifier {@code nid} and LMC
 * offset {@code i}, let {@code q = nid / Π(s) + i}:
 *
 * <ul>
 *   <li>at {@code t}: the port to the CA (0 for the switch's own LID);
 *   <li>when {@code t} lies below {@code s}: the group towards it (in a fat tree there is one), and
 *       among its parallel links the one the child would take up, {@code (q' / w') mod p} with the
 *       child's {@code q'} and width {@code w'};
 *   <li>otherwise up: the group at nominal position {@code q mod w}, link {@code (q / w) mod p},
 *       when that group exists and reaches {@code t} at the least turn level; else one of the up
 *       groups that do ({@code C}, in canonical order), {@code C[(q / w) mod |C|]}, link {@code (q
 *       / w / |C|) mod p}. With {@link Variant#PAPER} always {@code C[q mod |C|]}, link {@code (q /
 *       |C|) mod p}.
 * </ul>
 *
 * <p>Thread-safe after construction; each {@link RowFiller} (one per thread) holds its scratch.
 * Memory: 2 ints per LID per (divider, width) pair of the fabric (one per level in a regular tree),
 * plus {@link Costs}.
 */
public final class DmodcFormula {
  /** How the up group is chosen when several reach a destination at the least turn level. */
  public enum Variant {
    /**
     * The group at the destination's d-mod-k position when it is one of them; only the others
     * spread over the rest (the default).
     */
    KEEP,
    /** The paper's modulo over the groups that reach it, whichever they are. */
    PAPER
  }

  static final byte NONE = 0;
  static final byte DOWN = 1;
  static final byte UP = 2;

  final Tree tree;
  final Roles roles;
  final Costs costs;
  final Variant variant;
  final int maxLid;
  final int[] destOf;
  final int[] classOfLid;
  private final int[] deliver;
  private final int[] nidOfLid;
  private final int[] offset;
  final int[] comboOf;
  final int[][] qmod;
  private final int[][] qdiv;
  private final int isolated;
  final int maxWidth;

  private DmodcFormula(Tree tree, Roles roles, Costs costs, Nids nids, Variant variant) {
    this.tree = tree;
    this.roles = roles;
    this.costs = costs;
    this.variant = variant;
    Fabric fabric = tree.fabric;
    this.maxLid = fabric.maxLid();
    destOf = new int[maxLid + 1];
    classOfLid = new int[maxLid + 1];
    deliver = new int[maxLid + 1];
    nidOfLid = nids.nidOfLid;
    offset = new int[maxLid + 1];
    Arrays.fill(destOf, -1);
    Arrays.fill(classOfLid, -1);
    for (int lid = 1; lid <= maxLid; lid++) {
      int port = fabric.portOfLid(lid);
      int swPort = port < 0 ? -1 : fabric.switchPortOf(port);
      if (swPort >= 0 && nids.nidOfLid[lid] >= 0) {
        destOf[lid] = fabric.nodeOfPort(swPort);
        classOfLid[lid] = costs.classOf[destOf[lid]];
        deliver[lid] = fabric.portNum(swPort);
        offset[lid] = lid - fabric.baseLid(port);
      }
    }
    int numIsolated = 0;
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      numIsolated += tree.level[sw] < 0 ? 1 : 0;
    }
    isolated = numIsolated;
    int widest = 1;
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      widest = Math.max(widest, roles.width[sw]);
    }
    maxWidth = widest;
    comboOf = new int[tree.numSwitches];
    Long2IntOpenHashMap combos = new Long2IntOpenHashMap();
    combos.defaultReturnValue(-1);
    for (int sw = 0; sw < tree.numSwitches; sw++) {
      long pair = (long) roles.divider[sw] << 32 | roles.width[sw];
      comboOf[sw] = roles.width[sw] == 0 ? -1 : combos.computeIfAbsent(pair, p -> combos.size());
    }
    qmod = new int[combos.size()][];
    qdiv = new int[combos.size()][];
    for (Long2IntOpenHashMap.Entry e : combos.long2IntEntrySet()) {
      quotients(e.getIntValue(), (int) (e.getLongKey() >>> 32), (int) e.getLongKey(), nids);
    }
  }

  private void quotients(int combo, int divider, int width, Nids nids) {
    int[] mod = new int[maxLid + 1];
    int[] div = new int[maxLid + 1];
    for (int lid = 1; lid <= maxLid; lid++) {
      if (destOf[lid] >= 0) {
        int q = nids.nidOfLid[lid] / divider + offset[lid];
        mod[lid] = q % width;
        div[lid] = q / width;
      }
    }
    qmod[combo] = mod;
    qdiv[combo] = div;
  }

  /**
   * Prepares the formula for {@code fabric}: levels, roles, costs and identifiers.
   *
   * @throws RoutingException when the fabric is not a fat tree, or leaves that links join have no
   *     up*&#47;down* route between them
   */
  public static DmodcFormula of(Fabric fabric, Variant variant, int threads)
      throws RoutingException {
    Tree tree = Tree.build(fabric);
    Roles roles = Roles.of(tree);
    Costs costs = Costs.of(tree, threads);
    costs.requireLeavesRouted(tree);
    Nids nids = Nids.of(tree, roles);
    return new DmodcFormula(tree, roles, costs, nids, variant);
  }

  /** The fabric the formula was prepared for. */
  public Fabric fabric() {
    return tree.fabric;
  }

  /** The output port of switch {@code sw} for {@code lid}, or {@link Routing#NO_ROUTE}. */
  public int outPort(int sw, int lid) {
    return entry(sw, lid, null, null, null, new long[4]);
  }

  /**
   * The whole tables, written into {@code builder} switch by switch on {@code threads} threads
   * (progress as "dmodc: switches"), with a note when some switches reach no CA.
   */
  Routing tables(RoutingBuilder builder, int threads, ProgressListener progress) {
    Fabric fabric = tree.fabric;
    Twins twins = Twins.of(tree);
    int[] templates = twins.templates();
    int[] copies = twins.copies();
    Parallel.run(
        templates.length,
        threads,
        () -> new RowWorker(builder, templates),
        progress,
        "dmodc: switches");
    // the templates are written (Parallel.run joined its threads): copy them to their twins
    Parallel.run(
        copies.length,
        Parallel.threadsFor(copies.length, threads),
        () -> new CopyWorker(builder, copies, twins.templateOf));
    if (isolated > 0) {
      int first = 0;
      while (tree.level[first] >= 0) {
        first++;
      }
      builder.addNote(
          "dmodc: "
              + isolated
              + " switch(es) reach no CA or router (e.g. "
              + fabric.nodeName(first)
              + "), so no level can be given to them; only their own LIDs are routed");
    }
    return builder.build();
  }

  /** Computes the rows of the switches {@code switches}. */
  private final class RowWorker implements Parallel.Worker {
    private final RoutingBuilder builder;
    private final int[] switches;
    private final RowFiller filler = new RowFiller(DmodcFormula.this);
    private final byte[] row = new byte[maxLid + 1];

    RowWorker(RoutingBuilder builder, int[] switches) {
      this.builder = builder;
      this.switches = switches;
    }

    @Override
    public void run(int task) {
      int sw = switches[task];
      filler.fillRow(sw, row);
      builder.setEntries(sw, 0, row, 0, maxLid + 1);
    }
  }

  /**
   * Copies a twin's row to each switch of {@code switches} and recomputes the entries of the two
   * switches' own LIDs (their port 0 and CA ports).
   */
  private final class CopyWorker implements Parallel.Worker {
    private final RoutingBuilder builder;
    private final int[] switches;
    private final int[] templateOf;
    private final byte[] row = new byte[maxLid + 1];
    private final long[] scratch = new long[4];

    CopyWorker(RoutingBuilder builder, int[] switches, int[] templateOf) {
      this.builder = builder;
      this.switches = switches;
      this.templateOf = templateOf;
    }

    @Override
    public void run(int task) {
      int sw = switches[task];
      int twin = templateOf[sw];
      builder.copyEntries(twin, 0, row, 0, maxLid + 1);
      for (int owner : new int[] {twin, sw}) {
        Fabric fabric = tree.fabric;
        recompute(fabric, fabric.port(owner, 0), sw);
        for (int e = tree.endStart[owner]; e < tree.endStart[owner + 1]; e++) {
          recompute(fabric, tree.endPorts[e], sw);
        }
      }
      builder.setEntries(sw, 0, row, 0, maxLid + 1);
    }

    private void recompute(Fabric fabric, int port, int sw) {
      int base = fabric.baseLid(port);
      for (int i = 0; base != 0 && i < 1 << fabric.lmc(port); i++) {
        row[base + i] = (byte) entry(sw, base + i, null, null, null, scratch);
      }
    }
  }

  /**
   * The entry of {@code sw} for {@code lid}. With {@code kinds} (row mode, see {@link RowFiller})
   * the class's kind and candidate mask come from {@code kinds}, {@code masks} (4 longs per class)
   * and the children's indices from {@code downIndex}; without, they are computed into {@code
   * scratch} (4 longs).
   */
  int entry(int sw, int lid, byte[] kinds, long[] masks, int[] downIndex, long[] scratch) {
    int t = destOf[lid];
    if (t < 0) {
      return Routing.NO_ROUTE;
    }
    if (t == sw) {
      return deliver[lid];
    }
    if (tree.level[sw] < 0 || tree.component[t] != tree.component[sw]) {
      return Routing.NO_ROUTE;
    }
    if (deliver[lid] == 0 && tree.level[t] > tree.level[sw] && costs.above(sw, t)) {
      return upTowards(sw, lid, t, scratch);
    }
    int c = costs.classOf[t];
    long[] m = scratch;
    int at = 0;
    byte k;
    if (kinds != null) {
      k = kinds[c];
      m = masks;
      at = 4 * c;
    } else {
      k = classMask(sw, c, scratch, 0);
    }
    if (k == UP) {
      return up(sw, lid, m, at);
    }
    if (k == DOWN) {
      int j = tree.level[t] == tree.level[sw] - 1 ? childIndex(sw, t, downIndex) : -1;
      return j >= 0 ? downPort(sw, j, lid) : downAmong(sw, lid, m, at);
    }
    return Routing.NO_ROUTE;
  }

  /** The kind of class {@code c} at {@code sw}, its candidate groups' bits into {@code into}. */
  byte classMask(int sw, int c, long[] into, int at) {
    into[at] = into[at + 1] = into[at + 2] = into[at + 3] = 0;
    if (tree.level[sw] < 0) {
      return NONE;
    }
    int numClasses = costs.numClasses;
    byte ts = costs.turn[sw * numClasses + c];
    if (ts == Costs.UNREACHABLE) {
      return NONE;
    }
    if (ts == tree.level[sw]) {
      for (int k = tree.downStart[sw]; k < tree.downStart[sw + 1]; k++) {
        if (costs.inAncestors(c, tree.groupRemote[tree.down[k]])) {
          int j = k - tree.downStart[sw];
          into[at + (j >>> 6)] |= 1L << j;
        }
      }
      return DOWN;
    }
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      if (costs.turn[tree.groupRemote[tree.up[k]] * numClasses + c] == ts) {
        int j = k - tree.upStart[sw];
        into[at + (j >>> 6)] |= 1L << j;
      }
    }
    return UP;
  }

  private int childIndex(int sw, int t, int[] downIndex) {
    if (downIndex != null) {
      return downIndex[t];
    }
    for (int k = tree.downStart[sw]; k < tree.downStart[sw + 1]; k++) {
      if (tree.groupRemote[tree.down[k]] == t) {
        return k - tree.downStart[sw];
      }
    }
    return -1;
  }

  /** Up, by the nominal position when it is a candidate, else among the candidates. */
  private int up(int sw, int lid, long[] m, int at) {
    int combo = comboOf[sw];
    int gn = qmod[combo][lid];
    int qd = qdiv[combo][lid];
    if (variant == Variant.KEEP) {
      int j = roles.nominal[roles.nominalStart[sw] + gn];
      if (j >= 0 && (m[at + (j >>> 6)] & 1L << j) != 0) {
        return upPort(sw, j, qd);
      }
    }
    int count = count(m, at);
    if (count == 0) {
      return Routing.NO_ROUTE;
    }
    if (variant == Variant.KEEP) {
      return upPort(sw, nthBit(m, at, qd % count), qd / count);
    }
    long q = (long) qd * roles.width[sw] + gn;
    return upPort(sw, nthBit(m, at, (int) (q % count)), (int) (q / count));
  }

  /** Up to a switch above {@code sw}: a group whose far end is {@code t} or lies below it. */
  private int upTowards(int sw, int lid, int t, long[] scratch) {
    if (variant == Variant.KEEP) {
      int combo = comboOf[sw];
      int j = roles.nominal[roles.nominalStart[sw] + qmod[combo][lid]];
      int u = j < 0 ? -1 : tree.groupRemote[tree.up[tree.upStart[sw] + j]];
      if (u == t || u >= 0 && costs.above(u, t)) {
        return upPort(sw, j, qdiv[combo][lid]);
      }
    }
    Arrays.fill(scratch, 0, 4, 0);
    for (int k = tree.upStart[sw]; k < tree.upStart[sw + 1]; k++) {
      int u = tree.groupRemote[tree.up[k]];
      if (u == t || costs.above(u, t)) {
        int j = k - tree.upStart[sw];
        scratch[j >>> 6] |= 1L << j;
      }
    }
    return up(sw, lid, scratch, 0);
  }

  /** The port of up group {@code j} of {@code sw}: its {@code select mod p}-th link. */
  int upPort(int sw, int j, int select) {
    int g = tree.up[tree.upStart[sw] + j];
    int size = tree.groupSize(g);
    return tree.groupPorts[tree.groupPortStart[g] + (size == 1 ? 0 : select % size)];
  }

  private int downPort(int sw, int j, int lid) {
    int g = tree.down[tree.downStart[sw] + j];
    int size = tree.groupSize(g);
    if (size == 1) {
      return tree.groupPorts[tree.groupPortStart[g]];
    }
    int child = tree.groupRemote[g];
    return tree.groupPorts[tree.groupPortStart[g] + qdiv[comboOf[child]][lid] % size];
  }

  private int downAmong(int sw, int lid, long[] m, int at) {
    int count = count(m, at);
    if (count == 0) {
      return Routing.NO_ROUTE;
    }
    int j = count == 1 ? nthBit(m, at, 0) : nthBit(m, at, (nidOfLid[lid] + offset[lid]) % count);
    return downPort(sw, j, lid);
  }

  /** The set bits of the 4-long mask at {@code at}. */
  static int count(long[] m, int at) {
    return Long.bitCount(m[at])
        + Long.bitCount(m[at + 1])
        + Long.bitCount(m[at + 2])
        + Long.bitCount(m[at + 3]);
  }

  /** The index of the {@code n}-th set bit (from 0) of the 4-long mask at {@code at}. */
  static int nthBit(long[] m, int at, int n) {
    int left = n;
    for (int w = 0; w < 4; w++) {
      long word = m[at + w];
      int bits = Long.bitCount(word);
      if (left < bits) {
        for (int i = 0; i < left; i++) {
          word &= word - 1;
        }
        return 64 * w + Long.numberOfTrailingZeros(word);
      }
      left -= bits;
    }
    throw new IllegalArgumentException("mask has no bit " + n);
  }
}
