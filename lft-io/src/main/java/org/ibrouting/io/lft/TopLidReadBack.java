package org.ibrouting.io.lft;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one LID {@code dump_fts} and {@code ibroute} (infiniband-diags, rdma-core up to at least v58)
 * never read: they read the LFT blocks of 64 LIDs up to {@code ALIGN(top, 64) / 64} exclusive, so
 * when the switch's top LID is a multiple of 64 the block that holds it is skipped and its entry is
 * missing from their output (as if unrouted), even with {@code -a}. On a fabric whose largest LID
 * is 64, 128, ..., 4864, every switch seems to drop every packet to that LID.
 *
 * <p>This class finds the sections that miss it, with the directed route each was read over (its
 * header), and puts the entry read another way ({@code smpdump -D PATH 0x19 BLOCK}, whose first
 * byte is the top LID's port) back into the text, so that {@link LftDumpReader} reads whole tables.
 */
public final class TopLidReadBack {
  /** LIDs per LinearForwardingTable block. */
  public static final int BLOCK = 64;

  /** The LinearForwardingTable attribute, for {@code smpdump}. */
  public static final String ATTRIBUTE = "0x19";

  private static final Pattern HEADER =
      Pattern.compile(
          "^Unicast lids \\[0x([0-9a-fA-F]+)-0x([0-9a-fA-F]+)\\] of switch DR path slid \\d+;"
              + " dlid \\d+; ([0-9,]+) guid");
  private static final Pattern FIRST_BYTE = Pattern.compile("^\\s*([0-9a-fA-F]{2})");

  private TopLidReadBack() {}

  /** Whether {@code dump_fts} skips {@code maxLid} (a multiple of {@value #BLOCK}). */
  public static boolean skipped(int maxLid) {
    return maxLid > 0 && maxLid % BLOCK == 0;
  }

  /**
   * The directed routes of the sections of {@code text} ({@code dump_fts} output, read over
   * directed routes) whose range ends at {@code maxLid} and that have no line for it.
   */
  public static List<String> missing(String text, int maxLid) {
    List<String> paths = new ArrayList<>();
    String entry = String.format(Locale.ROOT, "0x%04x ", maxLid);
    String path = null;
    for (String line : text.split("\n")) {
      Matcher m = HEADER.matcher(line);
      if (m.find()) {
        if (path != null) {
          paths.add(path);
        }
        path = Integer.parseInt(m.group(2), 16) == maxLid ? m.group(3) : null;
      } else if (path != null && line.startsWith(entry)) {
        path = null;
      }
    }
    if (path != null) {
      paths.add(path);
    }
    return paths;
  }

  /** The port of the first LID of a block, from what {@code smpdump} printed of it (hex bytes). */
  public static int firstPort(String smpdump) {
    for (String line : smpdump.split("\n")) {
      Matcher m = FIRST_BYTE.matcher(line);
      if (m.find()) {
        return Integer.parseInt(m.group(1), 16);
      }
    }
    throw new IllegalArgumentException("no LFT block in smpdump's output: " + smpdump.strip());
  }

  /**
   * {@code text} with a {@code 0xLID PORT} line added to each section read over a path in {@code
   * portOfPath}, at its end.
   */
  public static String withEntries(String text, int lid, Map<String, Integer> portOfPath) {
    StringBuilder out = new StringBuilder(text.length() + portOfPath.size() * 16);
    Integer pending = null;
    for (String line : text.split("\n", -1)) {
      Matcher m = HEADER.matcher(line);
      boolean trailer = line.contains("lids dumped");
      if ((m.find() || trailer) && pending != null) {
        out.append(String.format(Locale.ROOT, "0x%04x %03d\n", lid, pending));
        pending = null;
      }
      Matcher h = HEADER.matcher(line);
      if (h.find()) {
        pending = portOfPath.get(h.group(3));
      }
      out.append(line).append('\n');
    }
    if (pending != null) {
      out.append(String.format(Locale.ROOT, "0x%04x %03d\n", lid, pending));
    }
    out.setLength(Math.max(0, out.length() - 1));
    return out.toString();
  }
}
