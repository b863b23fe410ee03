package org.ibrouting.engines.torus2qos;

import java.util.ArrayList;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.topology.TorusConfig;

/**
 * The 2D or 3D torus or mesh a fabric's switches form, read from its links alone, and the {@code
 * torus-2QoS.conf} that tells OpenSM's torus-2QoS (and {@link Torus2QosEngine}) about it: the radix
 * of each dimension, which dimensions are rings and which are open, and one seed (a switch and its
 * link in the positive direction of each dimension, plus the negative one for a ring of radix 4,
 * which torus-2QoS cannot orient otherwise: OpenSM's ERR 4E22-4E29).
 *
 * <p>How: from a switch with the most switch neighbours, the neighbours are split into dimensions
 * (two neighbours with no common neighbour but the origin, or linked to each other, lie on one
 * ring; two that close a square with the origin may lie in two dimensions or on a ring of radix 4,
 * so each such split is tried, fewest dimensions first). Each dimension's line through the origin
 * is followed straight on (the next switch is the neighbour that closes no square with the sides of
 * the previous one) until it returns (a ring, its radix) or ends (an open line, a mesh). Every
 * switch then gets coordinates by a breadth-first sweep that carries each neighbour's direction
 * over from the squares it closes. The layout must place every switch at a distinct position of the
 * full grid, every link must join grid neighbours, and torus-2QoS's own discovery ({@link
 * TorusDiscovery}, the same as OpenSM 3.3.23's) must place every switch where the layout does.
 * Otherwise the refusal names the switch that breaks it.
 *
 * <p>Parallel links count once; a missing link may leave a fabric unreadable (derive the
 * configuration while the fabric is whole: torus-2QoS routes around failed links with it). The
 * seed's switch is the corner where every open dimension starts; datelines are left at 0.
 *
 * <p>Cost: O(switches * 6^3) per split of the origin's neighbours tried (at most 76), plus one
 * discovery.
 */
public final class TorusLayout {
  /** Directions per switch: minus and plus of each of three dimensions. */
  static final int DIRS = 2 * TorusConfig.MAX_DIMS;

  private final Fabric fabric;
  private final TorusConfig config;
  private final int origin;
  private final int[] coords;

  TorusLayout(Fabric fabric, TorusConfig config, int origin, int[] coords) {
    this.fabric = fabric;
    this.config = config;
    this.origin = origin;
    this.coords = coords;
  }

  /**
   * Reads {@code fabric}'s switches as a torus or mesh.
   *
   * @throws RoutingException ({@link RoutingException.Reason#UNSUPPORTED_TOPOLOGY}) when they are
   *     not a 2D or 3D torus or mesh that torus-2QoS can route; the message names the switch that
   *     breaks it
   */
  public static TorusLayout of(Fabric fabric) throws RoutingException {
    SwitchGraph graph = new SwitchGraph(fabric);
    int origin = graph.origin();
    LayoutAttempt best = null;
    for (int[][] split : graph.splits(origin)) {
      LayoutAttempt attempt = new LayoutAttempt(graph, origin, split);
      if (attempt.run()) {
        return attempt.layout();
      }
      if (best == null || attempt.placed > best.placed) {
        best = attempt;
      }
    }
    throw refusal(
        best == null
            ? "the "
                + graph.nbr[origin].length
                + " switch neighbours of "
                + graph.describe(origin)
                + " do not split into 2 or 3 dimensions of at most two each (two of them that are"
                + " linked to each other, or that close no square of four links with it, lie in"
                + " one dimension)"
            : best.failure);
  }

  static RoutingException refusal(String why) {
    return new RoutingException(
        RoutingException.Reason.UNSUPPORTED_TOPOLOGY,
        "torus-2QoS: the switches are not a 2D or 3D torus or mesh: " + why);
  }

  /** The fabric. */
  public Fabric fabric() {
    return fabric;
  }

  /** The configuration: size, rings and meshes, one seed from {@link #origin()}. */
  public TorusConfig config() {
    return config;
  }

  /** The seed's switch, at coordinates 0,0,0. */
  public int origin() {
    return origin;
  }

  /** Coordinate {@code dim} (0 x, 1 y, 2 z) of switch {@code sw}. */
  public int coordinate(int sw, int dim) {
    return coords[sw * TorusConfig.MAX_DIMS + dim];
  }

  /** {@code "3D torus 4x4x4"}, {@code "2D mesh 5x3"}, {@code "2D torus 4x6 (y open)"}. */
  public String shape() {
    List<String> radices = new ArrayList<>();
    int dims = 0;
    int meshes = 0;
    StringBuilder open = new StringBuilder();
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      if (config.radix(d) > 1) {
        dims++;
        radices.add(Integer.toString(config.radix(d)));
        if (config.isMesh(d)) {
          meshes++;
          open.append(open.length() == 0 ? "" : ", ").append("xyz".charAt(d));
        }
      }
    }
    boolean allMesh = meshes == dims;
    return dims
        + "D "
        + (allMesh ? "mesh " : "torus ")
        + String.join("x", radices)
        + (allMesh || meshes == 0 ? "" : " (" + open + " open)");
  }
}
