package org.ibrouting.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What OpenSM 3.3.23 printed at log level INFO ({@code -D 0x47} includes it) about its VL engines:
 * DFSSSP's "Virtual Lanes needed: N" and its "Paths per VL (before balancing)" / "Approx. #paths
 * per VL (after balancing)" lists ({@code dfsssp_remove_deadlocks}), LASH's "Lanes in layer N: M"
 * lines and "Lanes needed: K, Balancing" ({@code lash_core}), and the error codes ({@code ERR
 * XXXX}). These are the counts the tests compare our VL assignments with.
 */
public final class OpenSmLog {
  private static final Pattern VLS_NEEDED = Pattern.compile("Virtual Lanes needed: (\\d+)");
  private static final Pattern LANE = Pattern.compile("^ +(\\d+)\\. lane: (\\d+)$");
  private static final Pattern LASH_LAYER =
      Pattern.compile("lash_core: Lanes in layer (\\d+): (\\d+)");
  private static final Pattern LASH_NEEDED = Pattern.compile("lash_core: Lanes needed: (\\d+)");
  private static final Pattern ERROR = Pattern.compile("ERR ([0-9A-F]{4})");

  private final List<String> lines;

  private OpenSmLog(List<String> lines) {
    this.lines = lines;
  }

  /** Reads OpenSM's log file ({@code -f FILE}). */
  public static OpenSmLog read(Path log) throws IOException {
    return new OpenSmLog(Files.readAllLines(log, StandardCharsets.ISO_8859_1));
  }

  /**
   * DFSSSP's "Virtual Lanes needed" (available + 1 when they did not suffice), or -1 when absent.
   */
  public int dfssspVlsNeeded() {
    return firstNumber(VLS_NEEDED);
  }

  /** The number in group 1 of the first line {@code pattern} finds, or -1. */
  private int firstNumber(Pattern pattern) {
    for (String line : lines) {
      Matcher m = pattern.matcher(line);
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
    }
    return -1;
  }

  /** DFSSSP's paths per VL before balancing, one entry per available VL, or null when absent. */
  public long[] dfssspPathsPerVlBeforeBalancing() {
    return lanesAfter("Paths per VL (before balancing):");
  }

  /**
   * DFSSSP's "Approx. #paths per VL (after balancing)": per SL, the paths of the VL whose block it
   * belongs to divided by the block's size; null when absent (OpenSM stops before it when the VLs
   * do not suffice).
   */
  public long[] dfssspPathsPerVlAfterBalancing() {
    return lanesAfter("Approx. #paths per VL (after balancing):");
  }

  private long[] lanesAfter(String header) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).endsWith(header)) {
        List<Long> lanes = new ArrayList<>();
        for (int j = i + 1; j < lines.size(); j++) {
          Matcher m = LANE.matcher(message(lines.get(j)));
          if (!m.find() || Integer.parseInt(m.group(1)) != lanes.size()) {
            break;
          }
          lanes.add(Long.parseLong(m.group(2)));
        }
        return lanes.stream().mapToLong(Long::longValue).toArray();
      }
    }
    return null;
  }

  /** The text after OpenSM's "function: " prefix of a log line. */
  private static String message(String line) {
    int arrow = line.indexOf(" -> ");
    if (arrow < 0) {
      return line;
    }
    int colon = line.indexOf(": ", arrow);
    return colon < 0 ? line : line.substring(colon + 1);
  }

  /** LASH's "Lanes needed", or -1 when absent. */
  public int lashLayersNeeded() {
    return firstNumber(LASH_NEEDED);
  }

  /**
   * LASH's paths per layer before balancing: the "Lanes in layer N" lines printed before "Lanes
   * needed"; null when absent.
   */
  public long[] lashPathsPerLayerBeforeBalancing() {
    List<Long> layers = new ArrayList<>();
    for (String line : lines) {
      if (LASH_NEEDED.matcher(line).find()) {
        return layers.isEmpty() ? null : layers.stream().mapToLong(Long::longValue).toArray();
      }
      Matcher m = LASH_LAYER.matcher(line);
      if (m.find()) {
        if (Integer.parseInt(m.group(1)) != layers.size()) {
          layers.clear();
        }
        layers.add(Long.parseLong(m.group(2)));
      }
    }
    return null;
  }

  /** The distinct error codes ({@code ERR AD25} gives {@code AD25}) in order of appearance. */
  public List<String> errorCodes() {
    List<String> codes = new ArrayList<>();
    for (String line : lines) {
      Matcher m = ERROR.matcher(line);
      if (m.find() && !codes.contains(m.group(1))) {
        codes.add(m.group(1));
      }
    }
    return codes;
  }
}
