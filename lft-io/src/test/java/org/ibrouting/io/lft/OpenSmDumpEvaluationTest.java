package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoop;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.ForwardingIndex;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checks every OpenSM 3.3.23 dump of every reference fabric with {@link RouteChecker}, {@link
 * ForwardingIndex} and {@link CreditLoopVerifier} against the {@code eval} block of its {@code
 * ENGINE.result.json}, which an independent implementation computed.
 *
 * <p>The evaluation's CDG is VL-less (the dumps carry no SLs), over switch-to-switch channels and
 * routes between CA ports: so dfsssp, lash and nue dumps, which OpenSM spreads over several VLs,
 * may show cycles here; {@code credit_loop_free} is compared under that definition.
 */
class OpenSmDumpEvaluationTest {
  static List<Arguments> dumps() {
    List<Arguments> dumps = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      for (String engine : ReferenceFabrics.OPENSM_RUNS) {
        dumps.add(Arguments.of(name, engine));
      }
    }
    return dumps;
  }

  private static String field(String json, String key) {
    Matcher m =
        Pattern.compile("\"" + Pattern.quote(key) + "\"\\s*:\\s*([-0-9.eE+]+|true|false)")
            .matcher(json);
    if (!m.find()) {
      throw new AssertionError("no numeric or boolean field \"" + key + "\" in result.json");
    }
    return m.group(1);
  }

  private static long longField(String json, String key) {
    return Long.parseLong(field(json, key));
  }

  private static double doubleField(String json, String key) {
    return Double.parseDouble(field(json, key));
  }

  @ParameterizedTest(name = "{0}/{1}")
  @MethodSource("dumps")
  void matchesTheEvaluation(String name, String engine) throws Exception {
    Routing routing = ReferenceFabrics.openSmRouting(name, engine);
    String json = ReferenceFabrics.resultJson(name, engine);
    String eval = json.substring(json.indexOf("\"eval\""));
    String where = name + "/" + engine;

    RouteReport report = new RouteChecker(EndpointScope.TERMINALS, 2).check(routing);
    assertEquals(longField(eval, "pairs"), report.pairs(), where);
    assertEquals(longField(eval, "valid_pairs"), report.validPairs(), where + ": " + report);
    assertEquals(longField(eval, "unreachable_pairs"), report.unreachablePairs(), where);
    assertEquals(longField(eval, "blackhole_pairs"), report.blackholePairs(), where);
    assertEquals(longField(eval, "loop_pairs"), report.loopPairs(), where);
    assertEquals(doubleField(eval, "avg_hops"), report.avgHops(), 1e-9, where);
    assertEquals(longField(eval, "max_hops"), report.maxHops(), where);
    assertEquals(doubleField(eval, "minimal_fraction"), report.minimalShare(), 1e-9, where);
    assertEquals(doubleField(eval, "bfs_avg_hops"), report.bfsAvgHops(), 1e-9, where);

    ForwardingIndex efi = ForwardingIndex.compute(routing, EndpointScope.TERMINALS, 2);
    assertEquals(longField(eval, "sw_channels"), efi.numSwitchChannels(), where);
    assertEquals(longField(eval, "efi_max"), efi.max(), where);
    assertEquals(doubleField(eval, "efi_mean"), efi.mean(), 1e-9, where);

    CdgReport cdg = CreditLoopVerifier.defaults().ignoringSls(true).withThreads(2).verify(routing);
    assertEquals(longField(eval, "cdg_edges"), cdg.numEdges(0), where);
    assertEquals(longField(eval, "cdg_cyclic_channels"), cdg.numCyclicChannels(0), where);
    assertEquals(
        Boolean.parseBoolean(field(eval, "credit_loop_free")),
        cdg.isDeadlockFree(),
        where + ": " + cdg);
  }

  @Test
  void jellyfishUpDownWithOneRootHasACreditLoop() throws Exception {
    // OpenSM's updn with a root GUID file turned down and then up on this random graph
    Routing routing = ReferenceFabrics.openSmRouting("jellyfish32", "updn+roots");
    CdgReport cdg = CreditLoopVerifier.defaults().verify(routing);
    assertFalse(cdg.isDeadlockFree());
    CreditLoop loop = cdg.creditLoop(0).orElseThrow();
    assertNotNull(loop);
    assertTrue(loop.length() >= 2, loop.toString());
    for (String channel : loop.channelNames()) {
      assertTrue(
          channel.matches("switch 0x\\p{XDigit}{16} \".*\" port \\d+ -> switch .*"), channel);
    }
    assertEquals(6, cdg.numCyclicChannels(0), cdg.toString());
  }
}
