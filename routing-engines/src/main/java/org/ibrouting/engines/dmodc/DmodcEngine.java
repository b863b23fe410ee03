package org.ibrouting.engines.dmodc;

import java.util.Objects;
import org.ibrouting.engines.reroute.RepairCapability;
import org.ibrouting.engines.reroute.RepairRule;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.LidMajorLfts;
import org.ibrouting.internal.Parallel;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * Dmodc: deterministic, fault-resilient routing for parallel generalized fat trees (PGFTs, XGFTs,
 * k-ary n-trees) intact or degraded (J. Gliksberg, A. Capra, A. Louvet, P. J. García, D. Sohier,
 * "High-Quality Fault-Resiliency in Fat-Trees", HOTI 2019 / IEEE Micro 2021, arXiv 2211.11817),
 * after the d-mod-k rule of Zahavi et al. behind OpenSM's ftree. No OpenSM counterpart.
 *
 * <p>A preprocessing phase over what still works gives every switch its level (hops above the
 * nearest switch with CAs: {@code Tree}), every up-port group (the parallel links to one upper
 * switch) its canonical position among the switch's nominal parents and every switch its divider
 * ({@code Roles}), every (switch, destination) pair the level at which its up*&#47;down* route
 * turns ({@code Costs}), and every destination a node identifier with gaps where the tree misses
 * leaves or CAs ({@code Nids}). Each entry is then a closed-form modulo ({@link DmodcFormula}):
 * down towards the destination's subtree, or up by the group at the destination's d-mod-k position
 * among those that still reach it at the least cost. On an intact k-ary n-tree this is d-mod-k, the
 * routing OpenSM's ftree computes with its counters.
 *
 * <p>Every route goes up, then down: on one VL the tables are deadlock-free, intact or degraded. A
 * CA pair that links still join but no up*&#47;down* route does (failures that leave two leaves
 * without a common ancestor) is refused with a {@code DISCONNECTED} exception naming them, and a
 * fabric that is no fat tree (no switch with a CA, a link between two switches of one level: a CA
 * cabled above the leaves, a torus) is refused as {@code UNSUPPORTED_TOPOLOGY}, naming the link.
 * Switches of a part of the fabric without CAs get no level; only their own LIDs are routed there
 * (a note says so): no CA reaches them. Switch LIDs are routed from every switch with an
 * up*&#47;down* route to them, so from every CA; between switches without a common ancestor (two
 * top switches) the entry stays empty, as in OpenSM's ftree. LMC &gt; 0: the i-th LID of a port
 * adds i to its quotient at every switch, so the LIDs of one port take different up groups.
 *
 * <p>Differences from the paper, for the goals measured in benchmarks/RESULTS.md: where a switch
 * has lost the group at a destination's d-mod-k position, only that destination moves, to the
 * {@code ((q / w) mod |C|)}-th of the groups {@code C} that still reach it at least cost, rather
 * than every destination being spread again over {@code C} by {@code q mod |C|} (setting {@code
 * dmodc_variant=paper} routes by the paper's rule); positions are nominal (a hole where a parent is
 * missing), so that all routes to one destination keep meeting at one top switch.
 *
 * <p>Cost: the preprocessing is O(#classes * (#switches + #links)), where a class is a set of
 * switches with the same parents (2k + 1 in an intact k-ary 3-tree, up to #switches when every
 * switch lost a different link); the tables are one constant-time formula per entry, switch by
 * switch on every thread, computed once per set of twin switches (same switch neighbours on the
 * same ports: the leaves of a pod, the spines of a column) and copied to the others. Memory: one
 * byte per (switch, class), two bits per pair of switches, two ints per LID and level.
 */
public final class DmodcEngine extends AbstractRoutingEngine implements RepairCapability {
  /** The engine's name. */
  public static final String NAME = "dmodc";

  private final DmodcFormula.Variant variant;

  /** The default: d-mod-k positions kept where they still reach the destination. */
  public DmodcEngine() {
    this(DmodcFormula.Variant.KEEP);
  }

  /** With the given rule for choosing among up groups. */
  public DmodcEngine(DmodcFormula.Variant variant) {
    super(NAME);
    this.variant = Objects.requireNonNull(variant, "variant");
  }

  /** The rule for choosing among up groups. */
  public DmodcFormula.Variant variant() {
    return variant;
  }

  @Override
  protected Routing routeChecked(Fabric fabric, RoutingOptions options) throws RoutingException {
    LidMajorLfts.requireLftsFit(fabric, NAME);
    int threads = Parallel.threadsFor(fabric.numSwitches(), options.threads());
    // the tables' fresh memory costs page faults (110 MB on the 32-ary 3-tree): made on another
    // core while the formula is prepared
    Parallel.Background<RoutingBuilder> lfts =
        Parallel.inBackground(threads, "ibrouting-lfts", () -> Routing.builder(fabric, name()));
    DmodcFormula formula = formula(fabric, threads);
    return formula.tables(lfts.join(), threads, options.progress());
  }

  /**
   * The formula of this engine prepared for {@code fabric}: for re-routing entry by entry.
   *
   * @throws RoutingException as {@link #route} refuses
   */
  public DmodcFormula formula(Fabric fabric, int threads) throws RoutingException {
    requireRoutable(fabric, name());
    LidMajorLfts.requireLftsFit(fabric, NAME);
    return DmodcFormula.of(fabric, variant, threads);
  }

  /**
   * The rule of {@link org.ibrouting.engines.reroute.Reroute}: an affected switch takes the entry
   * of Dmodc's formula on the changed fabric, every other entry stays.
   */
  @Override
  public RepairRule repairRule(Routing old, RoutingOptions options, int threads)
      throws RoutingException {
    return RepairRule.byFormula(formula(old.fabric(), threads)::outPort);
  }
}
