package org.ibrouting.engines.robustness;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The reasons for which each registered engine documents that it refuses a fabric (its class
 * Javadoc, the README's engine table and "What happens on bad input"), as patterns over the {@code
 * RoutingException} message. A refusal that matches none of its engine's reasons — an "internal
 * error", a message of another engine, a bare exception text — fails the robustness tests. An
 * engine added to the registry must be listed here with the refusals it documents.
 */
final class DocumentedRefusals {
  private static Pattern reason(String regex) {
    return Pattern.compile(regex, Pattern.DOTALL);
  }

  private static Pattern noSwitch(String engine) {
    return reason(Pattern.quote(engine + ": the fabric has no switch to route"));
  }

  private static final Map<String, List<Pattern>> REASONS =
      Map.ofEntries(
          Map.entry("minhop", List.of(noSwitch("minhop"))),
          Map.entry(
              "dor",
              List.of(
                  noSwitch("dor"),
                  reason(
                      "dor: not a mesh, torus or hypercube cabled for dimension order: .+ \\(a chain such as dor,minhop"
                          + " falls back; setting dor_require_cube=false routes it as OpenSM does\\)"))),
          Map.entry(
              "lash",
              List.of(
                  noSwitch("lash"),
                  reason("lash: needs \\d+ VLs, limit is \\d+.*"),
                  reason("lash: needs more than \\d+ layers"))),
          Map.entry(
              "updn",
              List.of(
                  noSwitch("updn"),
                  reason("updn: .+ has no Up\\*/Down\\* path to .+, though links join them; .+"),
                  reason(
                      "updn: no root nodes were found \\(OpenSM's detection: .+\\), so OpenSM disables updn here;"
                          + " name roots with -a, or leave updn_auto_root=true to take the most central switch"))),
          Map.entry(
              "dnup",
              List.of(
                  noSwitch("dnup"),
                  reason("dnup: no switch has a CA or router, so no switch can be ranked 0"),
                  reason("dnup: .+ has no Down\\*/Up\\* path to .+, though links join them; .+"))),
          Map.entry("sssp", List.of(noSwitch("sssp"))),
          Map.entry(
              "dfsssp",
              List.of(
                  noSwitch("dfsssp"),
                  reason(
                      "dfsssp: needs more than \\d+ VLs \\(the channel"
                          + " dependency graph of the last VL still has a cycle\\).*"))),
          Map.entry(
              "multiupdn",
              List.of(
                  noSwitch("multiupdn"),
                  reason("multiupdn: updn_trees=\\d+ needs \\d+ VLs, the limit is \\d+.*"),
                  reason(
                      "multiupdn: .+ has no Up\\*/Down\\* path to .+, though links join them; .+"))),
          Map.entry("p2sssp", List.of(noSwitch("p2sssp"))),
          Map.entry(
              "ftree",
              List.of(
                  noSwitch("ftree"),
                  reason("ftree: not a fat tree: .+"),
                  reason("ftree: .+ has LMC \\d+; OpenSM's fat-tree routing supports LMC 0 only"),
                  reason(
                      "ftree: the fabric has \\d+ (switch\\(es\\)|CA\\(s\\)); a fat tree needs at least 2"),
                  reason(
                      "ftree: .+ is a router; OpenSM's fat-tree routing leaves router LIDs unrouted"),
                  reason(
                      "ftree: .+ is not connected to (the root switches|any switch with CAs); OpenSM would drop it"
                          + " and leave its LID unrouted"),
                  reason("ftree: the fabric has no compute node port.*"),
                  reason(
                      "ftree: the tree has \\d+ switch levels, .+; OpenSM's fat-tree routing handles \\d+ to \\d+"),
                  reason(
                      "ftree: up/down routing would leave \\d+ \\(switch, LID\\) entries that CAs need empty.+"),
                  reason("ftree: .+ of rank \\d+ has no link to a switch above it"))),
          Map.entry(
              "nue",
              List.of(
                  noSwitch("nue"),
                  reason(
                      "nue: \\d+ switch\\(es\\) cannot be reached from .+; the fabric is split \\(OpenSM: ERR NUE45\\)"))),
          Map.entry(
              "torus-2QoS",
              List.of(
                  noSwitch("torus-2QoS"),
                  reason(
                      "torus-2QoS: no torus-2QoS.conf given \\(OpenSM's --torus_config; without it OpenSM fails with"
                          + " ERR 4E11\\)"),
                  reason(
                      "torus-2QoS: no switch qualifies as the root of the multicast master spanning tree .+"),
                  // the refusals OpenSM's torus-2QoS makes, with its error code
                  reason("torus-2QoS: .*ERR 4E[0-9A-F]{2}.*"))),
          Map.entry(
              "dmodc",
              List.of(
                  noSwitch("dmodc"),
                  reason(
                      "dmodc: no CA or router is cabled to a switch, so no switch is a leaf of a fat"
                          + " tree"),
                  reason("dmodc: not a fat tree: .+ is cabled to .+, and both switches lie .+"),
                  reason("dmodc: .+ has no up\\*/down\\* route to .+, though links join them: .+"),
                  reason(
                      "dmodc: .+ lies \\d+ switch hops above the nearest leaf switch; Dmodc handles"
                          + " trees of at most \\d+ levels"),
                  reason("dmodc: \\d+ switches x \\d+ LFT entries exceed one LFT copy"))),
          Map.entry(
              "sar",
              List.of(
                  noSwitch("sar"),
                  reason(
                      "sar: needs more than \\d+ VLs \\(the channel dependency graph of the last VL still has a"
                          + " cycle\\).*"))));

  private DocumentedRefusals() {}

  /** Whether {@code engine} documents refusals at all (every registered engine must be listed). */
  static boolean knows(String engine) {
    return REASONS.containsKey(engine);
  }

  /** Whether {@code message} is one of the refusals {@code engine} documents. */
  static boolean isDocumented(String engine, String message) {
    return message != null
        && REASONS.getOrDefault(engine, List.of()).stream()
            .anyMatch(p -> p.matcher(message).matches());
  }

  /** What the robustness tests report for a refusal that is not documented, or null when it is. */
  static String problem(String engine, String message) {
    if (!knows(engine)) {
      return "engine "
          + engine
          + " is not listed in DocumentedRefusals; add the refusals it documents";
    }
    return isDocumented(engine, message)
        ? null
        : "refused for a reason it does not document: " + message;
  }
}
