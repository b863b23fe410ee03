package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.TestFabrics;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;

/**
 * compare's table from the API: rows measured on the same patterns, refusals and partly routed
 * routings as rows; Λ of a routing with unroutable pairs refused the same way everywhere.
 */
class RoutingComparisonTest {
  private static final Fabric TREE = TestFabrics.kAryNTree(4, 2);

  private static RoutingEngine engine(String name, boolean refuse) {
    return RoutingEngine.named(
        name,
        (fabric, options) -> {
          if (refuse) {
            throw new RoutingException(
                RoutingException.Reason.UNSUPPORTED_TOPOLOGY, name + ": not today");
          }
          return TestRoutings.shortestPaths(fabric);
        });
  }

  @Test
  void rowsAreMeasuredLikeRoutingQuality() {
    RoutingQuality.Options options =
        RoutingQuality.Options.defaults().withPatterns(200).withSeed(3).withThreads(2);
    RoutingComparison table = new RoutingComparison(TREE, options);
    RoutingComparison.Row shortest =
        table.route("shortest", engine("shortest", false), RoutingOptions.seeded(1));
    RoutingComparison.Row refused =
        table.route("never", engine("never", true), RoutingOptions.seeded(1));
    Routing updown = TestRoutings.upDown(TREE, TREE.numSwitches() - 1);
    table.add("updown", updown);
    Routing broken = TestRoutings.damaged(TestRoutings.shortestPaths(TREE), new Random(5), 0.2);
    table.add("broken", broken);
    assertEquals(
        List.of("shortest", "never", "updown", "broken"),
        table.rows().stream().map(RoutingComparison.Row::name).toList());

    RoutingQuality direct = RoutingQuality.measure(updown, options);
    assertEquals(direct.lambda(), table.rows().get(2).quality().lambda());
    assertEquals(direct.efiMax(), table.rows().get(2).quality().efiMax());
    assertTrue(shortest.allRouted() && shortest.routingSeconds() >= 0);
    assertNull(refused.quality());
    assertEquals(RoutingException.Reason.UNSUPPORTED_TOPOLOGY, refused.refusal().reason());
    RoutingComparison.Row brokenRow = table.rows().get(3);
    assertFalse(brokenRow.allRouted());
    assertTrue(Double.isNaN(brokenRow.quality().lambda()));

    String[] lines = table.format().split("\n");
    assertEquals(5, lines.length);
    // the engine column is as wide as its longest entry
    int w = table.rows().stream().mapToInt(r -> r.engine().length()).max().orElseThrow();
    assertTrue(
        lines[0].startsWith(
            String.format("%-24s %-" + w + "s    time s  VLs avg hops", "routing", "engine")),
        lines[0]);
    assertTrue(
        lines[2].startsWith(
            String.format("%-24s %-" + w + "s refused: never: not today", "never", "never")),
        lines[2]);
    assertTrue(
        lines[3].startsWith(
            String.format("%-24s %-" + w + "s         -    1", "updown", "test-updn")),
        lines[3]);
    assertTrue(
        lines[3].endsWith(
            String.format(
                java.util.Locale.ROOT, "%.4f +- %.4f", direct.lambda(), direct.lambdaCi95())),
        lines[3]);
    assertTrue(lines[4].endsWith("not all routed"), lines[4]);
    String[] csv = table.formatCsv().split("\n");
    assertEquals(
        "name,engine,routing_seconds,vls,avg_hops,max_hops,minimal_share,efi_max,efi_mean,lambda,"
            + "lambda_ci95,error",
        csv[0]);
    assertEquals("never,never,,,,,,,,,,\"never: not today\"", csv[2]);
    assertThrows(
        IllegalArgumentException.class,
        () -> table.add("other", TestRoutings.shortestPaths(TestFabrics.kAryNTree(4, 2))));
  }

