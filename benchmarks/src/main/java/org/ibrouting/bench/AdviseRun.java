package org.ibrouting.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.torus.TorusConfigWriter;

/**
 * Issue 44's goals for the engine choice, measured as a user runs it: {@code bin/ibrouting advise
 * FABRIC --json} in a fresh process (the launcher's class archive made first) on every reference
 * fabric of the side-by-side comparison (a torus with its torus-2QoS.conf), timed whole; from its
 * output, the choice, its Λ against the highest Λ of the eligible engines (deadlock-free within the
 * VLs, every pair delivered) and of every engine measured, and the engines left out over the
 * budget. Writes {@code benchmarks/results/advise.csv} and the engine-choice section of {@code
 * benchmarks/RESULTS.md}. Run it with {@code benchmarks/advise.sh [--fabrics 'SPEC;...'] [--runs
 * N]}.
 */
public final class AdviseRun {
  private static final Pattern CANDIDATE =
      Pattern.compile(
          "\\{\"name\":\"([^\"]+)\",\"engine\":\"[^\"]*\",\"verdict\":\"([a-z_]+)\",\"reason\":\"((?:[^\"\\\\]|\\\\.)*)\"([^{}]*)");
  private static final Pattern LAMBDA = Pattern.compile("\"lambda\":([0-9.eE-]+)");

  private AdviseRun() {}

  /** One fabric's advice: the whole process's wall times and what it printed. */
  record Row(
      String spec,
      int cas,
      double seconds,
      String chosen,
      double chosenLambda,
      String bestEligible,
      double bestEligibleLambda,
      String bestAny,
      double bestAnyLambda,
      int eligible,
      int tried,
      List<String> overBudget) {
    double margin() {
      return chosenLambda / bestEligibleLambda;
    }
  }

  /** Runs the advice on each fabric; {@code --fabrics 'SPEC;...'}, {@code --runs N}. */
  public static void main(String[] args) throws Exception {
    List<String> fabrics = SideBySide.FABRICS;
    int runs = 1;
    Path work = Path.of("benchmarks/target/advise");
    Path results = Path.of("benchmarks/RESULTS.md");
    Path plots = Path.of("benchmarks/results");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--fabrics" -> fabrics = List.of(args[++i].split("\\s*;\\s*"));
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--results" -> results = Path.of(args[++i]);
        case "--plots" -> plots = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Files.createDirectories(work);
    Path launcher = Path.of("bin/ibrouting").toAbsolutePath();
    Path cds = work.resolve("cds").toAbsolutePath();
    String[] env = {
      "IBROUTING_CDS_DIR=" + cds,
      "IBROUTING_JAVA_OPTS=-Xmx8g -XX:+UseParallelGC " + OursRunner.hugePages()
    };
    OursRunner.ensureClassArchive(launcher, env, cds);
    String load = FailInPlaceReport.loadAverage();
    List<Row> rows = new ArrayList<>();
    for (String spec : fabrics) {
      rows.add(advise(spec, work, launcher, env, runs));
      System.err.println(spec + ": " + rows.get(rows.size() - 1));
    }
    load += " at the start, " + FailInPlaceReport.loadAverage() + " at the end";
    Files.createDirectories(plots);
    AtomicFiles.writeString(plots.resolve("advise.csv"), csv(rows));
    String section = markdown(rows, args, runs, load);
    SideBySide.insertSection(results, section, "engine-choice");
    System.out.println(section);
  }

  private static Row advise(String spec, Path work, Path launcher, String[] env, int runs)
      throws IOException, InterruptedException {
    Fabric fabric = SideBySide.buildFabric(spec);
    Path file = work.resolve(SideBySide.slug(spec) + ".ibnd").toAbsolutePath();
    IbnetdiscoverWriter.write(fabric, file);
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(List.of(env));
    command.addAll(List.of(launcher.toString(), "advise", file.toString(), "--json"));
    var torus = SideBySide.engineConfig(spec).find(EngineInputs.TORUS_CONFIG);
    if (torus.isPresent()) {
      Path conf = work.resolve(SideBySide.slug(spec) + ".conf").toAbsolutePath();
      TorusConfigWriter.write(torus.get(), spec, conf);
      command.addAll(List.of("--torus-config", conf.toString()));
    }
    List<Double> walls = new ArrayList<>();
    String json = "";
    for (int run = 0; run < runs; run++) {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
      json = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      process.waitFor();
      walls.add((System.nanoTime() - start) / 1e9);
    }
    double seconds = walls.stream().mapToDouble(Double::doubleValue).sorted().toArray()[runs / 2];
    return parse(spec, fabric.numCas(), seconds, json);
  }

