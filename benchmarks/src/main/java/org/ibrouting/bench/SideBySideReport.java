package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ibrouting.bench.Measurement.Figure;
import org.ibrouting.bench.Measurement.Side;
import org.ibrouting.io.AtomicFiles;

/**
 * The side-by-side comparison's outputs: the Markdown section of {@code RESULTS.md} (the headline
 * tables and links), its detail file {@code results/side-by-side.md} (the method, the paper's
 * claims checked, one table per fabric, the scale table) and the CSV of every measurement.
 *
 * <p>One file over the 500-line limit: the section and its detail file are one document written
 * part by part in one place, so that its order and wording can be read top to bottom; the charts
 * are in {@code SideBySideCharts}.
 */
final class SideBySideReport {
  private SideBySideReport() {}

  static void writeCsv(List<Measurement> rows, Path file) throws IOException {
    StringBuilder csv = new StringBuilder("fabric,switches,cas,side,engine");
    for (Figure f : Figure.values()) {
      csv.append(',').append(f.key());
    }
    csv.append('\n');
    for (Measurement r : rows) {
      csv.append(
          String.join(
              ",",
              quote(r.fabric()),
              Integer.toString(r.switches()),
              Integer.toString(r.cas()),
              r.side().label(),
              r.engine()));
      for (Figure f : Figure.values()) {
        csv.append(',').append(quote(r.get(f)));
      }
      csv.append('\n');
    }
    Files.createDirectories(file.getParent());
    AtomicFiles.writeString(file, csv.toString());
  }

  /** "Run on DATE: MACHINE." and a blank line, for a section's head. */
  static String runOn() {
    return "Run on " + LocalDate.now() + ": " + SideBySide.machine() + ".\n\n";
  }

  /** {@code args} as a shell takes them back, after a space (nothing for none). */
  static String shellWords(String[] args) {
    StringBuilder words = new StringBuilder();
    for (String a : args) {
      words.append(' ').append(a.contains(" ") || a.contains(";") ? "'" + a + "'" : a);
    }
    return words.toString();
  }

  /** The anchor of the section in RESULTS.md. */
  static final String ANCHOR = "side-by-side-with-opensm-3323-every-engine-every-reference-fabric";

  /**
   * The section of RESULTS.md: how to reproduce the run, where it ran, the headline tables and the
   * links to the detail file ({@link #detail}), the charts and the CSVs.
   */
  static String section(
      List<Measurement> rows, List<Measurement> scale, SideBySide.Options o, String[] args) {
    StringBuilder md = new StringBuilder();
    md.append(
        "<!-- side-by-side:begin (written by benchmarks/side-by-side.sh; edits here are overwritten) -->\n");
    md.append("## Side by side with OpenSM 3.3.23 (every engine, every reference fabric)\n\n");
    reproduce(md, o, args);
    headline(md, rows);
    md.append(
            "Every fabric's table (each engine's time warm and cold, VLs, hops, EFI and Λ, OpenSM's and")
        .append(" ours), how both sides are measured, the P-SSSP paper's claims checked")
        .append(scale.isEmpty() ? "" : " and the scale run")
        .append(": [results/side-by-side.md](results/side-by-side.md). Charts: ")
        .append("[Λ per engine per fabric](results/lambda.svg), ")
        .append("[routing time against fabric size](results/routing-time.svg)")
        .append(scale.isEmpty() ? "" : ", [routing time on k-ary 3-trees](results/scale.svg)")
        .append(". Raw figures: [results/side-by-side.csv](results/side-by-side.csv)")
        .append(scale.isEmpty() ? "" : ", [results/scale.csv](results/scale.csv)")
        .append(".\n");
    md.append("<!-- side-by-side:end -->\n");
    return md.toString();
  }

  /**
   * The detail file {@code results/side-by-side.md}: the method, the paper's claims checked, one
   * table per fabric and the scale table.
   */
  static String detail(
      List<Measurement> rows, List<Measurement> scale, SideBySide.Options o, String[] args) {
    StringBuilder md = new StringBuilder();
    md.append(
        ReportSections.detailHead(
            "Side by side with OpenSM 3.3.23: every engine on every reference fabric",
            "side-by-side.sh",
            ANCHOR));
    reproduce(md, o, args);
    method(md, o);
    paperClaims(md, rows);
    List<String> fabrics = rows.stream().map(Measurement::fabric).distinct().toList();
    for (String f : fabrics) {
      fabricTable(md, rows, f, o);
    }
    if (!scale.isEmpty()) {
      scaleTable(md, scale, o);
    }
    md.append("![Λ per engine per fabric](lambda.svg)\n\n");
    md.append("![routing time against fabric size](routing-time.svg)\n\n");
    md.append("Raw figures: [side-by-side.csv](side-by-side.csv)")
        .append(scale.isEmpty() ? "" : ", [scale.csv](scale.csv)")
        .append(".\n");
    return md.toString();
  }

