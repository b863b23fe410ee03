package org.ibrouting.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.engines.torus2qos.Torus2QosEngine;
import org.ibrouting.engines.updn.UpdnEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.GuidListReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.topology.TopologySpec;
import org.ibrouting.topology.TorusConfig;

/**
 * Side-by-side routing time of our engines and OpenSM 3.3.23's, in the same run on the same
 * machine: each fabric is generated, simulated by ibsim, routed once by {@code opensm -o -R ENGINE
 * -D 0x47} (its routing phase is read from its log: "building routing with" to "tables configured
 * on all switches"), then routed by ours (median of several runs after warm-up, with the peak
 * heap). Prints one Markdown row per (fabric, engine).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.OpenSmComparison
 * ENGINES FABRIC...}, e.g. {@code minhop,lash "ktree 4 3" "ktree 8 3"}; prefix a fabric with {@code
 * ours-only:} to skip OpenSM (for fabrics OpenSM takes minutes on), and with {@code roots:} to give
 * both OpenSM ({@code -a}) and ours the same root GUID file, holding the roots our {@code updn}
 * detects (OpenSM's rule, or the most central switch where that finds none, as on random fabrics,
 * where OpenSM's own detection fails and it falls back to minhop). Engines may carry settings
 * ({@code multiupdn:updn_trees=3}). On a generated torus or mesh, torus-2QoS gets the configuration
 * {@code generate --torus-config} writes, OpenSM the same file ({@code -Q --torus_config FILE}).
 */
public final class OpenSmComparison {
  private OpenSmComparison() {}

  /** Runs the comparison. */
  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: OpenSmComparison ENGINE[,ENGINE...] \"KIND PARAMS\"...");
      System.exit(2);
    }
    List<String> engines = Arrays.asList(args[0].split(","));
    System.out.println(
        "| fabric | switches | CAs | engine | OpenSM routing s | OpenSM engine used | ours s (median) | ours peak heap MiB | speed-up | same LFTs |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|");
    for (int i = 1; i < args.length; i++) {
      Case fabricCase = Case.prepare(args[i], engines);
      for (String engineName : engines) {
        fabricCase.compare(engineName);
      }
    }
  }

  /**
   * One fabric as generated and written for ibsim, with the root GUID file and torus configuration
   * both sides get.
   *
   * @param label the fabric's specification as printed
   * @param oursOnly whether OpenSM is skipped
   */
  private record Case(
      String label,
      Fabric fabric,
      Path dir,
      Path net,
      EngineConfig config,
      List<String> openSmArgs,
      boolean oursOnly) {

    /** Generates {@code spec} (with its {@code ours-only:} and {@code roots:} prefixes). */
    static Case prepare(String spec, List<String> engines) throws Exception {
      boolean oursOnly = false;
      boolean roots = false;
      while (spec.startsWith("ours-only:") || spec.startsWith("roots:")) {
        oursOnly |= spec.startsWith("ours-only:");
        roots |= spec.startsWith("roots:");
        spec = spec.substring(spec.indexOf(':') + 1);
      }
      String[] words = spec.trim().split("\\s+");
      TopologySpec topology = TopologySpec.parse(words[0], List.of(words).subList(1, words.length));
      Fabric fabric = topology.build();
      Path dir = Files.createTempDirectory("ibrouting-bench-");
      Path net = dir.resolve("fabric.net");
      IbnetdiscoverWriter.write(fabric, net);
      EngineConfig config = EngineConfig.none();
      List<String> openSmArgs = new ArrayList<>();
      if (roots) {
        Path rootFile = dir.resolve("roots.guids");
        StringBuilder lines = new StringBuilder();
        for (int sw : UpdnEngine.detectRoots(fabric, 1)) {
          lines.append(String.format("0x%016x%n", fabric.nodeGuid(sw)));
        }
        Files.writeString(rootFile, lines);
        config = config.with(EngineInputs.ROOTS, GuidListReader.read(rootFile));
        openSmArgs.add("-a");
        openSmArgs.add(rootFile.toString());
        spec = spec + " (root file)";
      }
      if (words[0].equals("torus") || words[0].equals("mesh")) {
        TorusConfig torus = topology.torusConfig();
        Path conf = dir.resolve("torus-2QoS.conf");
        TorusConfigWriter.write(torus, spec, conf);
        config = config.with(EngineInputs.TORUS_CONFIG, torus);
        if (engines.stream().anyMatch(e -> Engines.nameOf(e).equals(Torus2QosEngine.NAME))) {
          openSmArgs.add("--torus_config");
          openSmArgs.add(conf.toString());
        }
      }
      return new Case(spec, fabric, dir, net, config, openSmArgs, oursOnly);
    }

    /** Times ours, runs OpenSM unless skipped or unavailable, and prints the row. */
    void compare(String engineName) throws Exception {
      RoutingEngine engine = Engines.create(engineName, config);
      double[] ours = new double[fabric.numSwitches() < 500 ? 21 : 5];
      Routing routing = null;
      long peak = 0;
      // warm up for at least two runs and two seconds, so the JIT has compiled the hot loops
      long warmUntil = System.nanoTime() + 2_000_000_000L;
      for (int warm = 0; warm < 2 || (System.nanoTime() < warmUntil && warm < 200); warm++) {
        routing = engine.route(fabric, RoutingOptions.defaults());
      }
      for (int run = 0; run < ours.length; run++) {
        HeapPeaks.reset();
        long start = System.nanoTime();
        routing = engine.route(fabric, RoutingOptions.defaults());
        ours[run] = (System.nanoTime() - start) / 1e9;
        peak = Math.max(peak, HeapPeaks.peak());
      }
      Arrays.sort(ours);
      double median = ours[ours.length / 2];
      String[] openSm = {"-", "-", "-", "-"};
      if (!oursOnly && OpenSmSimulation.available()) {
        openSm = runOpenSm(engineName, routing, median);
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %d | %s | %s | %s | %.4f | %d | %s | %s |%n",
          label,
          fabric.numSwitches(),
          fabric.numCas(),
          engineName,
          openSm[0],
          openSm[1],
          median,
          peak >> 20,
          openSm[2],
          openSm[3]);
    }

    /**
     * OpenSM's cells: its routing seconds, the engine it used, the speed-up of {@code median}
     * against it, and whether its LFTs equal {@code routing}'s ("-" when it wrote no dump).
     */
    private String[] runOpenSm(String engineName, Routing routing, double median) throws Exception {
      try (OpenSmSimulation sim =
          OpenSmSimulation.start(
              net, dir.resolve("sim-" + engineName), OpenSmSimulation.ibsimLimits(fabric))) {
        List<String> extra = new ArrayList<>(openSmArgs);
        extra.addAll(OpenSmSimulation.engineOptions(engineName));
        OpenSmSimulation.Result r = sim.runOpenSm(engineName, extra);
        String same = "-";
        if (r.lftDump() != null) {
          same = Boolean.toString(LftDumpReader.read(fabric, r.lftDump()).sameLfts(routing));
        }
        return new String[] {
          String.format(Locale.ROOT, "%.4f", r.routingSeconds()),
          String.valueOf(r.engineUsed()),
          String.format(Locale.ROOT, "%.1fx", r.routingSeconds() / median),
          same
        };
      }
    }
  }
}
