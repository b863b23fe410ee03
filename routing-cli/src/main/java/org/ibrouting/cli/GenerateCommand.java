package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ibrouting generate KIND PARAMS -o FILE}: writes a generated fabric. */
@Command(
    name = "generate",
    description = {
      "Generate a fabric in ibnetdiscover format, with LIDs as OpenSM assigns them.",
      "ibsim reads the same file as a net file (ibsim -s FILE), and OpenSM keeps its LIDs.",
      "Kinds: ktree K N | xgft H M1,..,MH W1,..,WH | torus R1,R2,.. HOSTS | mesh R1,R2,.. HOSTS |",
      "  hypercube D HOSTS | dragonfly A P H | jellyfish SWITCHES NETPORTS HOSTS SEED |",
      "  directors C LEAVES SPINES HOSTSPERLEAF CABLES; options lmc=N radix=N rate=4xQDR."
    })
final class GenerateCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "KIND", description = "Topology kind.")
  String kind;

  @Parameters(index = "1..*", paramLabel = "PARAM", description = "Parameters of the kind.")
  List<String> params = List.of();

  @Mixin FabricOutput fabricOutput;

  @Option(
      names = "--torus-config",
      paramLabel = "FILE",
      description =
          "Also write the torus-2QoS.conf of the generated torus or mesh (1-3 dimensions) to FILE,"
              + " for route -R torus-2QoS --torus-config FILE and OpenSM's --torus_config.")
  Path torusConfig;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    TopologySpec spec = TopologySpec.parse(kind, params);
    TorusConfig config = torusConfig == null ? null : spec.torusConfig();
    Fabric fabric = spec.build();
    fabricOutput.write(fabric);
    if (config != null) {
      TorusConfigWriter.write(
          config,
          "torus-2QoS.conf of " + spec + " (" + fabricOutput.output.getFileName() + ")",
          torusConfig);
    }
    if (common.json) {
      System.out.println(
          new Json()
              .put("topology", spec.toString())
              .put("output", fabricOutput.output.toString())
              .put("switches", fabric.numSwitches())
              .put("cas", fabric.numCas())
              .put("links", fabric.numLinks())
              .put("max_lid", fabric.maxLid())
              .put("torus_config", torusConfig == null ? null : torusConfig.toString()));
    } else if (!common.quiet) {
      System.out.printf(
          "%s: %d switches, %d CAs, %d links, LIDs 1..%d -> %s%s%n",
          spec,
          fabric.numSwitches(),
          fabric.numCas(),
          fabric.numLinks(),
          fabric.maxLid(),
          fabricOutput.output,
          torusConfig == null ? "" : ", " + torusConfig);
    }
    return 0;
  }
}
