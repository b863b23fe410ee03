package org.ibrouting.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ibrouting.bench.Measurement.Figure;

/**
 * Our side of the side-by-side comparison: one engine on one generated fabric in a child JVM
 * ({@link OursProbe}, warm figures and the tables' quality), and in fresh {@code bin/ibrouting}
 * processes (cold figures, what a user sees).
 */
final class OursRunner {
  private OursRunner() {}

  /**
   * What bin/ibrouting adds for the heap's pages: transparent huge pages where the kernel offers
   * them ({@code always} or {@code madvise}), else nothing (an option that does nothing).
   */
  static String hugePages() {
    try {
      String enabled = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
      if (enabled.contains("[always]") || enabled.contains("[madvise]")) {
        return "-XX:+UseTransparentHugePages";
      }
    } catch (IOException e) {
      // no such file: not Linux, or no transparent huge pages
    }
    return "-XX:-UseTransparentHugePages";
  }

  /**
   * Runs {@link OursProbe} in a child JVM with the launcher's collector, bounded in time; a timeout
   * or crash is a row too.
   */
  static EnumMap<Figure, String> probe(
      String spec, String engine, SideBySide.Options o, String dump, boolean timeOnly)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                o.childHeap,
                // the collector and pages bin/ibrouting runs with
                "-XX:+UseParallelGC",
                hugePages(),
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                OursProbe.class.getName(),
                spec,
                engine,
                Integer.toString(o.patterns),
                Long.toString(o.seed),
                dump));
    if (timeOnly) {
      command.add("time-only");
    }
    Path out = Files.createTempFile(o.work, "probe-", ".out");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    long timeout = timeOnly ? 300 : o.timeoutSeconds;
    boolean finished = process.waitFor(timeout, TimeUnit.SECONDS);
    String output = Files.readString(out);
    Files.deleteIfExists(out);
    EnumMap<Figure, String> p =
        Measurement.parse(output.lines().filter(l -> l.matches("^[a-z_0-9]+=.*")).toList());
    if (!finished) {
      process.destroyForcibly().waitFor();
      p.put(Figure.STATUS, "timeout");
      p.put(Figure.MESSAGE, "still routing after " + timeout + " s");
    } else if (process.exitValue() != 0) {
      p.put(Figure.STATUS, output.contains("OutOfMemoryError") ? "oom" : "failed");
      p.put(
          Figure.MESSAGE,
          output.contains("OutOfMemoryError")
              ? "out of memory with " + o.childHeap
              : "exit " + process.exitValue() + ": " + lastLine(output));
    }
    return p;
  }

  /**
   * What a user gets: {@code bin/ibrouting route -R ENGINE FABRIC --json} in fresh processes
   * ({@code coldRuns} of them, after one not counted unless only one is asked for; the launcher's
   * class archive is made first): the median of the routing phase the command reports ({@code
   * cold_seconds}) and of the whole process's wall time ({@code process_seconds}), timed by {@code
   * farm-bench} when it is installed, else here.
   */
  static void coldCli(
      Path fabricFile, String engine, SideBySide.Options o, Map<Figure, String> p, int coldRuns)
      throws IOException, InterruptedException {
    Path launcher = o.launcher.toAbsolutePath();
    if (!Files.isExecutable(launcher)) {
      return;
    }
    Path cds = o.work.resolve("cds").toAbsolutePath();
    Path log = Files.createTempFile(o.work, "cold-", ".log");
    Path dump = o.work.resolve("cold.lfts.dump").toAbsolutePath();
    String route =
        String.join(
            " ",
            quoteArg(launcher.toString()),
            "route",
            "-R",
            engine,
            quoteArg(fabricFile.toAbsolutePath().toString()),
            "-o",
            quoteArg(dump.toString()),
            "--json",
            "-q");
    String[] env = {
      "IBROUTING_CDS_DIR=" + cds,
      "IBROUTING_JAVA_OPTS=" + o.childHeap + " -XX:+UseParallelGC " + hugePages()
    };
    ensureClassArchive(launcher, env, cds);
    boolean farmBench = onPath("farm-bench");
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(List.of(env));
    if (farmBench) {
      command.addAll(
          List.of(
              "farm-bench",
              "-n",
              Integer.toString(coldRuns),
              "--warmup",
              coldRuns == 1 ? "0" : "1",
              "--timeout",
              Long.toString(Math.min(3600, o.timeoutSeconds)),
              "--",
              "sh",
              "-c",
              "exec " + route + " >>" + log + " 2>&1"));
    } else {
      command.addAll(List.of("sh", "-c", route + " >>" + log + " 2>&1"));
    }
    List<Double> walls = new ArrayList<>();
    String report = "";
    for (int run = 0; run < (farmBench || coldRuns == 1 ? 1 : coldRuns + 1); run++) {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      process.waitFor();
      if (run > 0 || coldRuns == 1) {
        walls.add((System.nanoTime() - start) / 1e9);
      }
    }
    if (farmBench) {
      Matcher m = Pattern.compile("(?m)^A wall s\\s+\\S+\\s+(\\S+)").matcher(report);
      if (!m.find()) {
        m = Pattern.compile("(?m)^wall s\\s+\\S+\\s+(\\S+)").matcher(report);
      }
      if (m.find(0)) {
        walls.add(Double.parseDouble(m.group(1)));
      }
    }
    List<Double> routing = new ArrayList<>();
    Matcher m = Pattern.compile("\"routing_seconds\":([0-9.]+)").matcher(Files.readString(log));
    while (m.find()) {
      routing.add(Double.parseDouble(m.group(1)));
    }
    Files.deleteIfExists(log);
    Files.deleteIfExists(dump);
    // farm-bench's first run is a warm-up, not counted: the last coldRuns are the measured ones
    List<Double> measured = routing.subList(Math.max(0, routing.size() - coldRuns), routing.size());
    if (!measured.isEmpty()) {
      p.put(Figure.COLD_SECONDS, String.format(Locale.ROOT, "%.6f", median(measured)));
    }
    if (!walls.isEmpty()) {
      p.put(Figure.PROCESS_SECONDS, String.format(Locale.ROOT, "%.6f", median(walls)));
    }
  }

  /**
   * Builds the launcher's class archive in {@code cds} ({@code bin/ibrouting cds}, in the
   * foreground; at once when it is up to date), so that every cold run maps it.
   */
  static void ensureClassArchive(Path launcher, String[] env, Path cds)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(List.of(env));
    command.addAll(List.of(launcher.toString(), "cds"));
    Process training =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (training.waitFor() != 0) {
      System.err.println("side-by-side: no class archive in " + cds + "; cold runs go without");
    }
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  private static String quoteArg(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return v[v.length / 2];
  }

  private static String lastLine(String output) {
    List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }
}
