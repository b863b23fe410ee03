package org.ibrouting.engines;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.simulation.RoutingQuality;

/**
 * What {@link EngineAdvisor#advise} found: every engine tried, as a {@link Candidate} with its
 * {@link Verdict} and figures; the eligible ones ranked by the advisor's rule (highest Λ, Λs within
 * the tolerance tied; then fewest VLs, lowest EFI max, engine order), the chosen one first with the
 * reason it won; the others with the reason each was left out; and the chosen routing. Immutable.
 */
public final class EngineAdvice {
  /** How an engine fared. */
  public enum Verdict {
    /** Eligible, and first by the rule: its routing is the advice's. */
    CHOSEN,
    /** Delivers every connected CA pair, deadlock-free within the VLs; ranked below the choice. */
    ELIGIBLE,
    /** Its provider says it does not apply (an input it needs is missing); not run. */
    NOT_APPLICABLE,
    /** It refused the fabric ({@link RoutingException}). */
    REFUSED,
    /** Its tables leave CA pairs undelivered that the fabric connects. */
    UNROUTED,
    /** A credit loop with its SLs, or more VLs than allowed. */
    NOT_DEADLOCK_FREE,
    /** Cancelled when its time budget was spent. */
    OVER_BUDGET,
    /** It threw something other than a refusal: a bug in the engine. */
    FAILED;

    /** Whether the engine is left out of the ranking. */
    public boolean leftOut() {
      return this != CHOSEN && this != ELIGIBLE;
    }
  }

  /**
   * One engine tried.
   *
   * @param spec the engine spec, as given or as the registry names it
   * @param engine the engine's name
   * @param verdict how it fared
   * @param reason why it was chosen, how it compares with the choice, or why it was left out
   * @param routingSeconds wall time of its routing; NaN when it did not route
   * @param quality its figures (hops, EFI, VLs, Λ; Λ NaN unless eligible or not deadlock-free);
   *     null when it did not route
   * @param notes what the engine decided on its own ({@link Routing#notes()})
   */
  public record Candidate(
      String spec,
      String engine,
      Verdict verdict,
      String reason,
      double routingSeconds,
      RoutingQuality quality,
      List<String> notes) {
    /** Copies the notes. */
    public Candidate {
      notes = List.copyOf(notes);
    }

    static Candidate leftOut(String spec, String engine, Verdict verdict, String reason) {
      return new Candidate(spec, engine, verdict, reason, Double.NaN, null, List.of());
    }

    Candidate with(Verdict newVerdict, String newReason) {
      return new Candidate(spec, engine, newVerdict, newReason, routingSeconds, quality, notes);
    }

    double lambda() {
      return quality == null ? Double.NaN : quality.lambda();
    }
  }

  /** The terms the advice was made on. */
  record Terms(int maxVls, Duration budget, int patterns, long patternSeed, double tolerance) {}

  private final Fabric fabric;
  private final List<Candidate> ranking;
  private final List<Candidate> leftOut;
  private final Routing routing;
  private final Terms terms;
  private final double seconds;

  private EngineAdvice(
      Fabric fabric,
      List<Candidate> ranking,
      List<Candidate> leftOut,
      Routing routing,
      Terms terms,
      double seconds) {
    this.fabric = fabric;
    this.ranking = List.copyOf(ranking);
    this.leftOut = List.copyOf(leftOut);
    this.routing = routing;
    this.terms = terms;
    this.seconds = seconds;
  }

