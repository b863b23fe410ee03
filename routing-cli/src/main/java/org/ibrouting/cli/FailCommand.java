package org.ibrouting.cli;

import java.util.Locale;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.topology.Connectivity;
import org.ibrouting.topology.Failures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ibrouting fail FABRIC -o DAMAGED --links N}: the fabric after random failures. */
@Command(
    name = "fail",
    description = {
      "Write the fabric as ibnetdiscover would see it after random switch-to-switch links (and/or"
          + " switches, with the CAs cabled only to them) failed; ports keep their GUIDs and LIDs, as"
          + " OpenSM keeps them. N is a count, or a share of the links (switches) such as 5%%."
    })
final class FailCommand extends FabricCommand {
  @Mixin FabricOutput fabricOutput;

  @Option(names = "--links", paramLabel = "N|P%", description = "Switch-to-switch links to fail.")
  String links;

  @Option(names = "--switches", paramLabel = "N|P%", description = "Switches to fail.")
  String switches;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the random choice (default 0).")
  long seed;

  @Override
  void checkArguments() throws Exception {
    if (links == null && switches == null) {
      throw new IllegalArgumentException("give --links and/or --switches");
    }
  }

  @Override
  int run(Fabric fabric) throws Exception {
    Fabric damaged = fabric;
    if (switches != null) {
      damaged =
          Failures.failSwitchShare(
              damaged, percent(switches, "--switches", damaged.numSwitches()), seed);
    }
    if (links != null) {
      damaged =
          Failures.failLinkShare(
              damaged, percent(links, "--links", Failures.switchLinks(damaged)), seed);
    }
    fabricOutput.write(damaged);
    long pairs = Connectivity.connectedPairs(fabric);
    long left = Connectivity.connectedPairs(damaged);
    if (common.json) {
      System.out.println(
          fabricOptions
              .json()
              .put("output", fabricOutput.output.toString())
              .put("switches", damaged.numSwitches())
              .put("cas", damaged.numCas())
              .put("links", damaged.numLinks())
              .put("links_before", fabric.numLinks())
              .put("connected_pairs", left)
              .put("connected_pairs_before", pairs));
    } else if (!common.quiet) {
      fabricOptions.print();
      System.out.printf(
          Locale.ROOT,
          "%s: %d of %d switches, %d of %d links, %d of %d CA pairs still" + " connected -> %s%n",
          fabricOptions.file,
          damaged.numSwitches(),
          fabric.numSwitches(),
          damaged.numLinks(),
          fabric.numLinks(),
          left,
          pairs,
          fabricOutput.output);
    }
    return 0;
  }

  /** A count or a share ({@code 5%}) of {@code total} as a percentage. */
  private static double percent(String value, String option, int total) {
    String v = value.trim();
    try {
      double number = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1) : v);
      if (number < 0 || !v.endsWith("%") && number != Math.rint(number)) {
        throw new NumberFormatException();
      }
      return v.endsWith("%") ? number : total == 0 ? 0 : 100.0 * number / total;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + " expects a count such as 3 or a share such as 5%," + " not '" + value + "'");
    }
  }
}
