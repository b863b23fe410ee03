package org.ibrouting.simulation;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;

/**
 * Job-aware routing metrics of Domke and Hoefler, "Scheduling-Aware Routing for Supercomputers":
 * the effective edge forwarding index of every inter-switch channel, {@code γᵉ(c) = Σ_jobs |{
 * routes x -> y : x, y in the job, c on the route }|}, and the dark-fibre share θ, the fraction of
 * inter-switch channels that no intra-job route uses.
 *
 * <p>Cost: O(Σ_jobs |job|² x path length); memory: one int per port slot.
 */
public final class JobMetrics {
  private final Fabric fabric;
  private final int[] gamma;
  private final int numInterSwitchChannels;
  private final int numDark;
  private final int maxGamma;

  private JobMetrics(
      Fabric fabric, int[] gamma, int numInterSwitchChannels, int numDark, int maxGamma) {
    this.fabric = fabric;
    this.gamma = gamma;
    this.numInterSwitchChannels = numInterSwitchChannels;
    this.numDark = numDark;
    this.maxGamma = maxGamma;
  }

  /**
   * Computes γᵉ and θ over the routes between the endpoints of each job's nodes.
   *
   * @throws IllegalArgumentException if a job's node has no endpoint in the table, or a route
   *     inside a job is unroutable
   */
  public static JobMetrics compute(PathTable table, JobMap jobs) {
    Fabric fabric = table.fabric();
    if (jobs.fabric() != fabric) {
      throw new IllegalArgumentException(
          "the job map belongs to " + jobs.fabric() + ", the routing to " + fabric);
    }
    EndPorts endpoints = table.endPorts();
    int[] gamma = new int[fabric.numPortSlots()];
    int[] buffer = new int[Math.max(1, table.maxPathLength())];
    IntArrayList members = new IntArrayList();
    for (int job = 0; job < jobs.numJobs(); job++) {
      members.clear();
      for (int node : jobs.nodes(job)) {
        int before = members.size();
        for (int p = 1; p <= fabric.numPorts(node); p++) {
          int e = endpoints.indexOfPort(fabric.port(node, p));
          if (e >= 0) {
            members.add(e);
          }
        }
        if (members.size() == before) {
          throw new IllegalArgumentException(
              "job '"
                  + jobs.jobId(job)
                  + "': "
                  + fabric.nodeName(node)
                  + " has no endpoint in the simulated set");
        }
      }
      int[] m = members.elements();
      int size = members.size();
      for (int a = 0; a < size; a++) {
        for (int b = 0; b < size; b++) {
          if (a == b) {
            continue;
          }
          int length = table.path(m[a], m[b], buffer, 0);
          if (length < 0) {
            throw new IllegalArgumentException(
                "job '" + jobs.jobId(job) + "': " + table.describe(m[a], m[b]));
          }
          for (int i = 0; i < length; i++) {
            int c = buffer[i];
            if (fabric.isSwitch(fabric.nodeOfPort(c)) && table.headSwitch(c) >= 0) {
              gamma[c]++;
            }
          }
        }
      }
    }
    int numInter = 0;
    int dark = 0;
    int max = 0;
    for (int c = 0; c < gamma.length; c++) {
      if (isInterSwitch(fabric, table, c)) {
        numInter++;
        if (gamma[c] == 0) {
          dark++;
        }
        max = Math.max(max, gamma[c]);
      }
    }
    return new JobMetrics(fabric, gamma, numInter, dark, max);
  }

  private static boolean isInterSwitch(Fabric fabric, PathTable table, int channel) {
    return fabric.peerPort(channel) >= 0
        && fabric.isSwitch(fabric.nodeOfPort(channel))
        && table.headSwitch(channel) >= 0;
  }

  /** γᵉ of a channel (0 for channels that are not inter-switch). */
  public int effectiveForwardingIndex(int channel) {
    return gamma[channel];
  }

  /** A copy of γᵉ indexed by channel (port slot). */
  public int[] effectiveForwardingIndices() {
    return gamma.clone();
  }

  /** The largest γᵉ of any inter-switch channel. */
  public int maxEffectiveForwardingIndex() {
    return maxGamma;
  }

  /** |C*|: the number of inter-switch channels. */
  public int numInterSwitchChannels() {
    return numInterSwitchChannels;
  }

  /** The number of inter-switch channels with γᵉ = 0. */
  public int numDarkChannels() {
    return numDark;
  }

  /** θ: the dark-fibre share; NaN for a fabric without inter-switch channels. */
  public double darkFibreShare() {
    return numInterSwitchChannels == 0 ? Double.NaN : numDark / (double) numInterSwitchChannels;
  }

  /** The fabric. */
  public Fabric fabric() {
    return fabric;
  }
}