  /**
   * Ranks the candidates (in the order tried) by the rule; {@code routings[i]} is candidate i's
   * routing where it may still win.
   */
  static EngineAdvice rank(
      Fabric fabric, List<Candidate> all, Routing[] routings, Terms terms, double seconds) {
    List<Integer> eligible = new ArrayList<>();
    List<Candidate> leftOut = new ArrayList<>();
    double top = Double.NaN;
    for (int i = 0; i < all.size(); i++) {
      Candidate c = all.get(i);
      if (c.verdict().leftOut()) {
        leftOut.add(c);
      } else {
        eligible.add(i);
        top = Double.isNaN(top) || c.lambda() > top ? c.lambda() : top;
      }
    }
    double band = top * (1 - terms.tolerance());
    Comparator<Integer> rule =
        Comparator.<Integer>comparingInt(i -> inBand(all.get(i), band) ? 0 : 1)
            .thenComparing(i -> -orZero(all.get(i).lambda(), inBand(all.get(i), band)))
            .thenComparingInt(i -> all.get(i).quality().vls())
            .thenComparingLong(i -> all.get(i).quality().efiMax())
            .thenComparingInt(i -> i);
    eligible.sort(rule);
    List<Candidate> ranking = new ArrayList<>();
    Routing chosen = null;
    for (int k = 0; k < eligible.size(); k++) {
      Candidate c = all.get(eligible.get(k));
      if (k == 0) {
        chosen = routings[eligible.get(0)];
        Candidate next = eligible.size() > 1 ? all.get(eligible.get(1)) : null;
        ranking.add(c.with(Verdict.CHOSEN, whyChosen(c, next, band, terms)));
      } else {
        ranking.add(c.with(Verdict.ELIGIBLE, behind(all.get(eligible.get(0)), c, band)));
      }
    }
    if (!ranking.isEmpty() && chosen == null) {
      throw new IllegalStateException("the tables of the choice were dropped");
    }
    return new EngineAdvice(fabric, ranking, leftOut, chosen, terms, seconds);
  }

  /** Λ ranks only outside the tie band: within it every Λ counts the same. */
  private static double orZero(double lambda, boolean inBand) {
    return inBand || Double.isNaN(lambda) ? 0 : lambda;
  }

  private static boolean inBand(Candidate c, double band) {
    return Double.isNaN(band) || c.lambda() >= band;
  }

  /** Why {@code c} won, against {@code next}, the runner-up (null when alone). */
  private static String whyChosen(Candidate c, Candidate next, double band, Terms terms) {
    if (next == null) {
      return "the only engine that delivers every connected CA pair deadlock-free within "
          + vls(terms.maxVls());
    }
    if (!inBand(next, band)) {
      return String.format(
          Locale.ROOT,
          "highest Lambda (%.4f), %.1f%% above the next, %s (%.4f)",
          c.lambda(),
          100 * (c.lambda() / next.lambda() - 1),
          next.spec(),
          next.lambda());
    }
    String tie =
        Double.isNaN(band)
            ? "Lambda not measured"
            : String.format(
                Locale.ROOT,
                "Lambda %.4f tied with %s's %.4f (within %s of the highest)",
                c.lambda(),
                next.spec(),
                next.lambda(),
                percent(terms.tolerance()));
    RoutingQuality q = c.quality();
    RoutingQuality n = next.quality();
    if (q.vls() != n.vls()) {
      return tie + ", and fewer VLs (" + q.vls() + " against " + n.vls() + ")";
    }
    if (q.efiMax() != n.efiMax()) {
      return tie
          + ", as many VLs, and a lower EFI max ("
          + q.efiMax()
          + " against "
          + n.efiMax()
          + ")";
    }
    return tie + ", as many VLs and the same EFI max, and tried first";
  }

  /** How eligible {@code c} compares with the choice. */
  private static String behind(Candidate chosen, Candidate c, double band) {
    if (!inBand(c, band)) {
      return String.format(
          Locale.ROOT,
          "Lambda %.1f%% below the choice's",
          100 * (1 - c.lambda() / chosen.lambda()));
    }
    RoutingQuality q = chosen.quality();
    RoutingQuality n = c.quality();
    if (q.vls() != n.vls()) {
      return "Lambda tied with the choice's, more VLs";
    }
    if (q.efiMax() != n.efiMax()) {
      return "Lambda and VLs tied with the choice's, higher EFI max";
    }
    return "Lambda, VLs and EFI max tied with the choice's, tried later";
  }

  private static String vls(int n) {
    return n + (n == 1 ? " VL" : " VLs");
  }

  private static String percent(double share) {
    return new java.math.BigDecimal(100 * share)
            .round(new java.math.MathContext(3))
            .stripTrailingZeros()
            .toPlainString()
        + "%";
  }

  /** The fabric advised on. */
  public Fabric fabric() {
    return fabric;
  }

  /** The chosen engine; empty when no engine is eligible. */
  public Optional<Candidate> chosen() {
    return ranking.isEmpty() ? Optional.empty() : Optional.of(ranking.get(0));
  }

