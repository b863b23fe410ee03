package org.ibrouting.engines.sar;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.ssspfamily.SsspGraph;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.NodeType;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.simulation.JobMap;

/**
 * SAR's path phase written the obvious way, for differential tests: job sets as hash sets, job
 * mates found by testing every CA port against every job of the destination, destinations sorted
 * with a boxed stable sort. Shares only the Dijkstra of {@link SsspGraph} (checked against OpenSM
 * by the SSSP golden tests).
 */
final class NaiveSar {
  private NaiveSar() {}

  static Routing route(Fabric fabric, JobMap jobs, boolean[] io) {
    List<Set<Integer>> jobSets = new ArrayList<>();
    for (int job = 0; job < jobs.numJobs(); job++) {
      Set<Integer> set = new HashSet<>();
      for (int node : jobs.nodes(job)) {
        set.add(node);
      }
      jobSets.add(set);
    }
    List<Integer> inJobs = new ArrayList<>();
    List<Integer> ioPorts = new ArrayList<>();
    List<Integer> others = new ArrayList<>();
    for (int port : SsspEngine.destinationOrderOf(fabric)) {
      int node = fabric.nodeOfPort(port);
      if (largestJob(jobSets, node) >= 2) {
        inJobs.add(port);
      } else if (io != null && io[port]) {
        ioPorts.add(port);
      } else {
        others.add(port);
      }
    }
    inJobs.sort(
        (a, b) ->
            largestJob(jobSets, fabric.nodeOfPort(b)) - largestJob(jobSets, fabric.nodeOfPort(a)));
    SsspGraph graph = new SsspGraph(fabric);
    long p = graph.numEndpointLids();
    RoutingBuilder builder = Routing.builder(fabric, "sar").setOwnLidsToPortZero();
    graph.resetWeights(p * p);
    for (int dest : inJobs) {
      long[] add = new long[fabric.numSwitches()];
      int destNode = fabric.nodeOfPort(dest);
      for (int node = 0; node < fabric.numNodes(); node++) {
        if (fabric.nodeType(node) != NodeType.CA || !shareAJob(jobSets, node, destNode)) {
          continue;
        }
        for (int portNum = 1; portNum <= fabric.numPorts(node); portNum++) {
          int port = fabric.port(node, portNum);
          int peer = fabric.peerPort(port);
          if (fabric.baseLid(port) != 0 && peer >= 0 && fabric.isSwitch(fabric.nodeOfPort(peer))) {
            add[fabric.nodeOfPort(peer)] += 1L << fabric.lmc(port);
          }
        }
      }
      route(graph, builder, dest, add);
    }
    graph.resetWeights(p * p);
    for (int dest : ioPorts) {
      route(graph, builder, dest, graph.endPortLids());
    }
    graph.resetWeights(p * p);
    for (int dest : others) {
      route(graph, builder, dest, graph.endPortLids());
    }
    return builder.build();
  }

  private static void route(SsspGraph graph, RoutingBuilder builder, int dest, long[] add) {
    Fabric fabric = graph.fabric();
    for (int lid = fabric.baseLid(dest);
        lid < fabric.baseLid(dest) + (1 << fabric.lmc(dest));
        lid++) {
      graph.shortestPathTree(dest);
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        if (graph.outPortNum(sw) >= 0) {
          builder.setOutPort(sw, lid, graph.outPortNum(sw));
        }
      }
      graph.addWeights(add);
    }
  }

  private static int largestJob(List<Set<Integer>> jobSets, int node) {
    int largest = 0;
    for (Set<Integer> set : jobSets) {
      if (set.size() >= 2 && set.contains(node)) {
        largest = Math.max(largest, set.size());
      }
    }
    return largest;
  }

  private static boolean shareAJob(List<Set<Integer>> jobSets, int a, int b) {
    for (Set<Integer> set : jobSets) {
      if (set.size() >= 2 && set.contains(a) && set.contains(b)) {
        return true;
      }
    }
    return false;
  }
}
