package org.ibrouting.engines.robustness;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ibrouting.engines.Engines;
import org.junit.jupiter.api.Test;

/** The robustness tests accept only the refusals an engine documents. */
class DocumentedRefusalsTest {
  @Test
  void everyRegisteredEngineIsListed() {
    for (String engine : Engines.names()) {
      assertTrue(DocumentedRefusals.knows(engine), engine);
    }
  }

  @Test
  void internalErrorsAndOtherEnginesReasonsAreNotRefusals() {
    assertNull(
        DocumentedRefusals.problem(
            "nue",
            "nue: 3 switch(es) cannot be reached from switch 0x2 \"S\"; the"
                + " fabric is split (OpenSM: ERR NUE45)"));
    assertNotNull(
        DocumentedRefusals.problem(
            "nue",
            "nue: internal error, the paths towards LID 7 do not form a tree"
                + " at switch 0x2 \"S\""));
    assertNotNull(
        DocumentedRefusals.problem("nue", "nue: internal dependency order out of step at edge 12"));
    assertNotNull(
        DocumentedRefusals.problem(
            "updn",
            "dnup: switch 0x1 \"a\" has no Down*/Up* path to switch 0x2"
                + " \"b\", though links join them; route with updn or minhop"));
    assertNotNull(
        DocumentedRefusals.problem(
            "minhop", "minhop: java.lang.ArrayIndexOutOfBoundsException: 5"));
    assertNotNull(DocumentedRefusals.problem("minhop", null));
    assertNotNull(
        DocumentedRefusals.problem(
            "no-such-engine", "no-such-engine: the fabric has no switch to route"));
  }
}
