package org.ibrouting.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ibrouting.fabric.Lids;

/**
 * What OpenSM's torus-2QoS engine is told about a torus ({@code torus-2QoS.conf(5)}): the radix of
 * dimensions x, y, z and which of them are meshes (open rings), the seeds that fix the coordinate
 * directions (per seed a common switch, its links in the positive and/or negative direction of each
 * dimension, and the dateline offsets), the port-group size, the destination port order and the
 * change-report limit. Immutable; {@code org.ibrouting.io.torus.TorusConfigReader} reads it from
 * the file with positioned errors, {@code TorusConfigWriter} writes it, and {@link
 * Topologies#torusConfig} gives the one of a generated torus or mesh.
 *
 * <p>As in OpenSM, a dimension of radix 2 is always a mesh (its two switches are joined by parallel
 * links), and a dimension of radix 1 does not exist (a 2D torus is {@code torus 1 4 5}).
 */
public final class TorusConfig {
  /** Dimensions torus-2QoS knows: x, y and z. */
  public static final int MAX_DIMS = 3;

  /**
   * Default of {@code portgroup_max_ports}: parallel links, or host ports plus port 0, per group.
   */
  public static final int DEFAULT_PORTGROUP_MAX_PORTS = 16;

  /** Default of {@code max_changes}. */
  public static final int DEFAULT_MAX_CHANGES = 32;

  /** The highest port number a {@code port_order} may name (InfiniBand's 254-port limit). */
  public static final int MAX_PORT = 254;

  private final int[] radix;
  private final boolean[] mesh;
  private final List<Seed> seeds;
  private final int portgroupMaxPorts;
  private final int[] portOrder;
  private final int maxChanges;

  private TorusConfig(
      int[] radix,
      boolean[] mesh,
      List<Seed> seeds,
      int portgroupMaxPorts,
      int[] portOrder,
      int maxChanges) {
    this.radix = radix;
    this.mesh = mesh;
    this.seeds = List.copyOf(seeds);
    this.portgroupMaxPorts = portgroupMaxPorts;
    this.portOrder = portOrder;
    this.maxChanges = maxChanges;
  }

  /** A builder for a torus of radix x, y, z (each at least 1), all dimensions closed rings. */
  public static Builder builder(int x, int y, int z) {
    return new Builder().size(x, y, z);
  }

  /**
   * A builder whose size is set later with {@link Builder#size}, as a file may give seeds first.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** The radix of dimension {@code dim} (0 = x, 1 = y, 2 = z); 1 when the dimension is absent. */
  public int radix(int dim) {
    return radix[dim];
  }

  /**
   * Whether dimension {@code dim} is a mesh (no wrap-around link). Always true for radix 2, as
   * OpenSM forces it.
   */
  public boolean isMesh(int dim) {
    return mesh[dim];
  }

  /** The seeds in file order: the first whose switches are all present starts the discovery. */
  public List<Seed> seeds() {
    return seeds;
  }

  /** {@code portgroup_max_ports}: the most ports one port group of a switch may hold. */
  public int portgroupMaxPorts() {
    return portgroupMaxPorts;
  }

  /**
   * {@code port_order}: the ports listed first (duplicates dropped), empty for the default order.
   */
  public int[] portOrder() {
    return portOrder.clone();
  }

  /**
   * The order in which the ports of a destination switch are visited: the {@code port_order} ports,
   * then every other port 0..{@value #MAX_PORT} ascending, as OpenSM completes the list.
   */
  public int[] effectivePortOrder() {
    int[] order = new int[MAX_PORT + 1];
    boolean[] listed = new boolean[MAX_PORT + 1];
    int n = 0;
    for (int p : portOrder) {
      order[n++] = p;
      listed[p] = true;
    }
    for (int p = 0; p <= MAX_PORT; p++) {
      if (!listed[p]) {
        order[n++] = p;
      }
    }
    return order;
  }

