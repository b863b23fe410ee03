package org.ibrouting.engines.reroute;

import java.util.Arrays;
import java.util.List;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.internal.QuaternaryHeap;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;

/**
 * The incremental rule of P-SSSP (sssp, and dfsssp's tables): link weights rebuilt from the kept
 * paths, then per broken destination the cheapest path over the current weights from every affected
 * switch, joining the kept paths around them.
 *
 * <p>Weights: a switch-to-switch channel {@code a -> b} weighs P² (1 without {@code minimal}) plus,
 * for every destination and every switch whose kept path to it crosses the channel, that switch's
 * end-port LIDs (OpenSM's {@code update_weights}). One pass over every destination's in-tree builds
 * them: the tables are read in blocks of 64 LIDs, each tree's switches are ordered from the
 * destination outwards and their end-port LIDs summed up the tree, in parallel over blocks.
 *
 * <p>Repair: with {@code minimal}, an affected switch's hop count is 1 + the least hop count of a
 * neighbour (a kept path's length, or another affected switch's count), and among the neighbours
 * that realise it the one whose path is cheapest wins, as P²-weighted Dijkstra would choose;
 * without it, Dijkstra over the weights, started from the kept paths' costs. Ties go to the lower
 * port (with {@code minimal}, a neighbour whose old entry sends the LID straight back is taken only
 * when no other realises the hop count, see {@link Repair#bouncesBack}); an affected switch keeps
 * its old port when that port realises its hop count (minimal) or leads to a switch already settled
 * (not minimal). The new paths then raise the weights as SSSP's update does.
 *
 * <p>Memory: 1 long per port slot; per thread of the weight pass 1 long per port slot, 64 bytes, 64
 * ints and 6 ints per switch.
 */
final class WeightRepair implements Repair {
  private final Fabric fabric;
  private final RoutingBuilder lfts;
  private final Routing old;
  private final int[] order;
  private final boolean minimal;
  private final int threads;
  private final VlRepair vls;
  private final long[] weight;
  private final long[] endPortLids;
  private final long startWeight;
  private final BorderBfs bfs;
  private final int[] hopLabel;
  private final int[] settledOrder;
  private final long[] cost;
  private final int[] costStamp;
  private final int[] stack;
  private final QuaternaryHeap heap;
  private final boolean[] settled;
  private int stampValue;

  WeightRepair(
      Fabric fabric,
      RoutingBuilder lfts,
      Routing old,
      int[] ports,
      boolean minimal,
      int threads,
      VlRepair vls) {
    this.fabric = fabric;
    this.lfts = lfts;
    this.old = old;
    this.minimal = minimal;
    this.threads = threads;
    this.vls = vls;
    int count = 0;
    for (int port : ports) {
      count += 1 << fabric.lmc(port);
    }
    this.order = new int[count];
    int k = 0;
    for (int port : ports) {
      for (int offset = 0; offset < 1 << fabric.lmc(port); offset++) {
        order[k++] = fabric.baseLid(port) + offset;
      }
    }
    SsspGraph graph = new SsspGraph(fabric);
    this.endPortLids = graph.endPortLids();
    long p = graph.numEndpointLids();
    this.startWeight = minimal ? p * p : 1;
    this.weight = new long[fabric.numPortSlots()];
    int n = fabric.numSwitches();
    this.bfs = new BorderBfs(fabric);
    this.hopLabel = new int[n];
    this.settledOrder = new int[n];
    this.cost = new long[n];
    this.costStamp = new int[n];
    this.stack = new int[n];
    this.heap = new QuaternaryHeap(n);
    this.settled = new boolean[n];
  }

  @Override
  public int[] destinationLids() {
    return order;
  }

  @Override
  public void release(int sw, int lid, int oldPort) {
    // the weights are rebuilt in prepare() from paths that deliver; broken ones add nothing
  }

