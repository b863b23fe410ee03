package org.ibrouting.cli;

import java.util.Locale;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoop;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.opensm.QosPolicyWriter;
import org.ibrouting.routing.Routing;

/** Text and JSON renderings of the analysis reports, shared by the commands. */
final class Summaries {
  private Summaries() {}

  /** Prints the engine's notes on stderr, one "note: ..." line each. */
  static void printNotes(Routing routing) {
    for (String note : routing.notes()) {
      System.err.println("note: " + note);
    }
  }

  static Json routeReport(Json json, RouteReport r) {
    return json.put("pairs", r.pairs())
        .put("valid_pairs", r.validPairs())
        .put("unreachable_pairs", r.unreachablePairs())
        .put("blackhole_pairs", r.blackholePairs())
        .put("loop_pairs", r.loopPairs())
        .put("all_routed", r.allRouted())
        .put("avg_hops", r.avgHops())
        .put("max_hops", r.maxHops())
        .put("minimal_share", r.minimalShare())
        .put("bfs_avg_hops", r.bfsAvgHops())
        .putRaw("hop_histogram", Json.array(r.hopHistogram()))
        .putRaw("witnesses", Json.stringArray(r.witnesses()));
  }

  static String routeReportText(RouteReport r) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "pairs        %d routed of %d (unreachable %d, black holes %d, loops %d)%n",
            r.validPairs(),
            r.pairs(),
            r.unreachablePairs(),
            r.blackholePairs(),
            r.loopPairs()));
    b.append(
        String.format(
            Locale.ROOT,
            "hops         average %.3f, max %d (shortest paths: average %.3f)%n",
            r.avgHops(),
            r.maxHops(),
            r.bfsAvgHops()));
    b.append(
        String.format(
            Locale.ROOT, "minimal      %.2f%% of routed pairs%n", 100 * r.minimalShare()));
    long[] histogram = r.hopHistogram();
    b.append("hop counts  ");
    for (int h = 0; h < histogram.length; h++) {
      if (histogram[h] > 0) {
        b.append(' ').append(h).append(':').append(histogram[h]);
      }
    }
    for (String witness : r.witnesses()) {
      b.append(String.format("%nwitness      %s", witness));
    }
    return b.toString();
  }

  /**
   * {@code "84,321 bytes in 0.012 s, 7.0 MB/s"}: the rate in the unit that gives it two or three
   * significant digits (kB/s below 1 MB/s), none when the write took under a millisecond.
   */
  static String written(long bytes, double seconds) {
    String size = String.format(Locale.ROOT, "%,d bytes", bytes);
    if (seconds < 1e-3) {
      return size + " in under 1 ms";
    }
    double rate = bytes / seconds;
    String speed =
        rate >= 100e6
            ? String.format(Locale.ROOT, "%.0f MB/s", rate / 1e6)
            : rate >= 1e6
                ? String.format(Locale.ROOT, "%.1f MB/s", rate / 1e6)
                : rate >= 10e3
                    ? String.format(Locale.ROOT, "%.0f kB/s", rate / 1e3)
                    : String.format(Locale.ROOT, "%.1f kB/s", rate / 1e3);
    return String.format(Locale.ROOT, "%s in %.3f s, %s", size, seconds, speed);
  }

  /** How a routing's VLs follow from its SLs: per-port maps (and whose rule) or one map. */
  static String sl2vlKind(org.ibrouting.routing.SlTable table) {
    return table.portSl2Vl() == null
        ? "sl2vl map"
        : "per-port sl2vl (" + table.portSl2Vl().rule() + ")";
  }

  static Json cdgReport(Json json, CdgReport cdg) {
    json.put("deadlock_free", cdg.isDeadlockFree())
        .put("vls", cdg.numVls())
        .put("cdg_edges", cdg.totalEdges());
    int[] cyclic = cdg.cyclicVls();
    long[] vls = new long[cyclic.length];
    for (int i = 0; i < cyclic.length; i++) {
      vls[i] = cyclic[i];
    }
    json.putRaw("cyclic_vls", Json.array(vls));
    if (cyclic.length > 0) {
      json.put("credit_loop", cdg.creditLoop(cyclic[0]).orElseThrow().toString());
    }
    return json;
  }

  /** What a credit-loop check says of the SLs it had: none given, every path on VL 0. */
  static final String NO_SLS_GIVEN =
      "no SLs were given (--sl SLFILE or --sl-saquery FILE), so the verdict is for every path on"
          + " one VL; a routing made deadlock-free by its SLs (dfsssp, lash, nue, ...) is only"
          + " judged with them";

  /**
   * The credit-loop verdict; {@code slsGiven} false: the routing was checked without its SLs, every
   * path on VL 0, and the verdict says so.
   */
  static String cdgReportText(CdgReport cdg, boolean slsGiven) {
    if (cdg.isDeadlockFree()) {
      return String.format(
          Locale.ROOT,
          "deadlock     free: %d VL(s), %d channel dependencies, no cycle%s",
          cdg.numVls(),
          cdg.totalEdges(),
          slsGiven ? "" : String.format("%nnote         %s", NO_SLS_GIVEN));
    }
    StringBuilder b =
        new StringBuilder(
            slsGiven
                ? "deadlock     CREDIT LOOP on VL(s)"
                : "deadlock     CREDIT LOOP, every path on VL");
    for (int vl : cdg.cyclicVls()) {
      b.append(' ').append(vl);
    }
    if (!slsGiven) {
      b.append(String.format("%nnote         %s", NO_SLS_GIVEN));
    }
    CreditLoop loop = cdg.firstCreditLoop().orElseThrow();
    b.append(String.format("%n%s", loop));
    return b.toString();
  }

  /** The text lines of a deployment: what was written where, and how to start OpenSM with it. */
  static String deploymentText(OpenSmDeployment.Result deployment) {
    StringBuilder b = new StringBuilder();
    QosPolicyWriter.Stats policy = deployment.policy();
    b.append(
        String.format(
            Locale.ROOT,
            "deployed     %s: %s, %s (%d rules, %d port groups, %d bytes), %s%s, %s%n",
            deployment.dir(),
            OpenSmDeployment.LFT_DUMP,
            OpenSmDeployment.QOS_POLICY,
            policy.rules(),
            policy.sourceGroups() + policy.destinationGroups(),
            policy.bytes(),
            OpenSmDeployment.CONF,
            deployment.slFile() == null ? "" : ", " + OpenSmDeployment.SL_FILE,
            OpenSmDeployment.FABRIC));
    b.append(String.format(Locale.ROOT, "start        %s%n", deployment.commandLine()));
    b.append(
        String.format(
            Locale.ROOT,
            "             (every port must run %d data VL(s); hosts get"
                + " the SLs from the SA's PathRecords)",
            Math.max(
                deployment.numVls(),
                32 - Integer.numberOfLeadingZeros(deployment.state().stickySls()))));
    return b.toString();
  }

  /** The JSON fields of a deployment. */
  static Json deploymentJson(Json json, OpenSmDeployment.Result deployment) {
    QosPolicyWriter.Stats policy = deployment.policy();
    return json.put("opensm_dir", deployment.dir().toString())
        .put("opensm_command", deployment.commandLine())
        .put("qos_rules", policy.rules())
        .put("qos_port_groups", policy.sourceGroups() + policy.destinationGroups())
        .put("qos_policy_bytes", policy.bytes())
        .put("opensm_sl_file", deployment.slFile() == null ? null : deployment.slFile().toString())
        .put("generation", deployment.state().generation());
  }
}
