package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.junit.jupiter.api.Test;

class JobMetricsTest {

  private static JobMap parse(String text, Fabric fabric) throws Exception {
    return JobMap.parse(new StringReader(text), "jobs.txt", fabric);
  }

  @Test
  void parsesDescriptionsGuidsAndComments() throws Exception {
    KaryNTree tree = new KaryNTree(4, 2);
    String guid = Lids.guidHex(KaryNTree.hostGuid(4));
    JobMap jobs = parse("# node job\nH1 a\n\n  H2\ta  # same job\n" + guid + " b\nH1 b\n", tree.fabric);
    assertEquals(2, jobs.numJobs());
    assertEquals("a", jobs.jobId(0));
    assertEquals(2, jobs.size(0));
    assertEquals(tree.fabric.nodeOfGuid(KaryNTree.hostGuid(4)), jobs.nodes(1)[0]);
    assertEquals(tree.fabric.nodeOfGuid(KaryNTree.hostGuid(0)), jobs.nodes(1)[1]);
  }

  @Test
  void errorsCarryLineAndColumn() {
    KaryNTree tree = new KaryNTree(4, 2);
    JobMapException unknown = assertThrows(JobMapException.class,
        () -> parse("H1 a\nH2 a\n  nosuchhost a\n", tree.fabric));
    assertEquals(3, unknown.line());
    assertEquals(3, unknown.column());
    assertTrue(unknown.getMessage().startsWith("jobs.txt:3:3: unknown node 'nosuchhost'"), unknown.getMessage());
    JobMapException missing = assertThrows(JobMapException.class, () -> parse("H1\n", tree.fabric));
    assertTrue(missing.getMessage().startsWith("jobs.txt:1:3: expected a job id"), missing.getMessage());
    JobMapException sw = assertThrows(JobMapException.class, () -> parse("sw-L0-0 a\n", tree.fabric));
    assertTrue(sw.getMessage().contains("is a switch"), sw.getMessage());
    JobMapException twice = assertThrows(JobMapException.class, () -> parse("H1 a\nH1 a\n", tree.fabric));
    assertEquals(2, twice.line());
    JobMapException third = assertThrows(JobMapException.class, () -> parse("H1 a x\n", tree.fabric));
    assertEquals(6, third.column());
  }

  @Test
  void effectiveForwardingIndexAndDarkFibreByHand() throws Exception {
    // d-mod-k 4-ary 2-tree: host h is reached through spine h mod 4
    KaryNTree tree = new KaryNTree(4, 2);
    PathTable table = PathTable.build(tree.routing, Endpoints.allCas(tree.fabric));
    // job a stays on leaf 0; job b = hosts 0 and 4 (spine 0 both ways); job c = hosts 0 and 8
    JobMap jobs = parse("H1 a\nH2 a\nH3 a\nH4 a\nH1 b\nH5 b\nH1 c\nH9 c\n", tree.fabric);
    JobMetrics m = JobMetrics.compute(table, jobs);
    assertEquals(32, m.numInterSwitchChannels());
    assertEquals(2, m.maxEffectiveForwardingIndex());
    assertEquals(26, m.numDarkChannels());
    assertEquals(26 / 32.0, m.darkFibreShare(), 1e-12);
    Endpoints endpoints = table.endpoints();
    int leaf0 = endpoints.leafSwitch(tree.endpoint(endpoints, 0));
    int up = tree.fabric.port(leaf0, tree.routing.outPort(leaf0, tree.lidOfHost(4)));
    assertEquals(2, m.effectiveForwardingIndex(up), "0->4 and 0->8 leave leaf 0 on the same uplink");
    long sum = 0;
    for (int g : m.effectiveForwardingIndices()) {
      sum += g;
    }
    assertEquals(8, sum, "4 inter-leaf routes of 2 inter-switch channels each");
  }
}
