package org.ibrouting.engines.ftree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.engines.testing.GoldenLfts;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our fat-tree tables equal OpenSM 3.3.23's ftree on every reference fabric it routed; where it
 * refused and fell back to minhop, ours refuses for the same reason, naming OpenSM's error code
 * from its log.
 */
class FtreeGoldenTest {
  private static final Pattern ERROR = Pattern.compile("ERR ([0-9A-F]{4})");

  @ParameterizedTest
  @MethodSource(GoldenLfts.REFERENCE_FABRICS)
  void equalsOpenSmFtreeOrRefusesAsIt(String name) throws RoutingException {
    Routing theirs = ReferenceFabrics.openSmRouting(name, "ftree");
    if ("ftree".equals(ReferenceFabrics.resultString(name, "ftree", "engine_used"))) {
      Routing ours = new FtreeEngine().route(theirs.fabric(), RoutingOptions.defaults());
      GoldenLfts.assertSameLfts(theirs, ours, name + " ftree");
      return;
    }
    assertEquals("minhop", ReferenceFabrics.resultString(name, "ftree", "engine_used"), name);
    Matcher m = ERROR.matcher(ReferenceFabrics.resultJson(name, "ftree"));
    assertTrue(m.find(), name + ": OpenSM's log notes name no error");
    RoutingException e =
        assertThrows(
            RoutingException.class,
            () -> new FtreeEngine().route(theirs.fabric(), RoutingOptions.defaults()));
    assertTrue(
        e.getMessage().startsWith("ftree: not a fat tree: ")
            && e.getMessage().contains("OpenSM ERR " + m.group(1)),
        name + ": OpenSM refused with ERR " + m.group(1) + ", ours: " + e.getMessage());
  }
}
