package org.ibrouting.engines.testing;

import static org.junit.jupiter.api.Assertions.fail;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;

/** Compares our LFTs with OpenSM's, reporting the first differing (switch, LID). */
public final class GoldenLfts {
  private GoldenLfts() {}

  /** Fails at the first (switch, LID) whose output ports differ. */
  public static void assertSameLfts(Routing expected, Routing actual, String what) {
    Fabric fabric = expected.fabric();
    int differences = 0;
    String first = null;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int a = expected.outPort(sw, lid);
        int b = actual.outPort(sw, lid);
        if (a != b) {
          if (first == null) {
            first = String.format("%s: first difference at %s, LID %d (0x%04x): OpenSM port %d, ours %d",
                what, fabric.nodeName(sw), lid, lid, a, b);
          }
          differences++;
        }
      }
    }
    if (first != null) {
      fail(first + " (" + differences + " entries differ)");
    }
  }
}
