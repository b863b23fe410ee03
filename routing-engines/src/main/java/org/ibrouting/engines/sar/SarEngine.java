package org.ibrouting.engines.sar;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.ssspfamily.DfssspLanes;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.JobList;
import org.ibrouting.simulation.JobMap;

/**
 * SAR: scheduling-aware routing (Domke, Hoefler, "Scheduling-Aware Routing for Supercomputers", SC
 * 2016). Routes between nodes of different jobs carry no traffic, so SAR balances only the routes
 * inside each job:
 *
 * <ol>
 *   <li>the CA ports of nodes in a job of at least two nodes are routed first, by the size of their
 *       largest job, largest first (stable, so OpenSM's (DF)SSSP order decides among equals); each
 *       destination LID gets P-SSSP's modified Dijkstra on {@code SsspGraph} (OpenSM's weights and
 *       tie-breaking), and afterwards a link's weight rises by the number of source LIDs whose
 *       route uses it <em>and</em> whose node shares a job with the destination;
 *   <li>then, with fresh weights, the I/O ports (port GUIDs of {@code ioNodes}, OpenSM's {@code
 *       -G}) not routed yet, balanced over every source as in P-SSSP;
 *   <li>then, with fresh weights again, all other CA ports and the switches' port 0s, as in P-SSSP;
 *   <li>finally DFSSSP's VL assignment over all (source, destination) pairs in that order (DFSSSP's
 *       VL step), with the same VL limit and SL table.
 * </ol>
 *
 * All weights start at P², so every path is minimal. Without a job map the engine refuses: its
 * whole point is the map; DFSSSP is what remains without one. Jobs of one node have no route inside
 * them and are ignored; a node may be in several jobs, and a source counts for a destination when
 * they share any job. A compute-node GUID file ({@code -u}) is not read: the job map takes its
 * place. No OpenSM counterpart in 3.3.23 (the paper's SAR was a patched OpenSM).
 *
 * <p>Cost: P-SSSP's O(LIDs x (links + switches) log switches), plus per job destination the
 * switches its jobs span (the sum of its jobs' sizes for a node in several jobs); then DFSSSP's VL
 * step. Memory: SSSP's, plus one int per job member and per (job, switch it spans).
 */
public final class SarEngine extends AbstractRoutingEngine {
  /**
   * What SAR takes.
   *
   * @param jobs which nodes every job runs on (resolved against the fabric when routing); null
   *     makes the engine refuse, as SAR routes by jobs
   * @param ioNodes I/O-node port GUIDs (OpenSM's {@code -G}), balanced in a pass of their own; or
   *     null
   * @param balance spread paths over spare VLs as {@link DfssspEngine} does (setting {@code
   *     balance})
   */
  public record Settings(JobList jobs, GuidList ioNodes, boolean balance) {
    /** SAR for {@code jobs}, no I/O nodes, no balancing. */
    public static Settings of(JobList jobs) {
      return new Settings(jobs, null, false);
    }
  }

  private final JobList jobs;
  private final GuidList ioNodes;
  private final boolean balance;

