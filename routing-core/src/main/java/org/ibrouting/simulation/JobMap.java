package org.ibrouting.simulation;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ibrouting.fabric.Fabric;

/**
 * Which CAs of a fabric every job runs on: a {@link JobList} resolved against the fabric ({@link
 * #resolve}). SAR routes by it; {@link JobMetrics} measures a routing for it.
 */
public final class JobMap {
  private final Fabric fabric;
  private final String[] jobIds;
  private final int[][] nodesOfJob;

  private JobMap(Fabric fabric, String[] jobIds, int[][] nodesOfJob) {
    this.fabric = fabric;
    this.jobIds = jobIds;
    this.nodesOfJob = nodesOfJob;
  }

  /**
   * Resolves the entries of {@code jobs} against {@code fabric}. Jobs keep the order of their first
   * entry; a node may belong to several jobs.
   *
   * @throws IllegalArgumentException naming the entry ({@code file:line:column}) for a node the
   *     fabric does not have, a description several nodes share, a switch, or a node listed twice
   *     for one job
   */
  public static JobMap resolve(JobList jobs, Fabric fabric) {
    Map<String, Integer> nodeOfDescription = new HashMap<>();
    for (int node = 0; node < fabric.numNodes(); node++) {
      Integer previous = nodeOfDescription.putIfAbsent(fabric.description(node), node);
      if (previous != null) {
        nodeOfDescription.put(fabric.description(node), -1);
      }
    }
    Map<String, IntArrayList> nodesOf = new LinkedHashMap<>();
    Map<String, IntOpenHashSet> seen = new HashMap<>();
    for (JobList.Entry entry : jobs.entries()) {
      String name = entry.node();
      String job = entry.job();
      int node = resolve(name, fabric, nodeOfDescription);
      if (node == -2) {
        throw new IllegalArgumentException(
            entry.where()
                + ": node description '"
                + name
                + "' names several nodes; use the node GUID");
      }
      if (node < 0) {
        throw new IllegalArgumentException(
            entry.where()
                + ": unknown node '"
                + name
                + "' (expected a CA node description or node GUID of "
                + fabric
                + ")");
      }
      if (fabric.isSwitch(node)) {
        throw new IllegalArgumentException(
            entry.where() + ": " + fabric.nodeName(node) + " is a switch; jobs run on CAs");
      }
      if (!seen.computeIfAbsent(job, j -> new IntOpenHashSet()).add(node)) {
        throw new IllegalArgumentException(
            entry.where()
                + ": "
                + fabric.nodeName(node)
                + " is listed twice for job '"
                + job
                + "'");
      }
      nodesOf.computeIfAbsent(job, j -> new IntArrayList()).add(node);
    }
    String[] ids = nodesOf.keySet().toArray(new String[0]);
    int[][] nodes = new int[ids.length][];
    for (int j = 0; j < ids.length; j++) {
      nodes[j] = nodesOf.get(ids[j]).toIntArray();
    }
    return new JobMap(fabric, ids, nodes);
  }

  private static int resolve(String name, Fabric fabric, Map<String, Integer> nodeOfDescription) {
    Integer byDescription = nodeOfDescription.get(name);
    if (byDescription != null) {
      return byDescription == -1 ? -2 : byDescription;
    }
    String hex = name.startsWith("0x") || name.startsWith("0X") ? name.substring(2) : null;
    if (hex != null && !hex.isEmpty() && hex.length() <= 16) {
      try {
        return fabric.nodeOfGuid(Long.parseUnsignedLong(hex, 16));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    // a node name ibnetdiscover-style ("H" + GUID without 0x), as ORCS names hosts
    if ((name.startsWith("H") || name.startsWith("S"))
        && name.length() > 1
        && name.length() <= 17) {
      try {
        return fabric.nodeOfGuid(Long.parseUnsignedLong(name.substring(1), 16));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    return -1;
  }

  /** The fabric the node indices refer to. */
  public Fabric fabric() {
    return fabric;
  }

  /** The number of jobs. */
  public int numJobs() {
    return jobIds.length;
  }

  /** The id of job {@code j} as written in the file. */
  public String jobId(int job) {
    return jobIds[job];
  }

  /** The nodes of job {@code j}, in file order. */
  public int[] nodes(int job) {
    return nodesOfJob[job].clone();
  }

  /** The number of nodes of job {@code j}. */
  public int size(int job) {
    return nodesOfJob[job].length;
  }
}
