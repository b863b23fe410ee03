package org.ibrouting.cli;

import java.nio.file.Path;
import org.ibrouting.engines.torus2qos.TorusLayout;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ibrouting torus-config FABRIC [-o FILE]}: the torus-2QoS.conf of the torus or mesh a
 * fabric's switches form ({@link TorusLayout}), for OpenSM's {@code --torus_config} and {@code
 * route -R torus-2QoS --torus-config}. Exit status 1 when the switches are no 2D or 3D torus or
 * mesh (the message names the switch that breaks it).
 */
@Command(
    name = "torus-config",
    description = {
      "Derive the torus-2QoS.conf of a 2D or 3D torus or mesh from its fabric: the radix of each",
      "dimension, which are rings and which open, and a seed (a corner switch and its links along",
      "each dimension, both ways for a ring of radix 4), for opensm -R torus-2QoS --torus_config",
      "FILE and route -R torus-2QoS --torus-config FILE. Exit status 1, naming the switch that",
      "breaks it, when the switches are no such torus or mesh."
    })
final class TorusConfigCommand extends FabricCommand {
  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the configuration to FILE (default: print it).")
  Path output;

  @Override
  int run(Fabric fabric) throws Exception {
    TorusLayout layout;
    try {
      layout = TorusLayout.of(fabric);
    } catch (RoutingException e) {
      System.err.println("ibrouting: " + fabricOptions.file + ": " + e.getMessage());
      return IbRouting.EXIT_CHECK_FAILED;
    }
    TorusConfig config = layout.config();
    int origin = layout.origin();
    String comment =
        "torus-2QoS.conf of "
            + fabricOptions.file.getFileName()
            + " ("
            + layout.shape()
            + "), derived by ibrouting torus-config;\nthe seed is switch "
            + Lids.guidHex(fabric.nodeGuid(origin))
            + " \""
            + fabric.description(origin)
            + "\" at 0,0,0";
    String text = TorusConfigWriter.format(config, comment);
    if (output != null) {
      TorusConfigWriter.write(config, comment, output);
    }
    if (common.json) {
      System.out.println(
          fabricOptions
              .json()
              .put("shape", layout.shape())
              .putRaw(
                  "radix",
                  Json.array(new long[] {config.radix(0), config.radix(1), config.radix(2)}))
              .put("seed_guid", Lids.guidHex(fabric.nodeGuid(origin)))
              .put("output", output == null ? null : output.toString())
              .put("config", text));
      return 0;
    }
    if (output == null) {
      System.out.print(text);
      return 0;
    }
    fabricOptions.print();
    if (!common.quiet) {
      System.out.printf(
          "torus        %s, %d switches, seed %s at 0,0,0%n",
          layout.shape(), fabric.numSwitches(), fabric.nodeName(origin));
      System.out.printf(
          "written      %s (opensm -R torus-2QoS --torus_config %s)%n", output, output);
    }
    return 0;
  }
}
