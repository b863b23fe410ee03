package org.ibrouting.io.opensm;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * Writes an {@code opensm.conf} for {@code opensm -F FILE} that deploys a routing through OpenSM
 * 3.3.23's {@code file} engine with its SLs: every key is one OpenSM 3.3.23 accepts ({@code opensm
 * --create-config} lists them), options not written keep OpenSM's defaults.
 *
 * <ul>
 *   <li>{@code routing_engine file,no_fallback} and {@code lfts_file}: the tables come from the
 *       dump, and OpenSM programs nothing rather than falling back to MINHOP (whose tables the SLs
 *       were not computed for) when the dump does not load;
 *   <li>{@code lmc}: the LMC of the fabric's CA ports, so OpenSM keeps the LIDs the dump routes;
 *   <li>{@code qos TRUE}, {@code qos_policy_file}: the policy of {@link QosPolicyWriter};
 *   <li>{@code qos_sl2vl}: each SL the routing uses on its VL (SL k on VL k for every engine of
 *       ours), the unused SLs spread over the same VLs, none on VL 15 (which drops packets);
 *   <li>{@code qos_vlarb_low}: weight 64 (one 4 KiB packet per turn) for every VL the map uses,
 *       {@code qos_vlarb_high 0:0} (no high-priority VL), {@code qos_high_limit 0};
 *   <li>{@code qos_max_vls}: the VL count, for the record (OpenSM 3.3.23 reads it only for
 *       torus-2QoS; the VLs a port runs are min(its VLCap, {@code max_op_vls}), by default all).
 * </ul>
 *
 * <p>The same QoS values are written for CAs, routers, switch port 0 and external switch ports
 * ({@code qos_ca_}, {@code qos_rtr_}, {@code qos_sw0_}, {@code qos_swe_}), so that a site
 * configuration these lines are merged into cannot keep a different per-type table.
 */
public final class OpenSmConfWriter {
  /** VL arbitration weight per VL, in 64-byte credits: one 4 KiB packet per turn. */
  public static final int VLARB_WEIGHT = 64;

  private static final String[] QOS_PREFIXES = {"qos", "qos_ca", "qos_rtr", "qos_sw0", "qos_swe"};

  /** OpenSM reads each option line with fgets(1023) and cuts it at the first '#'. */
  private static final int MAX_LINE = 1000;

  private OpenSmConfWriter() {}

  /**
   * The SL-to-VL map to program: SL s on {@code table.vlOfSl(s)} when the routing uses it, else on
   * VL {@code s mod numVls}.
   *
   * @throws IllegalArgumentException when a used SL maps to VL 15
   */
  public static byte[] sl2vl(SlTable table, int usedSls) {
    int numVls = table.numVls();
    byte[] map = new byte[SlTable.NUM_SLS];
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      boolean used = (usedSls >>> sl & 1) != 0;
      int vl = used ? table.vlOfSl(sl) : sl % numVls;
      if (vl > 14) {
        throw new IllegalArgumentException(
            "SL " + sl + " maps to VL " + vl + "; data VLs are 0-14");
      }
      map[sl] = (byte) vl;
    }
    return map;
  }

  /**
   * The text of the configuration.
   *
   * @param routing the routing deployed
   * @param lftDump absolute path of its dump
   * @param qosPolicy absolute path of its QoS policy
   * @param usedSls the SLs that keep their own VL: those the routing uses ({@link
   *     QosPolicyWriter.Stats#usedSls()}), and those earlier deployments used ({@link
   *     DeploymentState#stickySls()})
   */
  public static String text(Routing routing, Path lftDump, Path qosPolicy, int usedSls) {
    Fabric fabric = routing.fabric();
    SlTable table = routing.slTable();
    byte[] map = sl2vl(table, usedSls);
    int numVls = 1;
    for (byte vl : map) {
      numVls = Math.max(numVls, vl + 1);
    }
    StringBuilder sl2vl = new StringBuilder();
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      sl2vl.append(sl == 0 ? "" : ",").append(map[sl]);
    }
    StringBuilder vlarbLow = new StringBuilder();
    for (int vl = 0; vl < numVls; vl++) {
      vlarbLow.append(vl == 0 ? "" : ",").append(vl).append(':').append(VLARB_WEIGHT);
    }
    int lmc = 0;
    for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
      for (int p = 1; p <= fabric.numPorts(node); p++) {
        lmc = Math.max(lmc, fabric.lmc(fabric.port(node, p)));
      }
    }
    StringBuilder text = new StringBuilder();
    text.append("# opensm.conf written by ibrouting: the ")
        .append(routing.engineName())
        .append(" routing of a fabric of ")
        .append(fabric.numSwitches())
        .append(" switches and ")
        .append(fabric.numCas())
        .append(" CAs, ")
        .append(numVls)
        .append(" VL(s).\n")
        .append("# Start OpenSM with: opensm -F <this file>. Options not listed keep OpenSM's")
        .append(" defaults; to keep\n# site settings (guid, sm_priority, partitions, ...), copy")
        .append(" these lines into the site's opensm.conf.\n")
        .append("# Every port must run at least ")
        .append(numVls)
        .append(" data VL(s) (VLCap;")
        .append(" OpenSM's max_op_vls default allows all).\n\n")
        .append("# the LFTs: OpenSM's file engine, no fallback to another engine's tables\n")
        .append("routing_engine file,no_fallback\n")
        .append(line("lfts_file", lftDump))
        .append("lmc ")
        .append(lmc)
        .append("\n\n")
        .append("# the SLs: the SA answers PathRecords from the QoS policy\n")
        .append("qos TRUE\n")
        .append(line("qos_policy_file", qosPolicy));
    for (String prefix : QOS_PREFIXES) {
      text.append('\n')
          .append(prefix)
          .append("_max_vls ")
          .append(numVls)
          .append('\n')
          .append(prefix)
          .append("_high_limit 0\n")
          .append(prefix)
          .append("_vlarb_high 0:0\n")
          .append(prefix)
          .append("_vlarb_low ")
          .append(vlarbLow)
          .append('\n')
          .append(prefix)
          .append("_sl2vl ")
          .append(sl2vl)
          .append('\n');
    }
    return text.toString();
  }

  /** Writes the configuration to {@code file} atomically; see {@link #text}. */
  public static void write(Path file, Routing routing, Path lftDump, Path qosPolicy, int usedSls)
      throws IOException {
    AtomicFiles.writeString(file, text(routing, lftDump, qosPolicy, usedSls));
  }

  private static String line(String key, Path path) {
    String value = path.toString();
    if (value.indexOf('#') >= 0
        || value.indexOf('\n') >= 0
        || value.indexOf('\r') >= 0
        || value.length() > MAX_LINE - key.length()) {
      throw new IllegalArgumentException(
          "OpenSM cannot read the path '"
              + value
              + "' from its"
              + " configuration (it cuts lines at '#', line breaks and 1,022 characters); choose"
              + " another directory");
    }
    return key + " " + value + "\n";
  }
}
