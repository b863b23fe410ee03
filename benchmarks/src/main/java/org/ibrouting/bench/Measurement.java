package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One measured routing of the side-by-side comparison, OpenSM's or ours: the fabric, the side, the
 * engine and its figures as the text the probes print (the CSV repeats them unchanged).
 *
 * @param figures the figures measured; a missing one reads as empty text and as NaN
 */
record Measurement(
    String fabric, int switches, int cas, Side side, String engine, Map<Figure, String> figures) {

  /** Whose tables were measured. */
  enum Side {
    OURS,
    OPENSM;

    /** As the CSV writes it. */
    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The figures of a measurement, in the CSV's column order; {@link #key} as the probes print. */
  enum Figure {
    STATUS,
    ENGINE_USED,
    SECONDS,
    COLD_SECONDS,
    PROCESS_SECONDS,
    PEAK_HEAP_MIB,
    VLS,
    ALL_ROUTED,
    AVG_HOPS,
    MAX_HOPS,
    MINIMAL_SHARE,
    EFI_MAX,
    EFI_MEAN,
    LAMBDA,
    LAMBDA_CI95,
    SAME_LFTS,
    MESSAGE;

    /** The name in {@code key=value} lines and in the CSV header. */
    String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The figure printed as {@code key}, or null for a line the report does not keep. */
    static Figure ofKey(String key) {
      for (Figure f : values()) {
        if (f.key().equals(key)) {
          return f;
        }
      }
      return null;
    }
  }

  Measurement {
    EnumMap<Figure, String> copy = new EnumMap<>(Figure.class);
    copy.putAll(figures);
    figures = Collections.unmodifiableMap(copy);
  }

  /** The figure's text, empty when it was not measured. */
  String get(Figure f) {
    return figures.getOrDefault(f, "");
  }

  /** The figure as a number, NaN when it was not measured or is not a number. */
  double num(Figure f) {
    String v = figures.get(f);
    try {
      return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  boolean ok() {
    return "ok".equals(get(Figure.STATUS));
  }

  /** OpenSM's: true when the engine asked for configured the tables (no fallback); ours: ok. */
  boolean ranAsAsked() {
    return ok() && (side == Side.OURS || engine.equals(get(Figure.ENGINE_USED)));
  }

  /** The figures of {@code key=value} lines; other lines and keys are left out. */
  static EnumMap<Figure, String> parse(List<String> lines) {
    EnumMap<Figure, String> figures = new EnumMap<>(Figure.class);
    for (String line : lines) {
      int eq = line.indexOf('=');
      Figure f = eq > 0 ? Figure.ofKey(line.substring(0, eq)) : null;
      if (f != null) {
        figures.put(f, line.substring(eq + 1));
      }
    }
    return figures;
  }

  /**
   * The measurements of a CSV written by {@link SideBySideReport#writeCsv}, in its order.
   *
   * @throws IllegalArgumentException naming the file and line of a line that is not such a row
   */
  static List<Measurement> readCsv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    List<String> head = lines.isEmpty() ? List.of() : List.of(CostModel.splitCsv(lines.get(0)));
    if (head.size() < 5
        || !head.subList(0, 5).equals(List.of("fabric", "switches", "cas", "side", "engine"))) {
      throw new IllegalArgumentException(
          file + ":1: expected the header 'fabric,switches,cas,side,engine,...'");
    }
    List<Measurement> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> f = List.of(CostModel.splitCsv(lines.get(i)));
      if (f.size() != head.size()) {
        throw new IllegalArgumentException(
            file + ":" + (i + 1) + ": expected " + head.size() + " fields, found " + f.size());
      }
      EnumMap<Figure, String> figures = new EnumMap<>(Figure.class);
      for (int c = 5; c < f.size(); c++) {
        Figure key = Figure.ofKey(head.get(c));
        if (key != null && !f.get(c).isEmpty()) {
          figures.put(key, f.get(c));
        }
      }
      try {
        rows.add(
            new Measurement(
                f.get(0),
                Integer.parseInt(f.get(1)),
                Integer.parseInt(f.get(2)),
                Side.valueOf(f.get(3).toUpperCase(Locale.ROOT)),
                f.get(4),
                figures));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            file + ":" + (i + 1) + ": expected switches and CAs as numbers and side ours or opensm",
            e);
      }
    }
    return rows;
  }
}
