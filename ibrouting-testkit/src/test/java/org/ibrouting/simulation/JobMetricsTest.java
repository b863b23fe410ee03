package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

class JobMetricsTest {
  /** The endpoint of the h-th CA of the tree. */
  private static int host(EndPorts endpoints, int h) {
    return endpoints.firstOfNode(endpoints.fabric().nodeByDescription("H" + h));
  }

  /** The LID of the h-th CA of the tree. */
  private static int hostLid(Routing tree, int h) {
    return tree.fabric().baseLid(tree.fabric().port(tree.fabric().nodeByDescription("H" + h), 1));
  }

  private static JobMap resolve(Fabric fabric, String... nodeJobPairs) {
    return JobMap.resolve(JobList.of(nodeJobPairs), fabric);
  }

  @Test
  void resolvesDescriptionsAndGuids() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    String guid = Lids.guidHex(tree.fabric().nodeGuid(tree.fabric().nodeByDescription("H4")));
    JobMap jobs = resolve(tree.fabric(), "H0", "a", "H1", "a", guid, "b", "H0", "b");
    assertEquals(2, jobs.numJobs());
    assertEquals("a", jobs.jobId(0));
    assertEquals(2, jobs.size(0));
    assertEquals(tree.fabric().nodeByDescription("H4"), jobs.nodes(1)[0]);
    assertEquals(tree.fabric().nodeByDescription("H0"), jobs.nodes(1)[1]);
  }

  @Test
  void errorsNameTheEntry() {
    Routing tree = TestRoutings.dModK(4, 2, false);
    JobList fromFile =
        new JobList(
            "jobs.txt",
            java.util.List.of(
                new JobList.Entry("H0", "a", "jobs.txt:1:1"),
                new JobList.Entry("nosuchhost", "a", "jobs.txt:3:3")));
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> JobMap.resolve(fromFile, tree.fabric()));
    assertTrue(
        unknown.getMessage().startsWith("jobs.txt:3:3: unknown node 'nosuchhost'"),
        unknown.getMessage());
    IllegalArgumentException sw =
        assertThrows(IllegalArgumentException.class, () -> resolve(tree.fabric(), "S0_0", "a"));
    assertTrue(
        sw.getMessage().startsWith("entry 1: ") && sw.getMessage().contains("is a switch"),
        sw.getMessage());
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class, () -> resolve(tree.fabric(), "H0", "a", "H0", "a"));
    assertTrue(
        twice.getMessage().startsWith("entry 2: ")
            && twice.getMessage().endsWith("is listed twice for job 'a'"),
        twice.getMessage());
  }

  @Test
  void effectiveForwardingIndexAndDarkFibreByHand() {
    // d-mod-k 4-ary 2-tree: host h is reached through spine h mod 4
    Routing tree = TestRoutings.dModK(4, 2, false);
    PathTable table = PathTable.build(tree, EndPorts.cabledCas(tree.fabric()));
    // job a stays on leaf 0; job b = hosts 0 and 4 (spine 0 both ways); job c = hosts 0 and 8
    JobMap jobs =
        resolve(
            tree.fabric(),
            "H0",
            "a",
            "H1",
            "a",
            "H2",
            "a",
            "H3",
            "a",
            "H0",
            "b",
            "H4",
            "b",
            "H0",
            "c",
            "H8",
            "c");
    JobMetrics m = JobMetrics.compute(table, jobs);
    assertEquals(32, m.numInterSwitchChannels());
    assertEquals(2, m.maxEffectiveForwardingIndex());
    assertEquals(26, m.numDarkChannels());
    assertEquals(26 / 32.0, m.darkFibreShare(), 1e-12);
    EndPorts endpoints = table.endPorts();
    int leaf0 = endpoints.leafSwitch(host(endpoints, 0));
    int up = tree.fabric().port(leaf0, tree.outPort(leaf0, hostLid(tree, 4)));
    assertEquals(
        2, m.effectiveForwardingIndex(up), "0->4 and 0->8 leave leaf 0 on the same uplink");
    long sum = 0;
    for (int g : m.effectiveForwardingIndices()) {
      sum += g;
    }
    assertEquals(8, sum, "4 inter-leaf routes of 2 inter-switch channels each");
  }
}