  /** How to reproduce the run and where it ran. */
  private static void reproduce(StringBuilder md, SideBySide.Options o, String[] args) {
    md.append("Reproduce: `benchmarks/side-by-side.sh")
        .append(shellWords(args))
        .append(
            "` (builds, then runs `org.ibrouting.bench.SideBySide`; OpenSM's figures are cached in ")
        .append("`benchmarks/target/side-by-side`, `--fresh` re-runs OpenSM).\n\n");
    md.append(o.runOn == null ? runOn() : o.runOn + "\n\n");
  }

  /** How both sides are measured. */
  private static void method(StringBuilder md, SideBySide.Options o) {
    md.append(
            "Each fabric is generated, simulated by ibsim and routed once by each OpenSM engine (`opensm -o -R ")
        .append(
            "ENGINE -D 0x47`, `-Q` for lash; its routing phase from the log lines \"building routing with\" to ")
        .append(
            "\"tables configured on all switches\"; VLs from its log). Each of our engines routes it in a child JVM ")
        .append("(")
        .append(o.childHeap)
        .append(", all cores; median of up to 5 runs after about 3 s of warm-up, or one ")
        .append(
            "cold run when a run takes over 20 s). Both tables are then measured the same way over the CAs: average hops, ")
        .append(
            "share of minimal routes, edge forwarding index (EFI, max routes on an inter-switch channel) and Λ over ")
        .append(o.patterns)
        .append(" random bisect patterns (seed ")
        .append(o.seed)
        .append("), the same patterns for every ")
        .append(
            "routing of a fabric. \"fell back\" means OpenSM could not use the engine and routed with another ")
        .append(
            "(its figures are then not the engine's). A dump carries no SLs, so OpenSM's VL count is the one its ")
        .append("log reports (dfsssp, lash; nue runs with its default of 1 VL).\n\n");
  }

