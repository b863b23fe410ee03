package org.ibrouting.engines.dor;

import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.paths.Parallel;
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
  @Override
  public String name() {
    return "dor";
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    if (fabric.numSwitches() == 0) {
      throw new RoutingException("dor: the fabric has no switch to route");
    }
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    HopMatrix hops = HopMatrix.compute(fabric, threads);
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.DOR).build(name(), threads);
  }
}
