package org.example.routing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.ibrouting.analysis.Route;
import org.ibrouting.analysis.Verification;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.EndPorts;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.RoutingComparison;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.simulation.SimulationResult;
import org.ibrouting.simulation.Simulator;

/**
 * What a user does with the library, as the README's "Java API" shows it (the body of
 * {@link #main} is that snippet): read a fabric, route it (an engine of one's own by name, in a
 * chain), read LFT entries and SLs, verify, write the files OpenSM loads (the LFT dump, or a
 * directory with QoS policy and opensm.conf as well) and read them back,
 * measure Λ, compare routings. {@code Tour FABRIC OUTDIR}.
 */
public final class Tour {
  private Tour() {}

  /** Runs every step on {@code args[0]}, writing into the directory {@code args[1]}. */
  public static void main(String[] args) throws IOException, RoutingException {
    Path fabricFile = Path.of(args[0]);
    Path outDir = Path.of(args[1]);

    Fabric fabric = FabricFiles.read(fabricFile);               // ibnetdiscover output or ibsim net file, .gz too

    // engines by name, tried in order as OpenSM's -R dor,first-port,minhop (first-port: see below)
    EngineChain.Result result = EngineChain.route(Engines.chain("dor,first-port,minhop", EngineConfig.none()),
        fabric, RoutingOptions.seeded(42));                     // RoutingException when every engine refuses
    Routing routing = result.routing();
    System.out.println("routed by " + routing.engineName() + " after " + result.failures());

    int srcLid = fabric.baseLid(fabric.port(fabric.numSwitches(), 1));   // the first CA's LID
    int dstLid = fabric.maxLid();
    int sw = fabric.destinationSwitch(srcLid);                  // the switch that CA is cabled to
    int port = routing.outPort(sw, dstLid);                     // an LFT entry (bounds-checked)
    int sl = routing.sl(srcLid, dstLid);                        // the path's SL; its VL: routing.slTable().vlOfSl(sl)
    Route route = Route.walk(routing, srcLid, dstLid);          // the hops, and how the route ends
    System.out.println(fabric.nodeName(sw) + " port " + port + ", SL " + sl + ": " + route);

    Verification verdict = Verification.of(routing);            // routed, loop-free, minimal, deadlock-free
    if (!verdict.allRouted()) System.err.println(verdict.fault().orElseThrow());        // a Route
    if (!verdict.deadlockFree()) System.err.println(verdict.creditLoop().orElseThrow()); // a CreditLoop
    System.out.println(verdict);
    EndPorts job = EndPorts.ofNodes(fabric, fabric.numSwitches(), fabric.numSwitches() + 1);  // two CAs
    System.out.println(Verification.of(routing, job, 2));       // only the routes between a job's nodes

    LftDumpWriter.write(routing, outDir.resolve("lfts.dump"), DumpFormat.FULL);   // opensm -R file -U lfts.dump
    SlFileWriter.write(routing, outDir.resolve("lfts.dump.sl"));
    Routing theirs = LftDumpReader.read(fabric, outDir.resolve("lfts.dump"));    // e.g. OpenSM's opensm-lfts.dump
    OpenSmDeployment.Result deployed = OpenSmDeployment.write(routing, outDir.resolve("deploy"), DumpFormat.FULL);
    System.out.println(deployed.commandLine());                // opensm -F /abs/deploy/opensm.conf: LFTs and SLs

    SimulationResult lambda = Simulator.effectiveBisectionBandwidth(routing, 1000, 7);   // Λ: mean(), confidence95()
    System.out.printf("Lambda %.4f +- %.4f%n", lambda.mean(), lambda.confidence95());

    RoutingComparison table = new RoutingComparison(fabric, RoutingQuality.Options.defaults().withPatterns(200));
    for (String spec : List.of("minhop", "dfsssp", "first-port")) {
      table.route(spec, Engines.create(spec, EngineConfig.none()), RoutingOptions.seeded(42));
    }
    table.add("reread", theirs);
    System.out.print(table.format());                           // compare's table; formatCsv() too
  }
}
