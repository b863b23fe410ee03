package org.ibrouting.cli;

import static org.ibrouting.cli.Cli.cli;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ibrouting.cli.Cli.Run;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.Engines;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.RoutingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The warm-up that {@code route} runs while it reads the fabric: every built-in engine routes one
 * of the generated fabrics, a stop ends a route at its next progress report, and the command's
 * tables are the same with it and without it.
 */
class EngineWarmUpTest {
  @TempDir Path dir;

  static List<String> builtInEngines() {
    List<String> names =
        Engines.names().stream()
            .filter(
                name ->
                    Engines.create(name, EngineConfig.none())
                        .getClass()
                        .getName()
                        .startsWith("org.ibrouting.engines."))
            .toList();
    assertEquals(14, names.size(), names.toString());
    return names;
  }

  /**
   * Each built-in engine accepts a generated fabric (sar with a job map, torus-2QoS its config).
   */
  @ParameterizedTest
  @MethodSource("builtInEngines")
  void everyBuiltInEngineRoutesAGeneratedFabric(String engine) throws InterruptedException {
    EngineWarmUp warmUp = EngineWarmUp.start(engine, Map.of(), RoutingOptions.defaults());
    assertNotNull(warmUp, engine);
    warmUp.join();
    assertEquals(EngineWarmUp.ROUTES, warmUp.routes(), engine);
    assertFalse(warmUp.endedMidRoute(), engine);
  }

  /** Each built-in engine reports progress inside a route, where a stopped warm-up ends it. */
  @ParameterizedTest
  @MethodSource("builtInEngines")
  void aStopEndsTheRouteAtTheNextProgressReport(String engine) {
    EngineWarmUp warmUp = EngineWarmUp.stoppingAt(engine, 1);
    warmUp.runHere();
    assertTrue(warmUp.endedMidRoute(), engine);
    assertEquals(0, warmUp.routes(), engine);
  }

  @Test
  void aStopBeforeTheFirstRouteRoutesNothing() throws InterruptedException {
    EngineWarmUp warmUp = EngineWarmUp.stoppingAt("minhop", Long.MAX_VALUE);
    warmUp.stop();
    warmUp.runHere();
    assertEquals(0, warmUp.routes());
    assertFalse(warmUp.endedMidRoute());
  }

  /** Engines from the class path (a user's) and unknown names are left alone. */
  @Test
  void onlyBuiltInEnginesAreWarmedUp() throws InterruptedException {
    RoutingOptions options = RoutingOptions.defaults();
    assertNull(EngineWarmUp.start("testkit-updown", Map.of(), options));
    assertNull(EngineWarmUp.start("no-such-engine", Map.of(), options));
    EngineWarmUp warmUp = EngineWarmUp.start("minhop,testkit-updown", Map.of(), options);
    assertNotNull(warmUp);
    warmUp.stop();
    warmUp.join();
  }

  /** The first engine gets the settings it reads; those for others of the chain are left out. */
  @Test
  void theFirstEngineGetsItsOwnSettings() throws InterruptedException {
    EngineWarmUp warmUp =
        EngineWarmUp.start(
            " nue ,lash",
            Map.of("lash_start_vl", "1", "nue_max_num_vls", "2"),
            RoutingOptions.seeded(7));
    assertNotNull(warmUp);
    warmUp.join();
    assertEquals(EngineWarmUp.ROUTES, warmUp.routes());
    assertNull(
        EngineWarmUp.start("nue", Map.of("nue_max_num_vls", "x"), RoutingOptions.defaults()));
  }

  /** With one thread the command keeps to one core; a command that fails still stops its own. */
  @Test
  void oneThreadStartsNoneAndAFailedCommandStopsIt() throws InterruptedException {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    EngineWarmUp before = EngineWarmUp.last();
    Run r = cli("route -R sssp {} -o {} --threads 1", fabric, dir.resolve("one.dump"));
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(EngineWarmUp.last() == before, "a warm-up started with --threads 1");
    assertNewWarmUpStopped(
        before,
        IbRouting.EXIT_BAD_INPUT,
        "route -R sssp {} -o {} --threads 2",
        dir.resolve("none.ibnd"),
        dir.resolve("x.dump"));
  }

