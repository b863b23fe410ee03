package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.sl.PathRecordSample;
import org.ibrouting.routing.SlTable;

/**
 * The PathRecords a subnet manager answered for a sample of pairs, compared with the SLs a routing
 * should have: how many records give another SL, and the first few of them.
 *
 * @param records the records compared
 * @param mismatches the records whose SL differs from the table's
 * @param examples up to five mismatches, for the report
 */
record SlAudit(int records, int mismatches, List<String> examples) {
  private static final int EXAMPLES = 5;

  /** Compares every record of {@code sample} with {@code expected}. */
  static SlAudit of(PathRecordSample sample, SlTable expected, Fabric fabric) {
    int mismatches = 0;
    List<String> examples = new ArrayList<>();
    int[] src = sample.srcLids();
    int[] dst = sample.dstLids();
    byte[] sls = sample.sls();
    for (int i = 0; i < src.length; i++) {
      int want = expected.sl(src[i], dst[i]);
      if (sls[i] != want) {
        mismatches++;
        if (examples.size() < EXAMPLES) {
          examples.add(
              String.format(
                  Locale.ROOT,
                  "%s (LID %d) -> %s (LID %d): SL %d, expected %d",
                  fabric.portName(fabric.portOfLid(src[i])),
                  src[i],
                  fabric.portName(fabric.portOfLid(dst[i])),
                  dst[i],
                  sls[i],
                  want));
        }
      }
    }
    return new SlAudit(src.length, mismatches, examples);
  }

  /** Copies the examples. */
  SlAudit {
    examples = List.copyOf(examples);
  }

  /** The report line(s): agreement with {@code slFile}, or the mismatches. */
  String text(Path slFile) {
    if (mismatches == 0) {
      return String.format(
          Locale.ROOT,
          "SL audit     the SA's SL equals %s's for all %d PathRecords",
          slFile == null ? "the routing" : slFile.toString(),
          records);
    }
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "SL audit     MISMATCH: %d of %d PathRecords give another SL than %s",
                mismatches,
                records,
                slFile == null ? "the routing" : slFile.toString()));
    for (String example : examples) {
      b.append(String.format("%n             %s", example));
    }
    return b.toString();
  }
}
