package org.ibrouting.engines.sar;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.ibrouting.engines.testing.JobLists;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.Routing;
import org.ibrouting.simulation.JobMap;
import org.ibrouting.simulation.JobMetrics;
import org.ibrouting.simulation.PathTable;

/** Job maps for tests: interleaved, random, and random mixes of sizes; written as job-file text. */
final class JobMixes {
  private JobMixes() {}

  /** The CA nodes of the fabric, in node order. */
  static List<Integer> cas(Fabric fabric) {
    List<Integer> cas = new ArrayList<>();
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      if (!fabric.isSwitch(node) && fabric.nodeType(node) == org.ibrouting.fabric.NodeType.CA) {
        cas.add(node);
      }
    }
    return cas;
  }

  /** CA number i (node order) in job i mod jobs: every job spread over every leaf. */
  static String interleaved(Fabric fabric, int jobs) {
    StringBuilder text = new StringBuilder();
    List<Integer> cas = cas(fabric);
    for (int i = 0; i < cas.size(); i++) {
      text.append(line(fabric, cas.get(i), "job" + (i % jobs)));
    }
    return text.toString();
  }

  /** The CAs shuffled with {@code seed}, then cut into jobs of the given sizes; the rest idle. */
  static String random(Fabric fabric, long seed, int... sizes) {
    List<Integer> cas = cas(fabric);
    Collections.shuffle(cas, new Random(seed));
    StringBuilder text = new StringBuilder();
    int next = 0;
    for (int job = 0; job < sizes.length; job++) {
      for (int i = 0; i < sizes[job]; i++) {
        text.append(line(fabric, cas.get(next++), "job" + job));
      }
    }
    return text.toString();
  }

  /**
   * A random mix: jobs of random sizes between 2 and {@code maxSize} on random CAs until about
   * {@code fill} of the CAs are busy.
   */
  static String randomMix(Fabric fabric, long seed, int maxSize, double fill) {
    Random random = new Random(seed);
    int numCas = cas(fabric).size();
    List<Integer> sizes = new ArrayList<>();
    int busy = 0;
    while (busy < fill * numCas) {
      int size = Math.min(2 + random.nextInt(maxSize - 1), numCas - busy);
      if (size < 2) {
        break;
      }
      sizes.add(size);
      busy += size;
    }
    return random(fabric, random.nextLong(), sizes.stream().mapToInt(Integer::intValue).toArray());
  }

  static String line(Fabric fabric, int node, String job) {
    return Lids.guidHex(fabric.nodeGuid(node)) + " " + job + "\n";
  }

  static JobMap parse(Fabric fabric, String text) {
    return JobMap.resolve(JobLists.parse(text), fabric);
  }

  static JobMetrics metrics(Routing routing, JobMap jobs) {
    return JobMetrics.compute(PathTable.build(routing, EndPorts.cabledCas(routing.fabric())), jobs);
  }
}