  @Override
  public void prepare(Affected affected) {
    Arrays.fill(weight, startWeight);
    int maxLid = fabric.maxLid();
    boolean[] destination = new boolean[maxLid + 1];
    for (int lid : order) {
      destination[lid] = true;
    }
    int[] brokenIndex = new int[maxLid + 1];
    Arrays.fill(brokenIndex, -1);
    for (int i = 0; i < affected.numLids(); i++) {
      brokenIndex[affected.lid(i)] = i;
    }
    // per port slot of a switch: the switch behind it, or -1
    int[] headOfSlot = new int[fabric.numPortSlots()];
    Arrays.fill(headOfSlot, -1);
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int i = 0; i < fabric.outDegree(sw); i++) {
        int channel = fabric.outChannel(sw, i);
        int head = fabric.channelHead(channel);
        if (head < fabric.numSwitches() && head != sw) {
          headOfSlot[channel] = head;
        }
      }
    }
    List<TreeSums> workers =
        Parallel.run(
            LidBlocks.count(fabric),
            Parallel.threadsFor(fabric.numSwitches(), threads),
            () -> new TreeSums(destination, brokenIndex, affected, headOfSlot));
    for (TreeSums w : workers) {
      for (int c = 0; c < weight.length; c++) {
        weight[c] += w.add[c];
      }
    }
  }

  /**
   * Adds up the kept paths' contributions to the weights for blocks of LIDs: per LID, the switches
   * whose path delivers pass their end-port LIDs (and what their children passed them) to the next
   * switch, leaves first (Kahn's order); affected switches pass nothing.
   */
  private final class TreeSums implements Parallel.Worker {
    private final boolean[] destination;
    private final int[] brokenIndex;
    private final Affected affected;
    private final int[] headOfSlot;
    final long[] add = new long[fabric.numPortSlots()];
    private final int n = fabric.numSwitches();
    private final LidBlocks blocks = new LidBlocks(fabric, lfts);
    private final int[] next = new int[n];
    private final int[] pending = new int[n];
    private final int[] queue = new int[n];
    private final long[] sum = new long[n];

    /** Per switch and LID column of the block: what the switch passes on (flushed per block). */
    private final int[] blockSum = new int[LidBlocks.SIZE * n];

    private final int[] firstPort = new int[n];
    private final int[] numPortsOf = new int[n];

    TreeSums(boolean[] destination, int[] brokenIndex, Affected affected, int[] headOfSlot) {
      this.destination = destination;
      this.brokenIndex = brokenIndex;
      this.affected = affected;
      this.headOfSlot = headOfSlot;
      for (int sw = 0; sw < n; sw++) {
        firstPort[sw] = fabric.port(sw, 0);
        numPortsOf[sw] = fabric.numPorts(sw);
      }
    }

    @Override
    public void run(int task) {
      int lids = blocks.load(task);
      Arrays.fill(blockSum, 0);
      for (int j = 0; j < lids; j++) {
        int lid = blocks.firstLid() + j;
        if (lid > 0 && destination[lid]) {
          tree(lid, j);
        }
      }
      // a switch's channels sit side by side: adding switch by switch stays within a few lines
      for (int sw = 0; sw < n; sw++) {
        int row = sw * LidBlocks.SIZE;
        for (int j = 0; j < lids; j++) {
          int passed = blockSum[row + j];
          if (passed != 0) {
            add[firstPort[sw] + blocks.port(j, sw)] += passed;
          }
        }
      }
    }

    private void tree(int lid, int column) {
      int swPort = fabric.switchPortOf(fabric.portOfLid(lid));
      if (swPort < 0) {
        return;
      }
      int target = fabric.nodeOfPort(swPort);
      Arrays.fill(pending, 0);
      for (int sw = 0; sw < n; sw++) {
        int portNum = blocks.port(column, sw);
        int head = -1;
        // NO_ROUTE (255) lies above every port count; port 0 leads to no switch
        if (sw != target && portNum <= numPortsOf[sw]) {
          head = headOfSlot[firstPort[sw] + portNum];
        }
        next[sw] = head;
        if (head >= 0) {
          pending[head]++;
        }
        sum[sw] = endPortLids[sw];
      }
      int broken = brokenIndex[lid];
      if (broken >= 0) {
        // affected switches deliver nothing; their children are affected too
        for (int i = affected.start(broken); i < affected.start(broken + 1); i++) {
          int sw = affected.switches[i];
          if (next[sw] >= 0) {
            pending[next[sw]]--;
            next[sw] = -1;
          }
          pending[sw] = -1;
        }
      }
      int tail = 0;
      for (int sw = 0; sw < n; sw++) {
        if (pending[sw] == 0) {
          queue[tail++] = sw;
        }
      }
      for (int head = 0; head < tail; head++) {
        int v = queue[head];
        int u = next[v];
        if (u < 0) {
          continue;
        }
        blockSum[v * LidBlocks.SIZE + column] = (int) sum[v];
        sum[u] += sum[v];
        if (--pending[u] == 0) {
          queue[tail++] = u;
        }
      }
    }
  }

  @Override
  public long repair(TreeWalk walk, int[] affected, int from, int to) {
    int lid = walk.lid();
    int target = walk.target();
    if (++stampValue == Integer.MAX_VALUE) {
      Arrays.fill(costStamp, 0);
      stampValue = 1;
    }
    bfs.members(affected, from, to);
    long changed = 0;
    if (bfs.contains(target)) {
      changed += set(target, lid, walk.deliveryPort());
    }
    if (minimal) {
      changed += byHops(walk, affected, from, to);
    } else {
      changed += byCost(walk, affected, from, to);
    }
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      if (sw != target && lfts.outPort(sw, lid) != Routing.NO_ROUTE) {
        addAlongPath(sw, lid, target);
      }
    }
    if (vls != null) {
      vls.rerouted(lid, affected, from, to);
    }
    return changed;
  }

  /** Minimal: hop counts first, then the cheapest neighbour that realises them. */
  private long byHops(TreeWalk walk, int[] affected, int from, int to) {
    int lid = walk.lid();
    int target = walk.target();
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      hopLabel[sw] = BorderBfs.INF;
      if (sw == target) {
        continue;
      }
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int next = fabric.channelHead(fabric.outChannel(sw, k));
        if (isKept(walk, sw, next)) {
          hopLabel[sw] = Math.min(hopLabel[sw], walk.hops(next) + 1);
        }
      }
    }
    int count = bfs.spread(affected, from, to, hopLabel, (a, b) -> true, null, settledOrder);
    long changed = 0;
    for (int i = 0; i < count; i++) {
      int sw = settledOrder[i];
      int label = hopLabel[sw];
      int oldPort = lfts.outPort(sw, lid);
      int best = -1;
      long bestCost = Long.MAX_VALUE;
      boolean bestBounces = true;
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int channel = fabric.outChannel(sw, k);
        int next = fabric.channelHead(channel);
        long via = costVia(walk, sw, next, channel, label);
        if (via == Long.MAX_VALUE) {
          continue;
        }
        if (fabric.portNum(channel) == oldPort) {
          best = channel;
          bestCost = via;
          break;
        }
        boolean bounces = Repair.bouncesBack(fabric, old, channel, lid);
        if (bestBounces && !bounces || bounces == bestBounces && via < bestCost) {
          bestCost = via;
          best = channel;
          bestBounces = bounces;
        }
      }
      cost[sw] = bestCost;
      costStamp[sw] = stampValue;
      changed += set(sw, lid, fabric.portNum(best));
    }
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      if (sw != target && hopLabel[sw] == BorderBfs.INF) {
        changed += set(sw, lid, Routing.NO_ROUTE);
      }
    }
    return changed;
  }

  /**
   * The cost of leaving {@code sw} over {@code channel} to {@code next} when that realises hop
   * count {@code label}, else {@link Long#MAX_VALUE}.
   */
  private long costVia(TreeWalk walk, int sw, int next, int channel, int label) {
    if (next >= fabric.numSwitches() || next == sw) {
      return Long.MAX_VALUE;
    }
    if (isKept(walk, sw, next)) {
      return walk.hops(next) + 1 == label ? weight[channel] + keptCost(walk, next) : Long.MAX_VALUE;
    }
    if (bfs.contains(next) && hopLabel[next] + 1 == label && costStamp[next] == stampValue) {
      return weight[channel] + cost[next];
    }
    return Long.MAX_VALUE;
  }

  /**
   * Whether {@code next}, a neighbour of {@code sw}, delivers over a kept path (or is the
   * destination).
   */
  private boolean isKept(TreeWalk walk, int sw, int next) {
    return next < fabric.numSwitches()
        && next != sw
        && (!bfs.contains(next) || next == walk.target())
        && walk.hops(next) >= 0;
  }

  /** Not minimal: Dijkstra over the weights, from the kept paths' costs. */
  private long byCost(TreeWalk walk, int[] affected, int from, int to) {
    int lid = walk.lid();
    int target = walk.target();
    heap.clear();
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      settled[sw] = false;
      if (sw == target) {
        continue;
      }
      long best = Long.MAX_VALUE;
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int channel = fabric.outChannel(sw, k);
        int next = fabric.channelHead(channel);
        if (isKept(walk, sw, next)) {
          best = Math.min(best, weight[channel] + keptCost(walk, next));
        }
      }
      if (best != Long.MAX_VALUE) {
        heap.insert(sw, best);
      }
    }
    long changed = 0;
    while (!heap.isEmpty()) {
      int sw = heap.extractMin();
      int oldPort = lfts.outPort(sw, lid);
      int bestChannel = -1;
      long bestCost = Long.MAX_VALUE;
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int channel = fabric.outChannel(sw, k);
        int next = fabric.channelHead(channel);
        long via = Long.MAX_VALUE;
        if (isKept(walk, sw, next)) {
          via = weight[channel] + keptCost(walk, next);
        } else if (next < fabric.numSwitches() && bfs.contains(next) && settled[next]) {
          via = weight[channel] + cost[next];
        }
        if (via == Long.MAX_VALUE) {
          continue;
        }
        if (fabric.portNum(channel) == oldPort) {
          bestChannel = channel;
          bestCost = via;
          break;
        }
        if (via < bestCost) {
          bestCost = via;
          bestChannel = channel;
        }
      }
      settled[sw] = true;
      cost[sw] = bestCost;
      costStamp[sw] = stampValue;
      changed += set(sw, lid, fabric.portNum(bestChannel));
      for (int k = 0; k < fabric.outDegree(sw); k++) {
        int channel = fabric.outChannel(sw, k);
        int prev = fabric.channelHead(channel);
        if (prev < fabric.numSwitches()
            && prev != sw
            && bfs.contains(prev)
            && prev != target
            && !settled[prev]) {
          long candidate = weight[fabric.peerPort(channel)] + bestCost;
          if (!heap.contains(prev)) {
            heap.insert(prev, candidate);
          } else if (candidate < heap.key(prev)) {
            heap.decreaseKey(prev, candidate);
          }
        }
      }
    }
    for (int i = from; i < to; i++) {
      int sw = affected[i];
      if (sw != target && !settled[sw]) {
        changed += set(sw, lid, Routing.NO_ROUTE);
      }
    }
    return changed;
  }

  /** The summed weights of the kept path from {@code sw} to the destination's switch. */
  private long keptCost(TreeWalk walk, int sw) {
    int depth = 0;
    int cur = sw;
    while (costStamp[cur] != stampValue) {
      int next = walk.next(cur);
      if (next == cur) {
        cost[cur] = 0;
        costStamp[cur] = stampValue;
        break;
      }
      stack[depth++] = cur;
      cur = next;
    }
    for (int i = depth - 1; i >= 0; i--) {
      int s = stack[i];
      int next = walk.next(s);
      cost[s] = weight[fabric.port(s, lfts.outPort(s, walk.lid()))] + cost[next];
      costStamp[s] = stampValue;
    }
    return cost[sw];
  }

  /** Adds the end-port LIDs of {@code sw} to every channel of its path, as SSSP's update does. */
  private void addAlongPath(int sw, int lid, int target) {
    long add = endPortLids[sw];
    int cur = sw;
    for (int step = 0; cur != target && step < fabric.numSwitches(); step++) {
      int slot = fabric.port(cur, lfts.outPort(cur, lid));
      weight[slot] += add;
      cur = fabric.nodeOfPort(fabric.peerPort(slot));
    }
  }

  private long set(int sw, int lid, int port) {
    int before = lfts.outPort(sw, lid);
    lfts.setOutPort(sw, lid, port);
    return before == port ? 0 : 1;
  }

  @Override
  public Routing finish(Routing tables, Reroute.Stats stats) throws RoutingException {
    return vls == null ? tables : vls.finish(tables, stats);
  }
}