  /**
   * Runs the command {@code line} and checks its exit status {@code status}, and that it started a
   * warm-up (other than {@code before}) and stopped it.
   */
  private static void assertNewWarmUpStopped(
      EngineWarmUp before, int status, String line, Object... words) throws InterruptedException {
    Run r = cli(line, words);
    assertEquals(status, r.status(), r.out() + r.err());
    EngineWarmUp warmUp = EngineWarmUp.last();
    assertNotNull(warmUp);
    assertTrue(warmUp != before);
    assertTrue(warmUp.stopped());
    warmUp.join();
  }

  /** The options a warm-up needs, read from a route command line as picocli reads them. */
  @Test
  void theEarlyReadingFindsTheOptionsByName() {
    EngineWarmUp.RouteLine line =
        EngineWarmUp.RouteLine.read(
            "route",
            "f.ibnd",
            "-o",
            "x.dump",
            "-R",
            "nue,minhop",
            "-P",
            "nue_max_num_vls=2",
            "--param=lash_start_vl=1",
            "-Pa=b",
            "--seed",
            "7",
            "--max-vls=4",
            "--threads",
            "3");
    assertNotNull(line);
    assertEquals("nue,minhop", line.engines());
    assertEquals(Map.of("nue_max_num_vls", "2", "lash_start_vl", "1", "a", "b"), line.params());
    assertEquals(7, line.options().seed());
    assertEquals(4, line.options().maxVls());
    assertEquals(3, line.options().threads());
    for (String[] engine :
        new String[][] {
          {"-Rsssp"}, {"-R=sssp"}, {"--routing-engine", "sssp"}, {"--routing-engine=sssp"}
        }) {
      String[] args = new String[engine.length + 2];
      args[0] = "route";
      System.arraycopy(engine, 0, args, 1, engine.length);
      args[args.length - 1] = "f.ibnd";
      assertEquals("sssp", EngineWarmUp.RouteLine.read(args).engines(), String.join(" ", args));
    }
    RoutingOptions defaults = EngineWarmUp.RouteLine.read("route", "-R", "sssp").options();
    assertEquals(RoutingOptions.defaults().seed(), defaults.seed());
    assertEquals(RoutingOptions.defaults().maxVls(), defaults.maxVls());
    assertEquals(RoutingOptions.defaults().threads(), defaults.threads());
  }

  /** Lines it cannot read as picocli would start nothing early; the command starts its own. */
  @Test
  void theEarlyReadingLeavesOtherLinesToPicocli() {
    for (String line :
        List.of(
            "",
            "check -R sssp f.ibnd",
            "route f.ibnd -o x.dump",
            "route -R",
            "route -R sssp @args.txt",
            "route -R sssp -- f.ibnd",
            "route -R sssp --seed x",
            "route -R sssp --threads 0",
            "route -R sssp --max-vls 16",
            "route -R sssp -P novalue")) {
      String[] args = line.isEmpty() ? new String[0] : line.split(" ");
      assertNull(EngineWarmUp.RouteLine.read(args), line);
    }
  }

  /**
   * A warm-up started from the command line is the command's when picocli reads the same engine,
   * settings, seed, VLs and threads; otherwise it is stopped and the command starts its own.
   */
  @Test
  void theCommandKeepsTheEarlyWarmUpWhenItReadsTheSame() throws InterruptedException {
    RoutingOptions options = RoutingOptions.seeded(3).withThreads(2);
    EngineWarmUp before = EngineWarmUp.last();
    EngineWarmUp.startEarly("route", "-R", "minhop,sssp", "--seed", "3", "--threads", "2");
    EngineWarmUp early = EngineWarmUp.last();
    assertTrue(early != null && early != before && !early.stopped());
    assertTrue(EngineWarmUp.start("minhop,sssp", Map.of(), options) == early);
    EngineWarmUp.stopEarly();
    assertFalse(early.stopped(), "taken by the command, no longer the early one");
    early.stop();
    early.join();

    for (RoutingOptions other :
        List.of(options.withSeed(4), options.withMaxVls(2), options.withThreads(3))) {
      EngineWarmUp.startEarly("route", "-R", "minhop", "--seed", "3", "--threads", "2");
      early = EngineWarmUp.last();
      EngineWarmUp own = EngineWarmUp.start("minhop", Map.of(), other);
      assertTrue(early.stopped());
      assertTrue(own != null && own != early && !own.stopped());
      own.stop();
      own.join();
    }
    EngineWarmUp.startEarly("route", "-R", "nue", "-P", "nue_max_num_vls=2", "--threads", "2");
    early = EngineWarmUp.last();
    Map<String, String> otherEngines = Map.of("nue_max_num_vls", "2", "lash_start_vl", "1");
    assertTrue(EngineWarmUp.start("nue,lash", otherEngines, options.withSeed(0)) == early);
    early.stop();
    early.join();
    EngineWarmUp.startEarly("route", "-R", "nue", "-P", "nue_max_num_vls=2", "--threads", "2");
    early = EngineWarmUp.last();
    EngineWarmUp own = EngineWarmUp.start("nue", Map.of("nue_max_num_vls", "3"), options);
    assertTrue(early.stopped() && own != early);
    own.stop();
    own.join();
    EngineWarmUp.startEarly("route", "-R", "minhop", "--threads", "2");
    early = EngineWarmUp.last();
    own = EngineWarmUp.start("updn", Map.of(), RoutingOptions.defaults());
    assertTrue(early.stopped() && own != early);
    own.stop();
    own.join();
    EngineWarmUp.startEarly("route", "-R", "minhop", "--threads", "2");
    early = EngineWarmUp.last();
    EngineWarmUp.stopEarly();
    assertTrue(early.stopped());
    assertFalse(early.running(), "stopEarly waits for the warm-up to end");
  }

