package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ibrouting.engines.EngineAdvisor;

/**
 * The fail-in-place study's output: the CSV of its rows, one SVG per topology (Λ against the share
 * of failed links), the section of {@code benchmarks/RESULTS.md} (the headline per topology) and
 * its detail file {@code results/NAME.md} (every table).
 */
final class FailInPlaceReport {
  private FailInPlaceReport() {}

  static String csv(List<FailInPlace.Row> rows) {
    return csv(rows, false);
  }

  /**
   * The rows as CSV; {@code exact} writes the shares and Λ in full (a shard's rows, which a merge
   * reads back), else rounded to 6 and 5 decimals.
   */
  static String csv(List<FailInPlace.Row> rows, boolean exact) {
    StringBuilder csv =
        new StringBuilder(
            "topology,kind,rate_percent,seed,side,engine,status,"
                + "connected_share,routed_share,deadlock_free,vls,lambda,message\n");
    for (FailInPlace.Row r : rows) {
      csv.append(
          String.format(
              Locale.ROOT,
              "\"%s\",%s,%s,%d,%s,%s,%s,%s,%s,%s,%d,%s,\"%s\"%n",
              r.topology(),
              r.kind(),
              fmt(r.rate()),
              r.seed(),
              r.side(),
              r.engine(),
              r.status(),
              exact
                  ? Double.toString(r.connected())
                  : String.format(Locale.ROOT, "%.6f", r.connected()),
              exact ? Double.toString(r.routed()) : String.format(Locale.ROOT, "%.6f", r.routed()),
              r.deadlock(),
              r.vls(),
              Double.isNaN(r.lambda())
                  ? ""
                  : exact
                      ? Double.toString(r.lambda())
                      : String.format(Locale.ROOT, "%.5f", r.lambda()),
              r.message().replace("\"", "'").replace('\n', ' ')));
    }
    return csv.toString();
  }

