package org.ibrouting.engines.sar;

import static org.ibrouting.testkit.FabricArbitraries.connected;
import static org.ibrouting.testkit.FabricArbitraries.dragonflies;
import static org.ibrouting.testkit.FabricArbitraries.fatTreesToriAndRandom;
import static org.ibrouting.testkit.FabricArbitraries.randomConnected;
import static org.ibrouting.testkit.FabricArbitraries.randomConnectedWithMultiPortCas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.engines.testing.VlLimitedRouting;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.simulation.JobMap;

/**
 * SAR on generated and random fabrics with random job maps (overlapping jobs, one-node jobs, idle
 * nodes): every pair routed, minimal, deadlock-free per VL, within the VL limit.
 */
class SarPropertiesTest {
  @Provide
  Arbitrary<Fabric> fabrics() {
    return connected(
        fatTreesToriAndRandom(),
        randomConnected(),
        randomConnectedWithMultiPortCas(),
        dragonflies());
  }

  @Provide
  Arbitrary<Integer> vls() {
    return Arbitraries.of(1, 2, 4, 8);
  }

  @Property(tries = 100)
  void routedMinimalDeadlockFreeWithinTheLimit(
      @ForAll("fabrics") Fabric fabric,
      @ForAll long jobSeed,
      @ForAll("vls") int maxVls,
      @ForAll boolean balance) {
    JobMap jobs = JobMixes.parse(fabric, randomJobs(fabric, jobSeed));
    VlLimitedRouting.assertMinimalDeadlockFreeOrRefused(
        "sar",
        maxVls,
        () ->
            new SarEngine(new SarEngine.Settings(null, null, balance))
                .route(fabric, RoutingOptions.defaults().withMaxVls(maxVls), jobs, null));
  }

  /**
   * The fast engine's tables equal those of the obvious implementation, with or without I/O nodes.
   */
  @Property(tries = 60)
  void equalsTheNaiveReference(
      @ForAll("fabrics") Fabric fabric, @ForAll long jobSeed, @ForAll boolean withIo)
      throws RoutingException {
    JobMap jobs = JobMixes.parse(fabric, randomJobs(fabric, jobSeed));
    boolean[] io = null;
    if (withIo) {
      io = new boolean[fabric.numPortSlots()];
      Random random = new Random(jobSeed + 1);
      for (int node : JobMixes.cas(fabric)) {
        io[fabric.port(node, 1)] = random.nextInt(4) == 0;
      }
    }
    Routing fast =
        new SarEngine(SarEngine.Settings.of(null))
            .route(fabric, RoutingOptions.defaults().withMaxVls(15), jobs, io);
    Routing naive = NaiveSar.route(fabric, jobs, io);
    org.ibrouting.engines.testing.GoldenLfts.assertSameLfts(
        naive, fast, "sar against the naive reference");
  }

  /** 0..5 jobs of random CAs; a CA may be in several jobs or in none. */
  private static String randomJobs(Fabric fabric, long seed) {
    Random random = new Random(seed);
    List<Integer> cas = JobMixes.cas(fabric);
    StringBuilder text = new StringBuilder();
    int numJobs = random.nextInt(6);
    for (int job = 0; job < numJobs && !cas.isEmpty(); job++) {
      List<Integer> shuffled = new ArrayList<>(cas);
      Collections.shuffle(shuffled, random);
      int size = 1 + random.nextInt(cas.size());
      for (int i = 0; i < size; i++) {
        text.append(JobMixes.line(fabric, shuffled.get(i), "job" + job));
      }
    }
    return text.toString();
  }
}