  /** {@code max_changes}: how many topology changes OpenSM reports (kept for round trips only). */
  public int maxChanges() {
    return maxChanges;
  }

  /** Whether every dimension of radix above 1 is a mesh (OpenSM's log then says "mesh"). */
  public boolean isAllMesh() {
    return mesh[0] && mesh[1] && mesh[2];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TorusConfig c
        && Arrays.equals(radix, c.radix)
        && Arrays.equals(mesh, c.mesh)
        && seeds.equals(c.seeds)
        && portgroupMaxPorts == c.portgroupMaxPorts
        && Arrays.equals(portOrder, c.portOrder)
        && maxChanges == c.maxChanges;
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(radix), Arrays.hashCode(mesh), seeds, portgroupMaxPorts);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(isAllMesh() ? "mesh" : "torus");
    for (int d = 0; d < MAX_DIMS; d++) {
      sb.append(d == 0 ? " " : "x").append(radix[d]).append(mesh[d] && !isAllMesh() ? "m" : "");
    }
    return sb.append(", ")
        .append(seeds.size())
        .append(seeds.size() == 1 ? " seed" : " seeds")
        .toString();
  }

  /** A seed link: from the seed's common switch to its neighbour, by node GUID. */
  public record SeedLink(long fromGuid, long toGuid) {
    @Override
    public String toString() {
      return Lids.guidHex(fromGuid) + " -> " + Lids.guidHex(toGuid);
    }
  }

  /**
   * One seed ({@code next_seed} starts another): per dimension an optional link in the positive and
   * in the negative direction, all from the same switch, and the dateline offset, which moves the
   * origin of the coordinates (and with it the dateline) relative to that switch.
   */
  public static final class Seed {
    private final SeedLink[] links;
    private final int[] datelines;

    /**
     * @param links {@code [2 * dim]} the negative and {@code [2 * dim + 1]} the positive link of
     *     dimension {@code dim}, null where not configured (six entries)
     * @param datelines the dateline offset per dimension (three entries)
     */
    public Seed(SeedLink[] links, int[] datelines) {
      if (links.length != 2 * MAX_DIMS || datelines.length != MAX_DIMS) {
        throw new IllegalArgumentException(
            "a seed has 6 links and 3 datelines, not " + links.length + " and " + datelines.length);
      }
      this.links = links.clone();
      this.datelines = datelines.clone();
    }

    /** The link in dimension {@code dim}, positive or negative direction, or null. */
    public SeedLink link(int dim, boolean positive) {
      return links[2 * dim + (positive ? 1 : 0)];
    }

    /** The dateline offset of dimension {@code dim} (0 when not configured). */
    public int dateline(int dim) {
      return datelines[dim];
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Seed s
          && Arrays.equals(links, s.links)
          && Arrays.equals(datelines, s.datelines);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(links) * 31 + Arrays.hashCode(datelines);
    }

    @Override
    public String toString() {
      return "seed" + Arrays.toString(links) + " datelines " + Arrays.toString(datelines);
    }
  }

  /** Collects a configuration; {@link #build()} may be called more than once. */
  public static final class Builder {
    private int[] radix;
    private final boolean[] mesh = new boolean[MAX_DIMS];
    private final List<SeedLink[]> seedLinks = new ArrayList<>();
    private final List<int[]> seedDatelines = new ArrayList<>();
    private int portgroupMaxPorts = DEFAULT_PORTGROUP_MAX_PORTS;
    private int[] portOrder = new int[0];
    private int maxChanges = DEFAULT_MAX_CHANGES;

    private Builder() {}

    /**
     * Sets the radix of x, y and z (each at least 1), all dimensions closed rings except those of
     * radix 2.
     */
    public Builder size(int x, int y, int z) {
      int[] r = {x, y, z};
      for (int d = 0; d < MAX_DIMS; d++) {
        if (r[d] < 1) {
          throw new IllegalArgumentException(
              "torus radix "
                  + r[d]
                  + " in dimension "
                  + "xyz".charAt(d)
                  + ": every radix is at least 1 (1 leaves the dimension out)");
        }
        mesh[d] = r[d] == 2;
      }
      radix = r;
      return this;
    }

    /** Whether {@link #size} was called. */
    public boolean hasSize() {
      return radix != null;
    }

    /**
     * Makes dimension {@code dim} a mesh or a torus ring (radix 2 stays a mesh whatever is asked).
     */
    public Builder mesh(int dim, boolean isMesh) {
      requireSize();
      mesh[dim] = isMesh || radix[dim] == 2;
      return this;
    }

    private void requireSize() {
      if (radix == null) {
        throw new IllegalStateException("the torus size is not set yet");
      }
    }

    /** Starts a new seed ({@code next_seed}); the first link or dateline starts one too. */
    public Builder nextSeed() {
      seedLinks.add(new SeedLink[2 * MAX_DIMS]);
      seedDatelines.add(new int[MAX_DIMS]);
      return this;
    }

    /** The number of seeds started so far. */
    public int numSeeds() {
      return seedLinks.size();
    }

    private void ensureSeed() {
      if (seedLinks.isEmpty()) {
        nextSeed();
      }
    }

    /** Sets a link of the current seed (a later one for the same direction replaces it). */
    public Builder link(int dim, boolean positive, long fromGuid, long toGuid) {
      ensureSeed();
      seedLinks.get(seedLinks.size() - 1)[2 * dim + (positive ? 1 : 0)] =
          new SeedLink(fromGuid, toGuid);
      return this;
    }

    /**
     * Sets the dateline offset of dimension {@code dim} in the current seed.
     *
     * @throws IllegalArgumentException unless {@code -radix < offset < radix}
     */
    public Builder dateline(int dim, int offset) {
      requireSize();
      if (offset <= -radix[dim] || offset >= radix[dim]) {
        throw new IllegalArgumentException(
            "dateline "
                + offset
                + " of dimension "
                + "xyz".charAt(dim)
                + " must lie between "
                + -radix[dim]
                + " and "
                + radix[dim]
                + " (exclusive)");
      }
      ensureSeed();
      seedDatelines.get(seedDatelines.size() - 1)[dim] = offset;
      return this;
    }

    /** Sets {@code portgroup_max_ports}. */
    public Builder portgroupMaxPorts(int maxPorts) {
      if (maxPorts < 0) {
        throw new IllegalArgumentException("portgroup_max_ports " + maxPorts + " is negative");
      }
      portgroupMaxPorts = maxPorts;
      return this;
    }

    /** Sets {@code port_order}; duplicates are dropped, as OpenSM drops them. */
    public Builder portOrder(int... ports) {
      int[] kept = new int[ports.length];
      boolean[] seen = new boolean[MAX_PORT + 1];
      int n = 0;
      for (int p : ports) {
        if (p < 0 || p > MAX_PORT) {
          throw new IllegalArgumentException("port_order port " + p + " is outside 0-" + MAX_PORT);
        }
        if (!seen[p]) {
          seen[p] = true;
          kept[n++] = p;
        }
      }
      portOrder = Arrays.copyOf(kept, n);
      return this;
    }

    /** Sets {@code max_changes}. */
    public Builder maxChanges(int max) {
      maxChanges = max;
      return this;
    }

    /** The configuration; the size must have been set. */
    public TorusConfig build() {
      requireSize();
      List<Seed> seeds = new ArrayList<>();
      for (int s = 0; s < seedLinks.size(); s++) {
        seeds.add(new Seed(seedLinks.get(s), seedDatelines.get(s)));
      }
      return new TorusConfig(
          radix.clone(), mesh.clone(), seeds, portgroupMaxPorts, portOrder.clone(), maxChanges);
    }
  }
}