  /** Fabric {@code f}'s heading and table: one row per engine either side ran. */
  private static void fabricTable(
      StringBuilder md, List<Measurement> rows, String f, SideBySide.Options o) {
    Measurement any = rows.stream().filter(r -> r.fabric().equals(f)).findFirst().orElseThrow();
    md.append(
        String.format(
            Locale.ROOT,
            "### %s (`%s`): %,d switches, %,d CAs%n%n",
            SideBySide.WHAT.getOrDefault(f, f),
            f,
            any.switches(),
            any.cas()));
    md.append(
            "| engine | OpenSM s | ours s (warm) | speed-up | ours cold s | cold speed-up | process s O / us ")
        .append("| same LFTs | VLs O / us | avg hops O / us | minimal O / us ")
        .append(
            "| EFI O / us | Λ OpenSM | Λ ours |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    List<String> engines = new ArrayList<>(o.ours);
    o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
    for (String e : engines) {
      Measurement them = find(rows, f, Side.OPENSM, e);
      Measurement us = find(rows, f, Side.OURS, e);
      if (them == null && us == null) {
        continue;
      }
      engineRow(md, e, them, us);
    }
    md.append('\n');
  }

  private static void engineRow(StringBuilder md, String e, Measurement them, Measurement us) {
    md.append("| ")
        .append(e)
        .append(" | ")
        .append(openSmTime(them))
        .append(" | ")
        .append(ourTime(us))
        .append(" | ")
        .append(speedUp(them, us, Figure.SECONDS))
        .append(" | ")
        .append(coldTime(us))
        .append(" | ")
        .append(speedUp(them, us, Figure.COLD_SECONDS))
        .append(" | ")
        .append(pair(them, us, Figure.PROCESS_SECONDS, "%.2f"))
        .append(" | ")
        .append(
            us != null && us.ok() && !us.get(Figure.SAME_LFTS).isEmpty()
                ? (us.get(Figure.SAME_LFTS).equals("true") ? "yes" : "no")
                : "-")
        .append(" | ")
        .append(pair(them, us, Figure.VLS, "%.0f"))
        .append(" | ")
        .append(pair(them, us, Figure.AVG_HOPS, "%.3f"))
        .append(" | ")
        .append(pair(them, us, Figure.MINIMAL_SHARE, "%.3f"))
        .append(" | ")
        .append(pair(them, us, Figure.EFI_MAX, "%.0f"))
        .append(" | ")
        .append(lambda(them))
        .append(" | ")
        .append(lambda(us))
        .append(" |\n");
  }

  /** The scale run's table: per engine, the largest tree within 60 s and its curve. */
  private static void scaleTable(StringBuilder md, List<Measurement> scale, SideBySide.Options o) {
    md.append("### Scale: the largest k-ary 3-tree each of our engines routes within 60 s and ")
        .append(o.childHeap.substring(4).replace("g", " GiB"))
        .append(" of heap\n\n");
    md.append("Routing time only (one child JVM per size, ")
        .append(o.childHeap)
        .append("); sizes k = ")
        .append(Arrays.toString(o.scaleK))
        .append(" until one takes over 60 s or fails.\n\n");
    md.append(
            "| engine | largest within 60 s | CAs | seconds | peak heap MiB | curve (CAs: seconds) |\n")
        .append("|---|---|---|---|---|---|\n");
    for (String e : o.ours) {
      List<Measurement> points = scale.stream().filter(r -> r.engine().equals(e)).toList();
      if (points.isEmpty()) {
        continue;
      }
      scaleRow(md, e, points);
    }
    md.append("\n![routing time against fabric size on k-ary 3-trees](scale.svg)\n\n");
  }

  private static void scaleRow(StringBuilder md, String e, List<Measurement> points) {
    Measurement best = null;
    StringBuilder curve = new StringBuilder();
    for (Measurement r : points) {
      if (r.ok()) {
        curve
            .append(curve.length() == 0 ? "" : ", ")
            .append(String.format(Locale.ROOT, "%,d: %.3g", r.cas(), r.num(Figure.SECONDS)));
        if (r.num(Figure.SECONDS) <= 60) {
          best = r;
        }
      } else {
        curve
            .append(curve.length() == 0 ? "" : ", ")
            .append(String.format(Locale.ROOT, "%,d: %s", r.cas(), r.get(Figure.STATUS)));
      }
    }
    md.append("| ")
        .append(e)
        .append(" | ")
        .append(best == null ? "none" : best.fabric())
        .append(" | ")
        .append(best == null ? "-" : String.format(Locale.ROOT, "%,d", best.cas()))
        .append(" | ")
        .append(best == null ? "-" : String.format(Locale.ROOT, "%.3f", best.num(Figure.SECONDS)))
        .append(" | ")
        .append(best == null ? "-" : best.get(Figure.PEAK_HEAP_MIB))
        .append(" | ")
        .append(curve)
        .append(" |\n");
  }

  /** OpenSM's rows of fabric {@code f} that ran as asked and measured Λ. */
  private static java.util.stream.Stream<Measurement> openSmLambdas(
      List<Measurement> rows, String f) {
    return rows.stream()
        .filter(
            r ->
                r.fabric().equals(f)
                    && r.side() == Side.OPENSM
                    && r.ranAsAsked()
                    && !Double.isNaN(r.num(Figure.LAMBDA)));
  }

  private static void headline(StringBuilder md, List<Measurement> rows) {
    md.append(
            "Λ of our P-SSSP (`sssp`) and DFSSSP over our MINHOP, and the best Λ of any OpenSM engine that ran as ")
        .append(
            "asked:\n\n| fabric | Λ minhop | Λ sssp | Λ dfsssp | gain of sssp | gain of dfsssp | best OpenSM engine (Λ) |\n")
        .append("|---|---|---|---|---|---|---|\n");
    for (String f : rows.stream().map(Measurement::fabric).distinct().toList()) {
      double minhop = lambdaOf(rows, f, Side.OURS, "minhop");
      double sssp = lambdaOf(rows, f, Side.OURS, "sssp");
      double dfsssp = lambdaOf(rows, f, Side.OURS, "dfsssp");
      Measurement best =
          openSmLambdas(rows, f)
              .max((a, b) -> Double.compare(a.num(Figure.LAMBDA), b.num(Figure.LAMBDA)))
              .orElse(null);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s |%n",
              SideBySide.WHAT.getOrDefault(f, f),
              fmt(minhop),
              fmt(sssp),
              fmt(dfsssp),
              gain(sssp, minhop),
              gain(dfsssp, minhop),
              best == null ? "-" : best.engine() + " (" + fmt(best.num(Figure.LAMBDA)) + ")"));
    }
    md.append(
            "\nSpeed-up of our engines over OpenSM's routing phase, on the fabrics where OpenSM ran the same ")
        .append(
            "engine: warm (median in a JVM that has routed for a few seconds, what an embedding program sees) ")
        .append(
            "and cold (the routing phase a fresh `bin/ibrouting route` process reports, what a user sees):\n\n")
        .append(
            "| engine | fabrics | warm min | median | max | cold min | median | max | on the largest of them, warm; cold |\n")
        .append("|---|---|---|---|---|---|---|---|---|\n");
    for (String e :
        rows.stream()
            .filter(r -> r.side() == Side.OPENSM)
            .map(Measurement::engine)
            .distinct()
            .toList()) {
      double[] warm = ratios(rows, e, Figure.SECONDS);
      double[] cold = ratios(rows, e, Figure.COLD_SECONDS);
      if (warm.length == 0) {
        continue;
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %s |%n",
              e,
              warm.length,
              spread(warm),
              spread(cold)
                  + " | "
                  + largest(rows, e, Figure.SECONDS)
                  + "; "
                  + largest(rows, e, Figure.COLD_SECONDS)));
    }
    md.append('\n');
  }

  /**
   * OpenSM's routing time over ours ({@code ourKey}), per fabric where both ran the engine, sorted.
   */
  private static double[] ratios(List<Measurement> rows, String engine, Figure ourKey) {
    List<Double> ratios = new ArrayList<>();
    for (String f : rows.stream().map(Measurement::fabric).distinct().toList()) {
      Measurement them = find(rows, f, Side.OPENSM, engine);
      Measurement us = find(rows, f, Side.OURS, engine);
      if (them != null && us != null && them.ranAsAsked() && us.ok() && us.num(ourKey) > 0) {
        ratios.add(them.num(Figure.SECONDS) / us.num(ourKey));
      }
    }
    return ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
  }

  private static String spread(double[] r) {
    return r.length == 0
        ? "- | - | -"
        : String.format(
            Locale.ROOT, "%.1fx | %.1fx | %.1fx", r[0], r[r.length / 2], r[r.length - 1]);
  }

  /**
   * The speed-up on the largest fabric where both ran the engine: "12.1x (16-ary 3-tree: 0.196 s vs
   * 2.366 s)".
   */
  private static String largest(List<Measurement> rows, String engine, Figure ourKey) {
    String largest = "-";
    int largestSize = -1;
    for (String f : rows.stream().map(Measurement::fabric).distinct().toList()) {
      Measurement them = find(rows, f, Side.OPENSM, engine);
      Measurement us = find(rows, f, Side.OURS, engine);
      if (them != null
          && us != null
          && them.ranAsAsked()
          && us.ok()
          && us.num(ourKey) > 0
          && them.cas() + them.switches() > largestSize) {
        largestSize = them.cas() + them.switches();
        largest =
            String.format(
                Locale.ROOT,
                "%.1fx (%s: %.3f s vs %.3f s)",
                them.num(Figure.SECONDS) / us.num(ourKey),
                SideBySide.WHAT.getOrDefault(f, f),
                us.num(ourKey),
                them.num(Figure.SECONDS));
      }
    }
    return largest;
  }

  private static void paperClaims(StringBuilder md, List<Measurement> rows) {
    md.append("### The P-SSSP paper's qualitative results, checked\n\n");
    md.append(
            "1. *P-SSSP beats every OpenSM engine's Λ on the fat trees and the Deimos-like chain* (the paper compared ")
        .append(
            "with OpenSM 3.2.2's minhop, updn, ftree, dor and lash; here every other 3.3.23 engine that ran as asked):\n\n");
    for (String f :
        rows.stream()
            .map(Measurement::fabric)
            .distinct()
            .filter(f -> f.startsWith("ktree") || f.startsWith("xgft") || f.startsWith("directors"))
            .toList()) {
      double sssp = lambdaOf(rows, f, Side.OURS, "sssp");
      List<Measurement> others =
          openSmLambdas(rows, f).filter(r -> !r.engine().endsWith("sssp")).toList();
      if (Double.isNaN(sssp) || others.isEmpty()) {
        continue;
      }
      List<String> beaten = new ArrayList<>();
      List<String> notBeaten = new ArrayList<>();
      for (Measurement r : others) {
        (sssp > r.num(Figure.LAMBDA) ? beaten : notBeaten)
            .add(r.engine() + " " + fmt(r.num(Figure.LAMBDA)));
      }
      md.append("   - ")
          .append(SideBySide.WHAT.getOrDefault(f, f))
          .append(": sssp ")
          .append(fmt(sssp))
          .append(
              notBeaten.isEmpty()
                  ? " — **reproduced**, above " + String.join(", ", beaten)
                  : " — **contradicted** by "
                      + String.join(", ", notBeaten)
                      + (beaten.isEmpty() ? "" : "; above " + String.join(", ", beaten)))
          .append('\n');
    }
    md.append("\n2. *P²-SSSP has a lower EFI than P-SSSP but not a higher Λ*:\n\n");
    for (String f : rows.stream().map(Measurement::fabric).distinct().toList()) {
      Measurement p2 = find(rows, f, Side.OURS, "p2sssp");
      Measurement p1 = find(rows, f, Side.OURS, "sssp");
      if (p2 == null || p1 == null || !p2.ok() || !p1.ok()) {
        continue;
      }
      boolean lowerEfi = p2.num(Figure.EFI_MAX) < p1.num(Figure.EFI_MAX);
      boolean notHigherLambda =
          p2.num(Figure.LAMBDA) <= p1.num(Figure.LAMBDA) + p1.num(Figure.LAMBDA_CI95);
      md.append(
          String.format(
              Locale.ROOT,
              "   - %s: EFI %s vs %s, Λ %s vs %s — %s%n",
              SideBySide.WHAT.getOrDefault(f, f),
              p2.get(Figure.EFI_MAX),
              p1.get(Figure.EFI_MAX),
              fmt(p2.num(Figure.LAMBDA)),
              fmt(p1.num(Figure.LAMBDA)),
              lowerEfi && notHigherLambda
                  ? "**reproduced**"
                  : "**contradicted** ("
                      + (lowerEfi ? "" : "EFI not lower")
                      + (lowerEfi || notHigherLambda ? "" : ", ")
                      + (notHigherLambda ? "" : "Λ higher")
                      + ")"));
    }
    md.append('\n');
  }

  // ---- helpers ------------------------------------------------------------------------------

  static Measurement find(List<Measurement> rows, String fabric, Side side, String engine) {
    for (Measurement r : rows) {
      if (r.fabric().equals(fabric) && r.side() == side && r.engine().equals(engine)) {
        return r;
      }
    }
    return null;
  }

  private static double lambdaOf(List<Measurement> rows, String fabric, Side side, String engine) {
    Measurement r = find(rows, fabric, side, engine);
    return r != null && r.ranAsAsked() ? r.num(Figure.LAMBDA) : Double.NaN;
  }

  private static String openSmTime(Measurement r) {
    if (r == null) {
      return "-";
    }
    if (!r.ok()) {
      return r.get(Figure.STATUS);
    }
    String t = String.format(Locale.ROOT, "%.4f", r.num(Figure.SECONDS));
    return r.ranAsAsked() ? t : t + " (fell back to " + r.get(Figure.ENGINE_USED) + ")";
  }

  private static String ourTime(Measurement r) {
    if (r == null) {
      return "-";
    }
    if (!r.ok()) {
      String why = r.get(Figure.MESSAGE);
      return r.get(Figure.STATUS) + (why.isEmpty() ? "" : ": " + shorten(why));
    }
    return String.format(Locale.ROOT, "%.4f", r.num(Figure.SECONDS));
  }

  private static String speedUp(Measurement them, Measurement us, Figure ourKey) {
    if (them == null || us == null || !them.ranAsAsked() || !us.ok() || !(us.num(ourKey) > 0)) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.1fx", them.num(Figure.SECONDS) / us.num(ourKey));
  }

  private static String coldTime(Measurement r) {
    return r == null || !r.ok() || Double.isNaN(r.num(Figure.COLD_SECONDS))
        ? "-"
        : String.format(Locale.ROOT, "%.4f", r.num(Figure.COLD_SECONDS));
  }

  private static String pair(Measurement them, Measurement us, Figure key, String format) {
    String a =
        them != null && them.ok() && !Double.isNaN(them.num(key))
            ? String.format(Locale.ROOT, format, them.num(key))
            : "-";
    String b =
        us != null && us.ok() && !Double.isNaN(us.num(key))
            ? String.format(Locale.ROOT, format, us.num(key))
            : "-";
    return a + " / " + b;
  }

  private static String lambda(Measurement r) {
    if (r == null || !r.ok()) {
      return "-";
    }
    if (Double.isNaN(r.num(Figure.LAMBDA))) {
      return "not all routed";
    }
    return String.format(
        Locale.ROOT, "%.4f ± %.4f", r.num(Figure.LAMBDA), r.num(Figure.LAMBDA_CI95));
  }

  private static String gain(double a, double base) {
    return Double.isNaN(a) || Double.isNaN(base) || base == 0
        ? "-"
        : String.format(Locale.ROOT, "%+.0f%%", 100 * (a / base - 1));
  }

  private static String fmt(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String shorten(String s) {
    String t = s.replace('|', '/');
    return t.length() > 140 ? t.substring(0, 137) + "..." : t;
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
