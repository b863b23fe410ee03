package org.ibrouting.bench;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingOptions;

/**
 * One line per routing: fabric file, engine spec, seed, threads and a digest of the full LFT dump
 * and the SL file (or the refusal). Two builds print the same lines exactly when they route every
 * case to the same tables, which is how {@code benchmarks/differential.sh} compares an old jar with
 * a new one. Uses only the public API, so that it runs (as a source file) against either jar.
 *
 * <p>Usage: {@code RoutingDigest 'ENGINE[:NAME=VALUE...];...' SEEDS THREADS FABRIC...}, SEEDS and
 * THREADS comma-separated, e.g. {@code 'minhop;nue:nue_max_num_vls=4' 0,7 1,2 a.ibnd b.ibnd}.
 */
public final class RoutingDigest {
  private RoutingDigest() {}

  /** Prints the digests; see the class comment. */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println(
          "usage: RoutingDigest 'ENGINE[:NAME=VALUE...];...' SEEDS THREADS FABRIC...");
      System.exit(2);
    }
    List<String> specs = List.of(args[0].split(";"));
    List<Long> seeds = new ArrayList<>();
    for (String s : args[1].split(",")) {
      seeds.add(Long.parseLong(s));
    }
    List<Integer> threads = new ArrayList<>();
    for (String t : args[2].split(",")) {
      threads.add(Integer.parseInt(t));
    }
    for (int i = 3; i < args.length; i++) {
      Path file = Path.of(args[i]);
      Fabric fabric = FabricFiles.read(file);
      for (String spec : specs) {
        String[] parts = spec.split(":");
        EngineConfig config = EngineConfig.none();
        for (int p = 1; p < parts.length; p++) {
          String[] setting = parts[p].split("=", 2);
          config = config.withParam(setting[0], setting[1]);
        }
        RoutingEngine engine = Engines.create(parts[0], config);
        for (long seed : seeds) {
          for (int t : threads) {
            System.out.println(
                file.getFileName()
                    + " "
                    + spec
                    + " seed="
                    + seed
                    + " threads="
                    + t
                    + " "
                    + digest(engine, fabric, RoutingOptions.seeded(seed).withThreads(t)));
          }
        }
      }
    }
  }

  private static String digest(RoutingEngine engine, Fabric fabric, RoutingOptions options)
      throws Exception {
    Routing routing;
    try {
      routing = engine.route(fabric, options);
    } catch (Exception e) {
      return "refused " + String.valueOf(e.getMessage()).replace('\n', ' ');
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LftDumpWriter.write(routing, out, DumpFormat.FULL);
    SlFileWriter.write(routing, out);
    byte[] hash = MessageDigest.getInstance("SHA-256").digest(out.toByteArray());
    return HexFormat.of().formatHex(hash, 0, 12) + " vls=" + routing.slTable().numVls();
  }
}
