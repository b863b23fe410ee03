package org.ibrouting.engines.ssspfamily;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.topology.TopologySpec;

/**
 * One line of {@code golden/dfsssp/opensm-paths-per-vl.txt}: what OpenSM 3.3.23 logged for a fabric
 * with 8 VLs available — the VLs needed, the paths per VL before balancing and, where it balanced,
 * the approximate paths per SL after it.
 *
 * @param fabric a reference fabric's name or {@code generate:SPEC}
 * @param vlsNeeded "Virtual Lanes needed" (9 when 8 did not suffice)
 * @param before paths on VL 0..7 before balancing
 * @param after paths per SL 0..7 after balancing, or null where OpenSM stopped (ERR AD25)
 */
record OpenSmVlCounts(String fabric, int vlsNeeded, long[] before, long[] after) {
  static final String RESOURCE = "golden/dfsssp/opensm-paths-per-vl.txt";

  /** Every line of the golden file. */
  static List<OpenSmVlCounts> all() {
    List<OpenSmVlCounts> all = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                OpenSmVlCounts.class.getClassLoader().getResourceAsStream(RESOURCE),
                StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.split("\\|");
        String head = parts[0].strip();
        int space = head.lastIndexOf(' ');
        all.add(
            new OpenSmVlCounts(
                head.substring(0, space),
                Integer.parseInt(head.substring(space + 1)),
                numbers(parts[1]),
                parts[2].strip().equals("-") ? null : numbers(parts[2])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return all;
  }

  private static long[] numbers(String field) {
    return Arrays.stream(field.strip().split(" +")).mapToLong(Long::parseLong).toArray();
  }

  /** The fabric OpenSM routed: the reference fabric, or the generated one. */
  Fabric build() {
    if (!fabric.startsWith("generate:")) {
      return ReferenceFabrics.fabric(fabric);
    }
    return TopologySpec.parse(fabric.substring("generate:".length())).build();
  }

  /**
   * What OpenSM logs as "Approx. #paths per VL (after balancing)" for our split of the 8 VLs: per
   * SL, the paths of its VL's block divided by the block's size.
   */
  static long[] afterBalancing(long[] before, int vlsNeeded) {
    int vls = before.length;
    int[] split = DfssspLanes.split(before, vlsNeeded, vls, true);
    long[] after = new long[vls];
    int sl = 0;
    for (int vl = 0; vl < vlsNeeded; vl++) {
      for (int k = 0; k < split[vl] && sl < vls; k++) {
        after[sl++] = before[vl] / split[vl];
      }
    }
    return after;
  }

  @Override
  public String toString() {
    return fabric;
  }
}
