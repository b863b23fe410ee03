package org.ibrouting.topology;

import static org.ibrouting.topology.TopologiesTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.junit.jupiter.api.Test;

class TopologySpecTest {

  private static TopologySpec spec(String line) {
    return TopologySpec.parse(line);
  }

  @Test
  void aSpecLineIsItsWordsAnyWhiteSpaceBetween() {
    assertEquals(
        TopologySpec.parse("ktree", List.of("4", "3")), TopologySpec.parse("  ktree\t4   3 "));
  }

  @Test
  void everyKindParsesBuildsAndPrintsBack() {
    String[] lines = {
      "ktree 4 3",
      "xgft 2 16,12 1,8 radix=24",
      "torus 4,4 4",
      "mesh 3,2,2 1",
      "hypercube 5 2",
      "dragonfly 4 2 2",
      "jellyfish 32 12 12 7 lmc=1",
      "directors 3 4 2 3 6",
      "ktree 2 2 rate=none"
    };
    int[] switches = {48, 20, 16, 12, 32, 36, 32, 18, 4};
    for (int i = 0; i < lines.length; i++) {
      TopologySpec spec = spec(lines[i]);
      assertEquals(lines[i], spec.toString());
      assertEquals(spec, spec(spec.toString()));
      Fabric f = spec.build();
      assertEquals(switches[i], f.numSwitches(), lines[i]);
    }
    assertEquals(24, spec("xgft 2 16,12 1,8 radix=24").build().numPorts(0));
    assertEquals(
        1,
        spec("jellyfish 32 12 12 7 lmc=1")
            .build()
            .lmc(spec("jellyfish 32 12 12 7 lmc=1").build().port(40, 1)));
    assertEquals("torus 4,4 4", spec("torus 4x4 4").toString());
  }

  @Test
  void badSpecsSayWhatWasExpected() {
    assertMessage("ktree: expected 'ktree K N', got 1 parameter [4]", () -> spec("ktree 4"));
    assertMessage("unknown topology 'fattree'; known: ktree, xgft", () -> spec("fattree 4 3"));
    assertMessage("dragonfly: P must be an integer, found 'two'", () -> spec("dragonfly 4 two 2"));
    assertMessage("xgft: H = 2 needs 2 down arities and 2 up arities", () -> spec("xgft 2 4,4 1"));
    assertMessage("unknown option 'lcm=1'", () -> spec("ktree 4 3 lcm=1"));
    assertMessage("torus: dimension 1 has 2 switches per ring", () -> spec("torus 2,4 1").build());
  }
}
