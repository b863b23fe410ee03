package org.ibrouting.engines.dor;

import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * DOR: dimension-order routing as OpenSM 3.3.23 does it ({@code -R dor}): MINHOP's hop matrix and
 * LFT builder, but among the minimum-hop ports only those leading to the same neighbour as the
 * first one in port order are used (the lowest port is the lowest dimension; parallel links of
 * that dimension are balanced), and every LID of an LMC range starts its scan at port 1. OpenSM
 * does not infer dimensions: the fabric must be cabled with a fixed port pair per dimension, as
 * our torus, mesh and hypercube generators do. Deadlock-free on meshes and hypercubes, not on tori.
 *
 * <p>Cost: as {@link org.ibrouting.engines.minhop.MinhopEngine}.
 */
public final class DorEngine implements RoutingEngine {
  private static final int SEQUENTIAL_BELOW = 128;

  @Override
  public String name() {
    return "dor";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException("dor: the fabric has no switch to route");
    }
    int threads = fabric.numSwitches() < SEQUENTIAL_BELOW ? 1 : options.threads();
    HopMatrix hops = HopMatrix.compute(fabric, threads);
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.DOR).build(name(), threads);
  }
}
