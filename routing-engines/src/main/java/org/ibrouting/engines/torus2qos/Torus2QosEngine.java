package org.ibrouting.engines.torus2qos;

import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.AbstractRoutingEngine;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import org.ibrouting.routing.RoutingEngine;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.routing.SlTable;
import org.ibrouting.topology.TorusConfig;

/**
 * torus-2QoS: dimension-order routing on 2D and 3D tori and meshes, made free of credit loops by
 * datelines, that routes around failed links and a failed switch without changing path SLs, as
 * OpenSM 3.3.23 does it ({@code -R torus-2QoS --torus_config FILE}, {@code osm_torus.c} by Jim
 * Schutt, Sandia; man pages torus-2QoS(8) and torus-2QoS.conf(5)). The dateline idea is Dally and
 * Seitz's ("Deadlock-free message routing in multiprocessor interconnection networks", 1987).
 *
 * <p>The torus is recovered from the fabric starting at the seed switches of the {@link
 * TorusConfig} ({@link TorusDiscovery}); routes are computed per switch pair on its coordinates
 * ({@link TorusRouter}). The path SL has bit d set when the path's shorter way along dimension d
 * crosses that dimension's dateline; OpenSM adds a QoS bit 3 from the SA query, which is 0 here.
 *
 * <p>Refusals carry OpenSM's error codes: no configuration (OpenSM: ERR 4E11, the file cannot be
 * opened), fewer than 2 data VLs ({@code --max-vls}, ERR 4E48), a {@code port_order} port a switch
 * lacks (4E21), seed problems (4E22-4E30), a switch placed twice or a full port group (4E1C-4E1E,
 * 4E57), failures that break a ring into pieces or missing switches that are not in one z column
 * (4E32-4E38), an unroutable pair (4E39) and a switch left out of the multicast master spanning
 * tree (4E43). Switches the discovery cannot place keep empty LFTs and their CAs stay unreachable,
 * as in OpenSM.
 *
 * <p>VLs ({@link Sl2Vl}): OpenSM programs output-port-dependent SL-to-VL maps, so that 2 VLs per
 * QoS level keep the torus free of credit loops: a hop along dimension d travels on VL = bit d of
 * the SL, plus 2 on the hop after a turn against dimension order (with at least 4 data VLs; only
 * paths around a missing switch make such turns), plus 4 for QoS level 1 (with 8). The routing's
 * {@link SlTable} carries that rule as a {@link PortSl2Vl}, so the credit-loop verifier checks each
 * hop on its VL. A deployment through OpenSM's {@code file} engine cannot program per-port maps:
 * {@link Sl2Vl#IDENTITY} gives the same path SLs with VL = SL instead (2^dims VLs, and no separate
 * VLs after turns, so a failed switch may leave credit loops the verifier then reports).
 *
 * <p>Differences: OpenSM also refuses without QoS ({@code -Q}, ERR 4E44); here the SL table is
 * always produced. Multicast is not routed.
 *
 * <p>Cost: discovery O(switches * ports^2); routing O(switches^2 + switches * LIDs) over the
 * threads; the SL table 1 byte per (source switch, LID).
 */
public final class Torus2QosEngine implements RoutingEngine {
  /** The engine's OpenSM name. */
  public static final String NAME = "torus-2QoS";

  /** The most switch positions (radix x * y * z) a configuration may ask for: 2^24. */
  public static final int MAX_POSITIONS = 1 << 24;

  /** How the routing's VLs follow from its SLs. */
  public enum Sl2Vl {
    /** OpenSM's per-port maps ({@link PortSl2Vl}): 2 VLs, 4 with a missing switch. */
    PORT,
    /** VL = SL on every port, as a QoS policy through the {@code file} engine can set it. */
    IDENTITY
  }

  private final TorusConfig config;
  private final Sl2Vl sl2vl;

  /** An engine for the torus {@code config} describes, with OpenSM's per-port SL-to-VL maps. */
  public Torus2QosEngine(TorusConfig config) {
    this(config, Sl2Vl.PORT);
  }

