package org.ibrouting.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.engines.EngineAdvice;
import org.ibrouting.engines.EngineAdvisor;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.simulation.RoutingQuality;
import picocli.CommandLine.Option;

/**
 * How {@code advise} and {@code route -R best} choose an engine ({@link EngineAdvisor}): each
 * engine's time budget and the patterns Λ is measured over; and how an advice is shown.
 */
final class AdviceOptions {
  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      description =
          "Time each engine may take to route and be measured before it is cancelled and left out"
              + " (default 30; 0: no limit).")
  Double budget;

  @Option(
      names = "--patterns",
      paramLabel = "N",
      description = "Random bisect patterns for Lambda, the same for every engine (default 1000).")
  Integer patterns;

  /** Whether {@code -R specs} asks for the advisor's choice; it must then stand alone. */
  static boolean isBest(String specs) {
    List<String> elements = new ArrayList<>();
    boolean best = false;
    for (String spec : specs.split(",")) {
      if (!spec.isBlank()) {
        elements.add(spec.trim());
        best |= Engines.nameOf(spec).equals(EngineAdvisor.NAME);
      }
    }
    if (best && elements.size() > 1) {
      throw new IllegalArgumentException(
          "-R "
              + EngineAdvisor.NAME
              + " chooses among every engine itself and cannot be part of a chain ('"
              + specs
              + "'): give -R best alone, or 'ibrouting advise -R "
              + String.join(",", elements.stream().filter(s -> !isBestSpec(s)).toList())
              + "' to choose among those engines");
    }
    if (best && !elements.get(0).equals(EngineAdvisor.NAME)) {
      throw new IllegalArgumentException(
          "-R "
              + elements.get(0)
              + ": best takes no settings of its own; -P NAME=VALUE gives a setting to the engines"
              + " it chooses among");
    }
    return best;
  }

  private static boolean isBestSpec(String spec) {
    return Engines.nameOf(spec).equals(EngineAdvisor.NAME);
  }

  /** Whether --budget or --patterns was given. */
  boolean given() {
    return budget != null || patterns != null;
  }

  /**
   * The advisor for these options, choosing among {@code specs} (comma-separated; null: every
   * registered engine).
   */
  EngineAdvisor advisor(String specs) {
    EngineAdvisor advisor = EngineAdvisor.defaults();
    if (specs != null) {
      advisor = advisor.withEngines(List.of(specs.split(",")));
    }
    if (budget != null) {
      if (budget < 0 || budget.isNaN()) {
        throw new IllegalArgumentException("--budget must be 0 (no limit) or more, not " + budget);
      }
      advisor =
          budget == 0
              ? advisor.withoutBudget()
              : advisor.withBudget(Duration.ofNanos(Math.max(1, (long) (budget * 1e9))));
    }
    if (patterns != null) {
      if (patterns < 0) {
        throw new IllegalArgumentException("--patterns must be 0 or more, not " + patterns);
      }
      advisor = advisor.withPatterns(patterns);
    }
    return advisor;
  }

  /** The advice's first line: the fabric, what was asked of the engines, how Λ was measured. */
  static String header(String file, Fabric fabric, EngineAdvice advice) {
    Duration budget = advice.budget();
    return String.format(
        Locale.ROOT,
        "advise       %s: %d switches, %d CAs; %d engines in %.1f s; eligible: every connected CA"
            + " pair delivered, deadlock-free within %d VL(s); Lambda over %d bisect patterns"
            + " (seed %d); %s",
        file,
        fabric.numSwitches(),
        fabric.numCas(),
        advice.candidates().size(),
        advice.seconds(),
        advice.maxVls(),
        advice.patterns(),
        advice.patternSeed(),
        budget == null ? "no time budget" : seconds(budget) + " s budget per engine");
  }

  private static String seconds(Duration d) {
    return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
  }

  /**
   * The advice as JSON fields of {@code json}: the choice, the terms, the ranking, those left out.
   */
  static Json json(Json json, EngineAdvice advice) {
    json.put("chosen", advice.chosen().map(EngineAdvice.Candidate::spec).orElse(null))
        .put("reason", advice.reason())
        .put("max_vls", advice.maxVls())
        .put(
            "budget_seconds",
            advice.budget() == null ? Double.NaN : advice.budget().toNanos() / 1e9)
        .put("patterns", advice.patterns())
        .put("pattern_seed", advice.patternSeed())
        .put("lambda_tolerance", advice.lambdaTolerance())
        .put("advise_seconds", advice.seconds());
    return json.putRaw("ranking", candidates(advice.ranking()))
        .putRaw("left_out", candidates(advice.leftOut()));
  }

  private static String candidates(List<EngineAdvice.Candidate> list) {
    StringBuilder b = new StringBuilder("[");
    for (EngineAdvice.Candidate c : list) {
      b.append(b.length() > 1 ? "," : "").append(candidate(c));
    }
    return b.append(']').toString();
  }

  private static Json candidate(EngineAdvice.Candidate c) {
    Json entry =
        new Json()
            .put("name", c.spec())
            .put("engine", c.engine())
            .put("verdict", c.verdict().name().toLowerCase(Locale.ROOT))
            .put("reason", c.reason());
    RoutingQuality q = c.quality();
    if (q == null) {
      return entry;
    }
    RouteReport report = q.report();
    return entry
        .put("routing_seconds", c.routingSeconds())
        .put("vls", q.vls())
        .put("valid_pairs", report.validPairs())
        .put("avg_hops", report.avgHops())
        .put("max_hops", report.maxHops())
        .put("minimal_share", report.minimalShare())
        .put("efi_max", q.efiMax())
        .put("efi_mean", q.efiMean())
        .put("lambda", q.lambda())
        .put("lambda_ci95", q.lambdaCi95())
        .putRaw("notes", Json.stringArray(c.notes()));
  }
}