  /** With a job map every CSV line, a refusal's too, has the header's columns. */
  @Test
  void csvLinesWithJobColumnsAreAsLongAsTheHeader() {
    int first = TREE.nodeOfLid(1);
    int second = TREE.nodeOfLid(2);
    assertFalse(TREE.isSwitch(first) || TREE.isSwitch(second));
    JobMap jobs =
        JobMap.resolve(
            JobList.of(TREE.description(first), "a", TREE.description(second), "a"), TREE);
    RoutingComparison table =
        new RoutingComparison(
            TREE, RoutingQuality.Options.defaults().withPatterns(10).withJobs(jobs));
    table.route("shortest", engine("shortest", false), RoutingOptions.seeded(1));
    table.route("never", engine("never", true), RoutingOptions.seeded(1));
    String[] csv = table.formatCsv().split("\n");
    assertEquals(3, csv.length);
    assertTrue(csv[0].endsWith(",error,job_efi_max,dark_fibre_share"), csv[0]);
    for (String line : csv) {
      assertEquals(13, line.chars().filter(c -> c == ',').count(), line);
    }
    assertEquals("never,never,,,,,,,,,,\"never: not today\",,", csv[2]);
    String[] table2 = table.format().split("\n");
    assertTrue(table2[0].endsWith(" job EFI    dark"), table2[0]);
  }

  /**
   * A 10-character engine name (torus-2QoS, multiupdn's neighbours) or a long routing name widens
   * its column instead of pushing the rest of its line out of line.
   */
  @Test
  void columnsAreAsWideAsTheirLongestEntry() {
    RoutingComparison table =
        new RoutingComparison(TREE, RoutingQuality.Options.defaults().withPatterns(10));
    Routing shortest = TestRoutings.shortestPaths(TREE);
    table.add("shortest", shortest);
    table.add("torus", shortest.withSlTable("torus-2QoS", shortest.slTable()));
    String longName = "a routing whose name is longer than 24";
    table.add(longName, shortest);
    String[] lines = table.format().split("\n");
    int vls = lines[0].indexOf(" VLs") + 4;
    int lambda = lines[0].length();
    for (int i = 1; i < lines.length; i++) {
      assertEquals(' ', lines[i].charAt(vls), "VLs column, line " + i + ":\n" + table.format());
      assertTrue(Character.isDigit(lines[i].charAt(vls - 1)), table.format());
      assertEquals(lambda, lines[i].length(), "Lambda column, line " + i + ":\n" + table.format());
    }
    assertTrue(
        lines[2].startsWith(String.format("%-" + longName.length() + "s torus-2QoS ", "torus")),
        lines[2]);
  }

  @Test
  void lambdaOfAnUnroutableRoutingIsRefusedEverywhere() {
    Routing broken = TestRoutings.damaged(TestRoutings.shortestPaths(TREE), new Random(5), 0.2);
    UnroutablePairsException bySimulator =
        assertThrows(
            UnroutablePairsException.class,
            () -> Simulator.effectiveBisectionBandwidth(broken, 10, 1));
    UnroutablePairsException byQuality =
        assertThrows(
            UnroutablePairsException.class,
            () ->
                RoutingQuality.measure(broken, RoutingQuality.Options.defaults().withPatterns(10)));
    assertEquals(bySimulator.unroutablePairs(), byQuality.unroutablePairs());
    assertTrue(bySimulator.unroutablePairs() > 0);
    RoutingQuality withoutLambda =
        RoutingQuality.measure(broken, RoutingQuality.Options.defaults().withPatterns(0));
    assertFalse(withoutLambda.report().allRouted());
    assertTrue(Double.isNaN(withoutLambda.lambda()));

    Routing good = TestRoutings.shortestPaths(TREE);
    assertEquals(
        Simulator.effectiveBisectionBandwidth(good, 100, 9).mean(),
        Simulator.effectiveBisectionBandwidth(good, SimulationOptions.of(100, 9).withThreads(1))
            .mean(),
        "the result does not depend on the thread count");
  }
}