  /**
   * An engine for the torus {@code config} describes; null refuses every fabric, naming the option.
   */
  public Torus2QosEngine(TorusConfig config, Sl2Vl sl2vl) {
    this.config = config;
    this.sl2vl = sl2vl;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Routing route(Fabric fabric, RoutingOptions options) throws RoutingException {
    if (config == null) {
      throw new RoutingException(
          RoutingException.Reason.SETTINGS_MISMATCH,
          NAME
              + ": no torus-2QoS.conf given (OpenSM's --torus_config; without it OpenSM fails with ERR 4E11)");
    }
    AbstractRoutingEngine.requireRoutable(fabric, NAME);
    if (options.maxVls() < 2) {
      throw RoutingException.vlsExceeded(
          NAME
              + ": ERR 4E48: too few data VLs to support torus routing"
              + " without credit loops (have "
              + options.maxVls()
              + ", need 2)",
          2,
          options.maxVls());
    }
    long positions = (long) config.radix(0) * config.radix(1) * config.radix(2);
    if (positions > MAX_POSITIONS) {
      throw new RoutingException(
          RoutingException.Reason.TOO_LARGE,
          NAME
              + ": a "
              + config.radix(0)
              + "x"
              + config.radix(1)
              + "x"
              + config.radix(2)
              + " torus has "
              + positions
              + " positions, more than the "
              + MAX_POSITIONS
              + " this engine allocates (OpenSM would fail to allocate them: ERR 4E0C)");
    }
    Torus torus = TorusDiscovery.discover(fabric, config);
    options.progress().progress(NAME + ": discovery", torus.numSlots, torus.numSlots);
    TorusRouter router = new TorusRouter(torus);
    router.checkRoutable();
    RoutingBuilder builder = Routing.builder(fabric, NAME);
    router.fillLfts(builder, options.threads(), options.progress(), NAME + ": LFTs");
    router.checkMasterTree();
    SlTable.Builder sls = SlTable.perSourceSwitch(fabric);
    router.fillPathSls(sls, options.progress(), NAME + ": path SLs");
    if (sl2vl == Sl2Vl.PORT) {
      sls.setPortSl2Vl(portSl2Vl(torus, options.maxVls()));
    }
    builder.setSlTable(sls.build());
    return builder.build();
  }

  /**
   * OpenSM's {@code sl2vl_entry}: port classes 0, 1, 2 for inter-switch ports along x, y, z, class
   * 3 for port 0, CA and router ports, ports outside the torus and every port of a switch outside
   * it.
   */
  static PortSl2Vl portSl2Vl(Torus t, int dataVls) {
    int endClass = TorusConfig.MAX_DIMS;
    int numClasses = endClass + 1;
    byte[] classOfPort = new byte[t.fabric.numPortSlots()];
    java.util.Arrays.fill(classOfPort, (byte) endClass);
    for (int port = 0; port < classOfPort.length; port++) {
      int group = t.groupOfPort[port];
      if (group >= 0 && group % Torus.GROUPS != Torus.LOCAL) {
        classOfPort[port] = (byte) (group % Torus.GROUPS / 2);
      }
    }
    byte[] vls = new byte[numClasses * numClasses * SlTable.NUM_SLS];
    for (int in = 0; in < numClasses; in++) {
      for (int out = 0; out < numClasses; out++) {
        for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
          int qos = sl >> TorusConfig.MAX_DIMS & 1;
          int vl = 0;
          if (out == endClass) {
            vl = dataVls >= 2 ? qos : 0;
          } else {
            vl = sl >> out & 1;
            if (dataVls >= 4 && in != endClass && in > out) {
              vl |= 2;
            }
            if (dataVls >= 8) {
              vl |= qos << 2;
            }
          }
          vls[(in * numClasses + out) * SlTable.NUM_SLS + sl] = (byte) vl;
        }
      }
    }
    // only paths around a missing switch turn against dimension order
    boolean turns = dataVls >= 4 && t.numSlots < t.numPositions();
    return new PortSl2Vl(NAME, classOfPort, numClasses, vls, turns ? 4 : 2);
  }
}
