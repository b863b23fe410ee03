package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.zip.GZIPOutputStream;
import org.ibrouting.bench.Measurement.Figure;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.interop.OpenSmSimulation;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.simulation.RoutingQuality;
import org.ibrouting.simulation.UnroutablePairsException;

/**
 * The OpenSM side of the side-by-side comparison: one OpenSM engine on one fabric under ibsim, its
 * routing phase timed from its log, its LFT dump measured like ours and kept gzipped. The figures
 * are cached as {@code key=value} lines per fabric and engine, so that a second run re-measures
 * only ours.
 */
final class OpenSmRunner {
  private OpenSmRunner() {}

  /**
   * OpenSM's figures for {@code engine} on {@code fabric} (written as {@code net}): from the cache
   * in {@code dir} unless {@code o.fresh}, else measured and cached; the dump goes to {@code dump}.
   */
  static Map<Figure, String> figures(
      String spec,
      Fabric fabric,
      Path net,
      Path dir,
      String engine,
      Path dump,
      SideBySide.Options o)
      throws IOException {
    Path cache = dir.resolve("opensm-" + engine + ".properties");
    if (!o.fresh && Files.exists(cache)) {
      System.err.printf("%s: OpenSM %s from the cache (%s)%n", spec, engine, cache);
      // read as java.util.Properties wrote it before (escaped backslashes)
      Properties cached = new Properties();
      cached.load(new StringReader(Files.readString(cache)));
      return Measurement.parse(
          cached.stringPropertyNames().stream().map(k -> k + "=" + cached.getProperty(k)).toList());
    }
    System.err.printf("%s: running OpenSM %s ...%n", spec, engine);
    Map<Figure, String> figures = run(fabric, net, dir, engine, dump, o);
    store(figures, cache);
    return figures;
  }

  private static Map<Figure, String> run(
      Fabric fabric, Path net, Path dir, String engine, Path keptDump, SideBySide.Options o)
      throws IOException {
    EnumMap<Figure, String> p = new EnumMap<>(Figure.class);
    Path simDir = dir.resolve("sim-" + engine);
    SideBySide.deleteTree(simDir);
    try (OpenSmSimulation sim =
        OpenSmSimulation.start(net, simDir, OpenSmSimulation.ibsimLimits(fabric))) {
      long start = System.nanoTime();
      OpenSmSimulation.Result r =
          sim.runOpenSm(engine, OpenSmSimulation.engineOptions(engine), o.timeoutSeconds);
      // the whole opensm process: discovery over ibsim, routing, LFTs sent to the switches, dumps
      p.put(
          Figure.PROCESS_SECONDS,
          String.format(Locale.ROOT, "%.6f", (System.nanoTime() - start) / 1e9));
      p.put(Figure.ENGINE_USED, String.valueOf(r.engineUsed()));
      p.put(Figure.SECONDS, String.format(Locale.ROOT, "%.6f", r.routingSeconds()));
      int vls = EngineFacts.openSmVls(engine, r.log());
      if (r.lftDump() == null) {
        p.put(Figure.STATUS, "failed");
        p.put(Figure.MESSAGE, "no LFT dump; exit " + r.exitCode() + ", see the log");
        return p;
      }
      p.put(Figure.STATUS, "ok");
      Routing theirs = LftDumpReader.read(fabric, r.lftDump());
      RoutingQuality.Options measure =
          RoutingQuality.Options.defaults().withPatterns(o.patterns).withSeed(o.seed);
      try {
        p.putAll(Measurement.parse(OursProbe.lines(RoutingQuality.measure(theirs, measure))));
      } catch (UnroutablePairsException e) {
        // tables that leave pairs unrouted (OpenSM's ftree on a fabric it cannot rank) get no Λ
        p.putAll(
            Measurement.parse(
                OursProbe.lines(RoutingQuality.measure(theirs, measure.withPatterns(0)))));
        p.put(Figure.MESSAGE, e.getMessage().lines().findFirst().orElse(""));
      }
      p.put(Figure.VLS, Integer.toString(vls));
      gzip(r.lftDump(), keptDump);
    } catch (IOException e) {
      p.put(Figure.STATUS, "failed");
      p.put(Figure.MESSAGE, e.getMessage());
    } finally {
      SideBySide.deleteTree(simDir);
    }
    return p;
  }

  private static void store(Map<Figure, String> figures, Path file) throws IOException {
    StringBuilder s = new StringBuilder();
    figures.entrySet().stream()
        .sorted((a, b) -> a.getKey().key().compareTo(b.getKey().key()))
        .forEach(
            e ->
                s.append(e.getKey().key())
                    .append('=')
                    .append(e.getValue().replace("\\", "\\\\").replace("\n", " "))
                    .append('\n'));
    AtomicFiles.writeString(file, s.toString());
  }

  private static void gzip(Path from, Path to) throws IOException {
    AtomicFiles.write(
        to,
        out -> {
          GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
          Files.copy(from, gz);
          gz.finish();
        });
  }
}