  /** Commands run at once on two threads keep their early warm-ups apart. */
  @Test
  void anEarlyWarmUpBelongsToItsThread() throws InterruptedException {
    EngineWarmUp[] other = new EngineWarmUp[1];
    Thread thread =
        new Thread(
            () -> {
              EngineWarmUp.startEarly("route", "-R", "minhop", "--threads", "2");
              other[0] = EngineWarmUp.last();
            });
    thread.start();
    thread.join();
    assertNotNull(other[0]);
    EngineWarmUp own =
        EngineWarmUp.start("minhop", Map.of(), RoutingOptions.seeded(0).withThreads(2));
    assertTrue(own != null && own != other[0]);
    EngineWarmUp.stopEarly();
    assertFalse(other[0].stopped(), "another thread's early warm-up");
    other[0].stop();
    other[0].join();
    own.stop();
    own.join();
  }

  /** A command line picocli refuses stops the warm-up started before it was read. */
  @Test
  void aLinePicocliRefusesStopsTheEarlyWarmUp() throws InterruptedException {
    assertNewWarmUpStopped(
        EngineWarmUp.last(),
        IbRouting.EXIT_BAD_INPUT,
        "route -R sssp --no-such-option --threads 2");
  }

  @Test
  void offTurnsItOff() {
    System.setProperty("ibrouting.warmup", "off");
    try {
      assertFalse(EngineWarmUp.enabled());
      assertNull(EngineWarmUp.start("sssp", Map.of(), RoutingOptions.defaults()));
    } finally {
      System.clearProperty("ibrouting.warmup");
    }
    assertTrue(EngineWarmUp.enabled());
  }

  /**
   * {@code route} starts a warm-up of its first engine and stops it when its own routing starts.
   */
  @Test
  void routeStartsAndStopsAWarmUp() throws InterruptedException {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    assertNewWarmUpStopped(
        EngineWarmUp.last(),
        0,
        "route -R nue,minhop {} -o {} --threads 2",
        fabric,
        dir.resolve("nue.dump"));
  }

  /** The dump and the SL file of a route are byte for byte the same with and without warm-up. */
  @Test
  void routeWritesTheSameFilesWithAndWithoutIt() throws Exception {
    Path fabric = ReferenceFabrics.resource("ft4_3", "fabric.ibnd");
    for (String engine : List.of("sssp", "dfsssp", "nue", "lash")) {
      byte[][] dumps = new byte[2][];
      byte[][] sls = new byte[2][];
      for (int on = 0; on < 2; on++) {
        if (on == 0) {
          System.setProperty("ibrouting.warmup", "off");
        }
        try {
          Path lfts = dir.resolve(engine + on + ".dump");
          Path sl = dir.resolve(engine + on + ".sl");
          Run r = cli("route -R {} {} -o {} --sl-out {} --threads 2", engine, fabric, lfts, sl);
          assertEquals(0, r.status(), r.out() + r.err());
          dumps[on] = Files.readAllBytes(lfts);
          sls[on] = Files.exists(sl) ? Files.readAllBytes(sl) : new byte[0];
        } finally {
          System.clearProperty("ibrouting.warmup");
        }
      }
      assertArrayEquals(dumps[0], dumps[1], engine);
      assertArrayEquals(sls[0], sls[1], engine);
    }
  }
}