  /** The chosen engine's routing; empty when no engine is eligible. */
  public Optional<Routing> routing() {
    return Optional.ofNullable(routing);
  }

  /**
   * The chosen engine's routing.
   *
   * @throws RoutingException ({@link RoutingException.Reason#ALL_REFUSED}) when no engine is
   *     eligible; the message names each engine and why it was left out
   */
  public Routing routingOrThrow() throws RoutingException {
    if (routing != null) {
      return routing;
    }
    List<String> why = new ArrayList<>();
    for (Candidate c : leftOut) {
      why.add(c.spec() + ": " + c.reason());
    }
    throw new RoutingException(
        RoutingException.Reason.ALL_REFUSED,
        Engines.ADVISOR_NAME
            + ": no engine delivers every connected CA pair deadlock-free within "
            + vls(terms.maxVls())
            + (why.isEmpty() ? "" : ": " + String.join("; ", why)));
  }

  /** The eligible engines, best first: the chosen one, then by the rule. */
  public List<Candidate> ranking() {
    return ranking;
  }

  /** The engines left out, in the order tried, each with its reason. */
  public List<Candidate> leftOut() {
    return leftOut;
  }

  /** Why the chosen engine won; or why none did. */
  public String reason() {
    return ranking.isEmpty()
        ? "no engine delivers every connected CA pair deadlock-free within " + vls(terms.maxVls())
        : ranking.get(0).reason();
  }

  /** The VLs a routing could use at most. */
  public int maxVls() {
    return terms.maxVls();
  }

  /** Each engine's time budget; null when there was none. */
  public Duration budget() {
    return terms.budget();
  }

  /** The random bisect patterns Λ was measured over (0: Λ not measured). */
  public int patterns() {
    return terms.patterns();
  }

  /** The patterns' seed. */
  public long patternSeed() {
    return terms.patternSeed();
  }

  /** The share of the highest Λ within which Λs were tied. */
  public double lambdaTolerance() {
    return terms.tolerance();
  }

  /** The advice's wall time in seconds. */
  public double seconds() {
    return seconds;
  }

  /**
   * The ranking as a table: one line per eligible engine (rank, engine, routing time, VLs, hops,
   * EFI max, Λ and its 95% interval, how it compares), then one per engine left out, with what was
   * measured and why; a last line names the choice and its reason.
   */
  public String format() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            "%-4s %-24s %9s %4s %8s %5s %8s %17s  %s%n",
            "rank",
            "engine",
            "time s",
            "VLs",
            "avg hops",
            "max",
            "EFI max",
            "Lambda (95% CI)",
            "verdict"));
    for (int k = 0; k < ranking.size(); k++) {
      line(sb, Integer.toString(k + 1), ranking.get(k));
    }
    for (Candidate c : leftOut) {
      line(sb, "-", c);
    }
    sb.append(
        chosen()
            .map(c -> "chosen       " + c.spec() + ": " + c.reason())
            .orElse("chosen       none: " + reason()));
    return sb.append(System.lineSeparator()).toString();
  }

  private static void line(StringBuilder sb, String rank, Candidate c) {
    String verdict =
        switch (c.verdict()) {
          case CHOSEN -> "chosen";
          case ELIGIBLE -> c.reason();
          default -> "left out: " + c.reason();
        };
    RoutingQuality q = c.quality();
    if (q == null) {
      sb.append(String.format("%-4s %-24s %s%n", rank, c.spec(), verdict));
      return;
    }
    RouteReport r = q.report();
    sb.append(
        String.format(
            Locale.ROOT,
            "%-4s %-24s %9.4f %4d %8.3f %5d %8d %17s  %s%n",
            rank,
            c.spec(),
            c.routingSeconds(),
            q.vls(),
            r.avgHops(),
            r.maxHops(),
            q.efiMax(),
            Double.isNaN(q.lambda())
                ? "-"
                : String.format(Locale.ROOT, "%.4f +- %.4f", q.lambda(), q.lambdaCi95()),
            verdict));
  }

  /** Every engine tried: the ranking, then those left out. */
  public List<Candidate> candidates() {
    List<Candidate> all = new ArrayList<>(ranking);
    all.addAll(leftOut);
    return Collections.unmodifiableList(all);
  }
}