  /** With {@code settings}. */
  public SarEngine(Settings settings) {
    super("sar");
    this.jobs = settings.jobs();
    this.ioNodes = settings.ioNodes();
    this.balance = settings.balance();
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    if (jobs == null) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          "sar: needs a job-to-node map (which nodes every job runs on); without jobs use dfsssp");
    }
    JobMap resolved;
    try {
      resolved = JobMap.resolve(jobs, fabric);
    } catch (IllegalArgumentException e) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH, "sar: " + e.getMessage(), e);
    }
    boolean[] io =
        ioNodes == null ? null : org.ibrouting.internal.GuidFiles.caPortMask(fabric, ioNodes);
    return route(fabric, options, resolved, io);
  }

  /**
   * Routes {@code fabric} for the jobs of {@code jobs}; {@code ioPorts} marks the I/O ports by port
   * slot (null: none).
   */
  public Routing route(Fabric fabric, RoutingOptions options, JobMap jobs, boolean[] ioPorts)
      throws RoutingException {
    requireRoutable(fabric, name());
    if (jobs.fabric() != fabric) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          "sar: the job map belongs to " + jobs.fabric() + ", not " + fabric);
    }
    Jobs byNode = new Jobs(fabric, jobs);
    int[] base = new SsspGraph(fabric).destinationOrder(null, null);
    IntArrayList inJobs = new IntArrayList();
    IntArrayList ioNodes = new IntArrayList();
    IntArrayList others = new IntArrayList();
    for (int port : base) {
      int node = fabric.nodeOfPort(port);
      if (byNode.largestJob(node) >= 2) {
        inJobs.add(port);
      } else if (ioPorts != null && ioPorts[port]) {
        ioNodes.add(port);
      } else {
        others.add(port);
      }
    }
    int[] jobPorts = inJobs.toIntArray();
    IntArrays.mergeSort(
        jobPorts,
        (a, b) ->
            Integer.compare(
                byNode.largestJob(fabric.nodeOfPort(b)), byNode.largestJob(fabric.nodeOfPort(a))));

    SsspGraph graph = new SsspGraph(fabric);
    long p = graph.numEndpointLids();
    // the tables by destination (one tree fills one row), copied into the LFTs at the end
    LidMajorLfts byLid = LidMajorLfts.forEngine(fabric, name());
    Progress progress = new Progress(options, fabric, base);
    graph.resetWeights(p * p);
    long[] add = new long[fabric.numSwitches()];
    for (int dest : jobPorts) {
      IntArrayList touched = byNode.addJobMates(fabric.nodeOfPort(dest), add);
      routeLids(graph, byLid, dest, add, progress);
      for (int i = 0; i < touched.size(); i++) {
        add[touched.getInt(i)] = 0;
      }
    }
    // I/O nodes, then everything else: each balanced over every source, from fresh weights
    long[] everyone = graph.endPortLids();
    graph.resetWeights(p * p);
    for (int dest : ioNodes) {
      routeLids(graph, byLid, dest, everyone, progress);
    }
    graph.resetWeights(p * p);
    for (int dest : others) {
      routeLids(graph, byLid, dest, everyone, progress);
    }
    RoutingBuilder builder = Routing.builder(fabric, name()).setOwnLidsToPortZero();
    byLid.copyInto(builder, options.threads());
    Routing routing = builder.build();

    int[] order = new int[base.length];
    System.arraycopy(jobPorts, 0, order, 0, jobPorts.length);
    ioNodes.getElements(0, order, jobPorts.length, ioNodes.size());
    others.getElements(0, order, jobPorts.length + ioNodes.size(), others.size());
    return DfssspLanes.assign(routing, order, options, balance, name());
  }

  /** One tree per LID of {@code dest}, each followed by its weight update. */
  private static void routeLids(
      SsspGraph graph, LidMajorLfts byLid, int dest, long[] add, Progress progress) {
    Fabric fabric = graph.fabric();
    for (int k = 0; k < 1 << fabric.lmc(dest); k++) {
      graph.routeLid(dest, fabric.baseLid(dest) + k, byLid, add);
      progress.lidDone();
    }
  }

  /** Destination LIDs done, for the progress listener. */
  private static final class Progress {
    private final RoutingOptions options;
    private final long total;
    private long done;

    Progress(RoutingOptions options, Fabric fabric, int[] ports) {
      this.options = options;
      long lids = 0;
      for (int port : ports) {
        lids += 1L << fabric.lmc(port);
      }
      this.total = lids;
    }

    void lidDone() {
      options.progress().progress("sar: destinations", ++done, total);
    }
  }

  /**
   * The job map on flat arrays: each node's jobs of two or more nodes, and per such job the source
   * LIDs it has on each switch it spans.
   */
  private static final class Jobs {
    private final Fabric fabric;
    private final int[] jobStart;
    private final int[] jobOfNode;
    private final int[] largest;
    private final int[][] members;
    private final int[][] switchesOfJob;
    private final long[][] lidsOnSwitch;
    private final int[] stamp;
    private final IntArrayList touched = new IntArrayList();
    private int epoch;

    Jobs(Fabric fabric, JobMap jobs) {
      this.fabric = fabric;
      int numNodes = fabric.numNodes();
      int numJobs = jobs.numJobs();
      members = new int[numJobs][];
      switchesOfJob = new int[numJobs][];
      lidsOnSwitch = new long[numJobs][];
      largest = new int[numNodes];
      jobStart = new int[numNodes + 1];
      long[] lids = new long[fabric.numSwitches()];
      for (int job = 0; job < numJobs; job++) {
        members[job] = jobs.size(job) >= 2 ? jobs.nodes(job) : new int[0];
        IntArrayList sws = new IntArrayList();
        for (int node : members[job]) {
          jobStart[node + 1]++;
          largest[node] = Math.max(largest[node], members[job].length);
          for (int portNum = 1; portNum <= fabric.numPorts(node); portNum++) {
            int port = fabric.port(node, portNum);
            int sw = sourceSwitch(port);
            if (sw >= 0) {
              if (lids[sw] == 0) {
                sws.add(sw);
              }
              lids[sw] += 1L << fabric.lmc(port);
            }
          }
        }
        switchesOfJob[job] = sws.toIntArray();
        lidsOnSwitch[job] = new long[sws.size()];
        for (int i = 0; i < sws.size(); i++) {
          lidsOnSwitch[job][i] = lids[sws.getInt(i)];
          lids[sws.getInt(i)] = 0;
        }
      }
      for (int node = 0; node < numNodes; node++) {
        jobStart[node + 1] += jobStart[node];
      }
      jobOfNode = new int[jobStart[numNodes]];
      int[] fill = jobStart.clone();
      for (int job = 0; job < numJobs; job++) {
        for (int node : members[job]) {
          jobOfNode[fill[node]++] = job;
        }
      }
      stamp = new int[numNodes];
    }

    /** The switch a CA port with a LID is cabled to, or -1. */
    private int sourceSwitch(int port) {
      if (fabric.baseLid(port) == 0 || fabric.nodeType(fabric.nodeOfPort(port)) != NodeType.CA) {
        return -1;
      }
      int peer = fabric.peerPort(port);
      return peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer)) ? fabric.nodeOfPort(peer) : -1;
    }

    /** The size of the largest job of two or more nodes that {@code node} is in, else 0. */
    int largestJob(int node) {
      return largest[node];
    }

    /**
     * Adds to {@code add[sw]} the LIDs of the CA ports on switch {@code sw} whose node shares a job
     * with {@code node}; returns the switches written.
     */
    IntArrayList addJobMates(int node, long[] add) {
      touched.clear();
      int from = jobStart[node];
      int to = jobStart[node + 1];
      if (to - from == 1) {
        int job = jobOfNode[from];
        int[] sws = switchesOfJob[job];
        long[] lids = lidsOnSwitch[job];
        for (int i = 0; i < sws.length; i++) {
          add[sws[i]] = lids[i];
          touched.add(sws[i]);
        }
        return touched;
      }
      // several jobs: count each job mate once
      epoch++;
      for (int j = from; j < to; j++) {
        for (int mate : members[jobOfNode[j]]) {
          if (stamp[mate] == epoch) {
            continue;
          }
          stamp[mate] = epoch;
          for (int portNum = 1; portNum <= fabric.numPorts(mate); portNum++) {
            int port = fabric.port(mate, portNum);
            int sw = sourceSwitch(port);
            if (sw >= 0) {
              if (add[sw] == 0) {
                touched.add(sw);
              }
              add[sw] += 1L << fabric.lmc(port);
            }
          }
        }
      }
      return touched;
    }
  }
}