  /** The figures of one {@code advise --json} object. */
  static Row parse(String spec, int cas, double seconds, String json) {
    Matcher c = CANDIDATE.matcher(json);
    String chosen = "none";
    double chosenLambda = Double.NaN;
    String bestEligible = "none";
    double bestEligibleLambda = Double.NaN;
    String bestAny = "none";
    double bestAnyLambda = Double.NaN;
    int eligible = 0;
    int tried = 0;
    List<String> overBudget = new ArrayList<>();
    while (c.find()) {
      tried++;
      String name = c.group(1);
      String verdict = c.group(2);
      Matcher l = LAMBDA.matcher(c.group(4));
      double lambda = l.find() ? Double.parseDouble(l.group(1)) : Double.NaN;
      if (verdict.equals("over_budget")) {
        overBudget.add(name);
      }
      if (verdict.equals("chosen")) {
        chosen = name;
        chosenLambda = lambda;
      }
      if ((verdict.equals("chosen") || verdict.equals("eligible"))) {
        eligible++;
        if (Double.isNaN(bestEligibleLambda) || lambda > bestEligibleLambda) {
          bestEligible = name;
          bestEligibleLambda = lambda;
        }
      }
      if (!Double.isNaN(lambda) && (Double.isNaN(bestAnyLambda) || lambda > bestAnyLambda)) {
        bestAny = name;
        bestAnyLambda = lambda;
      }
    }
    return new Row(
        spec,
        cas,
        seconds,
        chosen,
        chosenLambda,
        bestEligible,
        bestEligibleLambda,
        bestAny,
        bestAnyLambda,
        eligible,
        tried,
        overBudget);
  }

  private static String csv(List<Row> rows) {
    StringBuilder csv =
        new StringBuilder(
            "fabric,cas,advise_seconds,chosen,chosen_lambda,best_eligible,best_eligible_lambda,"
                + "best_measured,best_measured_lambda,eligible,tried,over_budget\n");
    for (Row r : rows) {
      csv.append(
          String.format(
              Locale.ROOT,
              "\"%s\",%d,%.2f,%s,%.5f,%s,%.5f,%s,%.5f,%d,%d,%s%n",
              r.spec(),
              r.cas(),
              r.seconds(),
              r.chosen(),
              r.chosenLambda(),
              r.bestEligible(),
              r.bestEligibleLambda(),
              r.bestAny(),
              r.bestAnyLambda(),
              r.eligible(),
              r.tried(),
              String.join(" ", r.overBudget())));
    }
    return csv.toString();
  }

  /** An engine and its Λ, as a table cell: {@code sssp (0.7312)}. */
  private static String withLambda(String engine, double lambda) {
    return String.format(Locale.ROOT, "%s (%.4f)", engine, lambda);
  }

  private static String markdown(List<Row> rows, String[] args, int runs, String load) {
    StringBuilder md = new StringBuilder();
    md.append(
        "<!-- engine-choice:begin (written by benchmarks/advise.sh; edits here are overwritten) -->\n");
    md.append("## Engine choice: advise and -R best (issue 44)\n\n");
    md.append("Reproduce: `benchmarks/advise.sh")
        .append(SideBySideReport.shellWords(args))
        .append("`. Run on ")
        .append(LocalDate.now())
        .append(": ")
        .append(SideBySide.machine())
        .append("; load average (1/5/15 min) ")
        .append(load)
        .append(", the machine shared with other jobs.\n\n");
    md.append("`bin/ibrouting advise FABRIC --json` (defaults: every engine, 8 VLs, 1000 patterns,")
        .append(
            " 30 s per engine, two engines at once; a torus with its torus-2QoS.conf) in a fresh")
        .append(" process with the launcher's class archive, timed whole (")
        .append(runs == 1 ? "one run" : "median of " + runs + " runs")
        .append("; fabric read, every engine routed, checked and measured, choice made). \"best")
        .append(
            " eligible\": the highest Λ among the engines that deliver every pair deadlock-free")
        .append(" within the VLs; \"best measured\": the highest Λ of any engine that delivered")
        .append(
            " every pair, deadlock-free or not. Goal: the choice within 1% of the best eligible,")
        .append(" and the whole advice on the 16-ary 3-tree within 60 s.\n\n");
    md.append(
            "| fabric | CAs | advise s | chosen (Λ) | best eligible (Λ) | choice / best | eligible")
        .append(" / tried | best measured (Λ) | over budget |\n");
    md.append("|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d | %.1f | %s | %s | %.1f%% | %d / %d | %s | %s |%n",
              SideBySide.WHAT.getOrDefault(r.spec(), r.spec()),
              r.cas(),
              r.seconds(),
              withLambda(r.chosen(), r.chosenLambda()),
              withLambda(r.bestEligible(), r.bestEligibleLambda()),
              100 * r.margin(),
              r.eligible(),
              r.tried(),
              withLambda(r.bestAny(), r.bestAnyLambda()),
              r.overBudget().isEmpty() ? "–" : String.join(", ", r.overBudget())));
    }
    md.append("\n<!-- engine-choice:end -->\n");
    return md.toString();
  }
}