  /** The fields of one line of {@link #csv}: split at commas outside double quotes, unquoted. */
  static List<String> csvFields(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** A duration in seconds without trailing zeros: {@code 30}, {@code 0.5}. */
  static String seconds(java.time.Duration d) {
    return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
  }

  /** Λ against the share of failed links, the mean over seeds, one curve per (side, engine). */
  static String chart(List<FailInPlace.Row> rows, String topology, FailInPlaceOptions o) {
    List<String> engines = new ArrayList<>(o.ours);
    o.openSm.stream().filter(e -> !engines.contains(e)).forEach(engines::add);
    double[] rates = new double[o.linkRates.length + 1];
    System.arraycopy(o.linkRates, 0, rates, 1, o.linkRates.length);
    List<Charts.Curve> curves = new ArrayList<>();
    for (String side : List.of("ours", "opensm")) {
      for (String engine : side.equals("ours") ? o.ours : o.openSm) {
        double[] y = new double[rates.length];
        boolean any = false;
        for (int i = 0; i < rates.length; i++) {
          y[i] = meanLambda(rows, topology, i == 0 ? "none" : "links", rates[i], side, engine);
          any |= !Double.isNaN(y[i]);
        }
        if (any) {
          curves.add(
              new Charts.Curve(
                  (side.equals("ours") ? "" : "OpenSM ") + engine,
                  Charts.color(engine, engines),
                  side.equals("opensm"),
                  rates,
                  y));
        }
      }
    }
    return Charts.linear(
        "Lambda against failed links, "
            + topology
            + " (solid: ibrouting, dashed:"
            + " OpenSM 3.3.23; a gap: not every connected pair routed)",
        "failed switch-to-switch links (%)",
        "Lambda (mean over seeds)",
        curves,
        1.0);
  }

  /**
   * The mean Λ over the seeds of one cell, NaN when any seed did not route every connected pair.
   */
  private static double meanLambda(
      List<FailInPlace.Row> rows,
      String topology,
      String kind,
      double rate,
      String side,
      String engine) {
    double sum = 0;
    int n = 0;
    for (FailInPlace.Row r : rows) {
      if (r.topology().equals(topology)
          && r.kind().equals(kind)
          && r.rate() == rate
          && r.side().equals(side)
          && r.engine().equals(engine)) {
        if (!r.routesAll() || Double.isNaN(r.lambda())) {
          return Double.NaN;
        }
        sum += r.lambda();
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The load averages of {@code /proc/loadavg} (1, 5, 15 min), or "unknown". */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " / " + f[1] + " / " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** The anchor of the section {@code o.title} in RESULTS.md, as GitHub makes it. */
  static String anchor(FailInPlaceOptions o) {
    return o.title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  /**
   * The section of RESULTS.md: how to reproduce the run, where it ran, per topology the engines
   * that never fail and the highest Λ intact and at the highest failure rate, and the links to the
   * detail file ({@link #detail}), the charts and the CSV.
   */
  static String section(List<FailInPlace.Row> rows, FailInPlaceOptions o, String run) {
    StringBuilder md = new StringBuilder();
    md.append("<!-- ")
        .append(o.name)
        .append(
            ":begin (written by benchmarks/fail-in-place.sh; edits here are overwritten) -->\n");
    md.append("## ").append(o.title).append("\n\n");
    reproduce(md, o, run);
    headline(md, rows, o);
    md.append("The method, the first failure rate at which each engine stops routing every")
        .append(" connected pair or being deadlock-free, the Λ of every engine at every rate")
        .append(o.ours.contains(EngineAdvisor.NAME) ? ", what `-R best` chose" : "")
        .append(": [results/")
        .append(o.name)
        .append(".md](results/")
        .append(o.name)
        .append(".md). Charts:");
    for (String t : o.topologies) {
      md.append(t.equals(o.topologies.get(0)) ? " " : ", ")
          .append("[")
          .append(t)
          .append("](results/")
          .append(chartFile(o, t))
          .append(")");
    }
    md.append(". Raw figures: [results/")
        .append(o.name)
        .append(".csv](results/")
        .append(o.name)
        .append(".csv).\n");
    md.append("<!-- ").append(o.name).append(":end -->\n");
    return md.toString();
  }

  /** The file name of topology {@code t}'s chart. */
  static String chartFile(FailInPlaceOptions o, String t) {
    return o.name + "-" + SideBySide.slug(t) + ".svg";
  }

  /**
   * The detail file {@code results/NAME.md}: the method, the first-failure table, the Λ tables and
   * charts, and best's choices.
   */
  static String detail(List<FailInPlace.Row> rows, FailInPlaceOptions o, String run) {
    StringBuilder md = new StringBuilder();
    md.append(ReportSections.detailHead(o.title, "fail-in-place.sh", anchor(o)));
    reproduce(md, o, run);
    md.append(
            "The question of Domke, Hoefler and Matsuoka's \"Fail-in-place network design\" (SC14), asked of these")
        .append(" engines: each topology loses a random share of its switch-to-switch links (")
        .append(rateList(o.linkRates))
        .append(" %) or of its switches (")
        .append(rateList(o.switchRates))
        .append(" %, with the CAs cabled only to them), ")
        .append(o.seeds)
        .append(" seed(s) each; the damaged fabric")
        .append(
            " is routed by every engine of ours and, under ibsim, by OpenSM 3.3.23's (`opensm -o -R ENGINE`, `-Q`")
        .append(
            " for lash; torus-2QoS, ours and OpenSM's, on the tori only, with the generator's torus-2QoS.conf;")
        .append(
            " a run where OpenSM fell back to another engine counts as the engine giving up). Our engines may use")
        .append(" up to ")
        .append(o.maxVls)
        .append(o.maxVls == 1 ? " VL" : " VLs")
        .append(" (an engine that needs more refuses). Every")
        .append(
            " routing is measured alike: the CA pairs it delivers among those the damaged fabric connects, credit")
        .append(
            " loops per VL (OpenSM's dumps carry no SLs, so its lash, dfsssp and torus-2QoS are not checked), and Λ over ")
        .append(o.patterns)
        .append(" bisect patterns among the CAs of the largest component when every connected")
        .append(
            " pair is delivered. sar routes by a seeded random job map (jobs of 2 to 16 CAs until 90% of the")
        .append(" CAs are busy). `best` is what `route -R best` routes on the damaged fabric: the")
        .append(" engine `ibrouting advise` chooses among the others (same seed, VLs and patterns;")
        .append(" each engine within ")
        .append(o.budget.isZero() ? "no time budget" : seconds(o.budget) + " s")
        .append("), measured as its row is. CSV: `benchmarks/results/")
        .append(o.name)
        .append(".csv`.\n\n");
    firstBreakTable(md, rows, o);
    lambdaTables(md, rows, o);
    FailInPlaceBest.table(md, rows, o);
    return md.toString();
  }

  private static void reproduce(StringBuilder md, FailInPlaceOptions o, String run) {
    md.append("Reproduce: `benchmarks/fail-in-place.sh")
        .append(SideBySideReport.shellWords(o.studyArgs.toArray(String[]::new)))
        .append("` (`--shard I/N` runs a slice of it, `--merge DIR` combines the slices). ")
        .append(run)
        .append("\n\n");
  }

  /**
   * Per topology: the engines that route every connected pair deadlock-free (checked) at every
   * rate, and the highest Λ intact and at the highest share of failed links.
   */
  private static void headline(StringBuilder md, List<FailInPlace.Row> rows, FailInPlaceOptions o) {
    double top = o.linkRates.length == 0 ? 0 : o.linkRates[o.linkRates.length - 1];
    md.append("| topology | routes every connected pair deadlock-free at every rate | highest Λ")
        .append(" intact | highest Λ, ")
        .append(fmt(top))
        .append("% of the links failed |\n|---|---|---|---|\n");
    for (String t : o.topologies) {
      List<String> never = new ArrayList<>();
      for (String side : List.of("ours", "opensm")) {
        for (String engine : side.equals("ours") ? o.ours : o.openSm) {
          if (firstBreak(rows, t, side, engine, o).equals("ok / ok; ok / ok")) {
            never.add(side.equals("ours") ? engine : "OpenSM " + engine);
          }
        }
      }
      md.append("| ")
          .append(t)
          .append(" | ")
          .append(never.isEmpty() ? "none" : String.join(", ", never))
          .append(" | ")
          .append(highest(rows, t, "none", 0, o))
          .append(" | ")
          .append(o.linkRates.length == 0 ? "–" : highest(rows, t, "links", top, o))
          .append(" |\n");
    }
    md.append('\n');
  }

  /** The highest mean Λ of one failure, "0.725: dmodc, ftree", or "–". */
  private static String highest(
      List<FailInPlace.Row> rows, String t, String kind, double rate, FailInPlaceOptions o) {
    Map<String, String> lambdas = new LinkedHashMap<>();
    for (String side : List.of("ours", "opensm")) {
      for (String engine : side.equals("ours") ? o.ours : o.openSm) {
        double l = meanLambda(rows, t, kind, rate, side, engine);
        if (!Double.isNaN(l)) {
          lambdas.put(
              side.equals("ours") ? engine : "OpenSM " + engine,
              String.format(Locale.ROOT, "%.3f", l));
        }
      }
    }
    String max = lambdas.values().stream().max(Comparator.naturalOrder()).orElse(null);
    if (max == null) {
      return "–";
    }
    List<String> names = new ArrayList<>();
    lambdas.forEach(
        (e, l) -> {
          if (l.equals(max)) {
            names.add(e);
          }
        });
    return max + ": " + String.join(", ", names);
  }

  /** The table of the first failure rate at which each engine breaks, per topology. */
  private static void firstBreakTable(
      StringBuilder md, List<FailInPlace.Row> rows, FailInPlaceOptions o) {
    md.append(
            "**First failure rate at which an engine stops routing every connected pair / stops being")
        .append(
            " deadlock-free** (links failed, then switches failed; \"ok\": never within the rates tried;")
        .append(" \"0%\": not even intact; \"–\": not checked):\n\n");
    List<String> topologies = o.topologies;
    md.append("| engine |");
    for (String t : topologies) {
      md.append(' ').append(t).append(" |");
    }
    md.append("\n|---|");
    md.append("---|".repeat(topologies.size())).append('\n');
    for (String side : List.of("ours", "opensm")) {
      for (String engine : side.equals("ours") ? o.ours : o.openSm) {
        md.append("| ").append(side.equals("ours") ? engine : "OpenSM " + engine).append(" |");
        for (String t : topologies) {
          md.append(' ').append(firstBreak(rows, t, side, engine, o)).append(" |");
        }
        md.append('\n');
      }
    }
    md.append("\nCells: `links: routing / deadlock; switches: routing / deadlock`.\n\n");
  }

  /** Per topology, its chart and the table of Λ by share of failed links. */
  private static void lambdaTables(
      StringBuilder md, List<FailInPlace.Row> rows, FailInPlaceOptions o) {
    List<String> topologies = o.topologies;
    md.append(
            "**Λ, mean over seeds** (intact, then each share of failed links; \"–\": some seed left")
        .append(" connected pairs unrouted, or refused):\n\n");
    for (String t : topologies) {
      md.append("![Λ against failed links, ")
          .append(t)
          .append("](")
          .append(chartFile(o, t))
          .append(")\n\n");
      md.append("| ").append(t).append(" | intact |");
      for (double r : o.linkRates) {
        md.append(' ').append(fmt(r)).append("% |");
      }
      md.append("\n|---|---|").append("---|".repeat(o.linkRates.length)).append('\n');
      for (String side : List.of("ours", "opensm")) {
        for (String engine : side.equals("ours") ? o.ours : o.openSm) {
          StringBuilder line =
              new StringBuilder("| " + (side.equals("ours") ? engine : "OpenSM " + engine) + " |");
          boolean any = false;
          for (int i = 0; i <= o.linkRates.length; i++) {
            double l =
                meanLambda(
                    rows,
                    t,
                    i == 0 ? "none" : "links",
                    i == 0 ? 0 : o.linkRates[i - 1],
                    side,
                    engine);
            any |= !Double.isNaN(l);
            line.append(Double.isNaN(l) ? " – |" : String.format(Locale.ROOT, " %.3f |", l));
          }
          if (any) {
            md.append(line).append('\n');
          }
        }
      }
      md.append('\n');
    }
  }

  /** {@code links: R / D; switches: R / D} for one engine on one topology. */
  private static String firstBreak(
      List<FailInPlace.Row> rows,
      String topology,
      String side,
      String engine,
      FailInPlaceOptions o) {
    Map<String, double[]> kinds = new LinkedHashMap<>();
    kinds.put("links", o.linkRates);
    kinds.put("switches", o.switchRates);
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, double[]> kind : kinds.entrySet()) {
      String routing = "ok";
      String deadlock = "ok";
      double[] rates = new double[kind.getValue().length + 1];
      System.arraycopy(kind.getValue(), 0, rates, 1, kind.getValue().length);
      boolean unchecked = false;
      boolean ran = false;
      for (int i = 0; i < rates.length; i++) {
        String k = i == 0 ? "none" : kind.getKey();
        double rate = rates[i];
        List<FailInPlace.Row> cell =
            rows.stream()
                .filter(
                    r ->
                        r.topology().equals(topology)
                            && r.kind().equals(k)
                            && r.rate() == rate
                            && r.side().equals(side)
                            && r.engine().equals(engine))
                .toList();
        if (cell.isEmpty()) {
          continue;
        }
        ran = true;
        if (routing.equals("ok") && cell.stream().anyMatch(r -> !r.routesAll())) {
          routing = fmt(rate) + "%";
        }
        if (deadlock.equals("ok") && cell.stream().anyMatch(r -> r.deadlock().equals("no"))) {
          deadlock = fmt(rate) + "%";
        }
        unchecked |=
            cell.stream().anyMatch(r -> r.status().equals("ok") && r.deadlock().equals("n/a"));
      }
      if (unchecked && deadlock.equals("ok")) {
        deadlock = "–";
      }
      parts.add(ran ? routing + " / " + deadlock : "– / –");
    }
    return String.join("; ", parts);
  }

  private static String rateList(double[] rates) {
    return String.join(", ", Arrays.stream(rates).mapToObj(FailInPlaceReport::fmt).toList());
  }

  static String fmt(double rate) {
    return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
  }
}
