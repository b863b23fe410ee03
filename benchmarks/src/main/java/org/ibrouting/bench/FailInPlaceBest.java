package org.ibrouting.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ibrouting.engines.EngineAdvisor;

/**
 * The fail-in-place study's table of {@code -R best}: per topology and failure rate, which engines
 * it chose (how many seeds each) and how far its Λ fell short of the best deadlock-free engine's Λ
 * on the same damaged fabric (the worst seed): issue 44's "within 1%" goal, cell by cell.
 */
final class FailInPlaceBest {
  private FailInPlaceBest() {}

  /** One damaged fabric's comparison: best's choice, and its Λ over the best eligible Λ. */
  record Outcome(String choice, double ratio) {}

  /** Appends the table, when {@value EngineAdvisor#NAME} is among our engines. */
  static void table(StringBuilder md, List<FailInPlace.Row> rows, FailInPlaceOptions o) {
    if (!o.ours.contains(EngineAdvisor.NAME)) {
      return;
    }
    md.append("**`-R best` on each damaged fabric**: the engines it chose (seeds each), and its Λ")
        .append(
            " against the highest Λ of the engines that route every connected pair deadlock-free")
        .append(
            " on the same fabric (the lowest over the seeds; 100%: it chose the best one or one")
        .append(" within the advisor's 0.5% tie):\n\n");
    double worst = Double.NaN;
    for (String t : o.topologies) {
      List<String> columns = new ArrayList<>();
      List<String> choices = new ArrayList<>();
      List<String> ratios = new ArrayList<>();
      for (String[] cell : cells(o)) {
        double rate = Double.parseDouble(cell[1]);
        Map<String, Integer> chosen = new LinkedHashMap<>();
        double low = Double.NaN;
        for (Outcome out : outcomes(rows, t, cell[0], rate)) {
          chosen.merge(out.choice(), 1, Integer::sum);
          low = Double.isNaN(low) || out.ratio() < low ? out.ratio() : low;
        }
        if (chosen.isEmpty()) {
          continue;
        }
        worst = Double.isNaN(low) ? worst : Double.isNaN(worst) ? low : Math.min(worst, low);
        columns.add(cell[0].equals("none") ? "intact" : cell[0] + " " + cell[1] + "%");
        choices.add(describe(chosen));
        ratios.add(Double.isNaN(low) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * low));
      }
      md.append("| ").append(t).append(" |");
      columns.forEach(c -> md.append(' ').append(c).append(" |"));
      md.append("\n|---|").append("---|".repeat(columns.size())).append("\n| chose |");
      choices.forEach(c -> md.append(' ').append(c).append(" |"));
      md.append("\n| Λ / best Λ |");
      ratios.forEach(c -> md.append(' ').append(c).append(" |"));
      md.append("\n\n");
    }
    if (!Double.isNaN(worst)) {
      md.append(
          String.format(
              Locale.ROOT,
              "Over every damaged fabric, best's Λ is at least %.1f%% of the best deadlock-free"
                  + " engine's.%n%n",
              100 * worst));
    }
  }

  /** The failure cells in table order: intact, each link rate, each switch rate. */
  private static List<String[]> cells(FailInPlaceOptions o) {
    List<String[]> cells = new ArrayList<>();
    cells.add(new String[] {"none", "0"});
    for (double r : o.linkRates) {
      cells.add(new String[] {"links", FailInPlaceReport.fmt(r)});
    }
    for (double r : o.switchRates) {
      cells.add(new String[] {"switches", FailInPlaceReport.fmt(r)});
    }
    return cells;
  }

  /**
   * Best's outcome on each seed of one cell: its choice ("none" when it chose nothing) and its Λ
   * over the highest Λ among our other engines that route every connected pair deadlock-free (NaN
   * when there is no such engine).
   */
  static List<Outcome> outcomes(
      List<FailInPlace.Row> rows, String topology, String kind, double rate) {
    Map<Long, FailInPlace.Row> best = new LinkedHashMap<>();
    Map<Long, Double> top = new LinkedHashMap<>();
    for (FailInPlace.Row r : rows) {
      if (!r.topology().equals(topology)
          || !r.kind().equals(kind)
          || r.rate() != rate
          || !r.side().equals("ours")) {
        continue;
      }
      if (r.engine().equals(EngineAdvisor.NAME)) {
        best.put(r.seed(), r);
      } else if (r.routesAll() && r.deadlock().equals("yes") && !Double.isNaN(r.lambda())) {
        top.merge(r.seed(), r.lambda(), Math::max);
      }
    }
    List<Outcome> out = new ArrayList<>();
    for (Map.Entry<Long, FailInPlace.Row> e : best.entrySet()) {
      FailInPlace.Row r = e.getValue();
      Double max = top.get(e.getKey());
      boolean chose = r.status().equals("ok") && r.message().startsWith("chose ");
      double lambda = chose && !Double.isNaN(r.lambda()) ? r.lambda() : 0;
      out.add(
          new Outcome(
              chose ? r.message().substring("chose ".length()) : "none",
              max == null ? Double.NaN : lambda / max));
    }
    return out;
  }

  private static String describe(Map<String, Integer> chosen) {
    List<String> parts = new ArrayList<>();
    chosen.entrySet().stream()
        .sorted((a, b) -> b.getValue() - a.getValue())
        .forEach(e -> parts.add(e.getKey() + " " + e.getValue()));
    return String.join(", ", parts);
  }
}
