package org.ibrouting.engines.dor;

import org.ibrouting.engines.minhop.MinhopLftBuilder;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.Parallel;
import org.ibrouting.paths.HopMatrix;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * DOR: dimension-order routing as OpenSM 3.3.23 does it ({@code -R dor}): MINHOP's hop matrix and
 * LFT builder, but among the minimum-hop ports only those leading to the same neighbour as the
 * first one in port order are used (the lowest port is the lowest dimension; parallel links of that
 * dimension are balanced), and every LID of an LMC range starts its scan at port 1. OpenSM does not
 * infer dimensions: the fabric must be cabled with a fixed port pair per dimension, as our torus,
 * mesh and hypercube generators do. Deadlock-free on meshes and hypercubes, not on tori.
 *
 * <p>Difference: OpenSM routes any fabric with {@code -R dor}, where "lowest port first" means
 * nothing on, say, a fat tree. By default this engine first checks that the switches are cabled as
 * a mesh, torus or hypercube with a fixed port order per dimension ({@link CubeStructure}) and
 * otherwise refuses, naming the switch and the reason, so {@code -R dor,minhop} falls back. With
 * {@code requireCube = false} (setting {@code dor_require_cube=false}) it routes anything, exactly
 * as OpenSM does.
 *
 * <p>Cost: as {@link org.ibrouting.engines.minhop.MinhopEngine}.
 */
public final class DorEngine extends AbstractRoutingEngine {
  private final boolean requireCube;

  /** Refuses fabrics that are not DOR-cabled meshes, tori or hypercubes. */
  public DorEngine() {
    this(true);
  }

  /** {@code requireCube}: refuse fabrics that are not cubes (false: route anything, as OpenSM). */
  public DorEngine(boolean requireCube) {
    super("dor");
    this.requireCube = requireCube;
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    HopMatrix.requireSize(fabric, "dor");
    if (requireCube) {
      String why = CubeStructure.whyNotACube(fabric);
      if (why != null) {
        throw new RoutingException(
            RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
            "dor: not a mesh, torus or hypercube cabled for dimension order: "
                + why
                + " (a chain such as dor,minhop falls back; setting dor_require_cube=false routes it as"
                + " OpenSM does)");
      }
    }
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    HopMatrix hops =
        HopMatrix.compute(fabric, threads, options.progress(), name() + ": hop matrix");
    return new MinhopLftBuilder(fabric, hops, MinhopLftBuilder.Mode.DOR)
        .build(name(), threads, options.progress());
  }
}
