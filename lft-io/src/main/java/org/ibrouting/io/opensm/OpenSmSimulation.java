package org.ibrouting.io.opensm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real OpenSM, run once on a fabric simulated by ibsim: {@code ibsim -s -n NETFILE} with a
 * private {@code IBSIM_SOCKNAME}, then {@code ibsim-run opensm -o -R ENGINE -D 0x47} with a fresh
 * cache and dump directory. The ibsim this object started is stopped by {@link #close()}, by its
 * process id.
 *
 * <pre>{@code
 * try (OpenSmSimulation sim = OpenSmSimulation.start(netFile, workDir)) {
 *   OpenSmSimulation.Result r = sim.runOpenSm("minhop", List.of());
 *   Path dump = r.lftDump();
 * }
 * }</pre>
 */
public final class OpenSmSimulation implements AutoCloseable {
  private static final AtomicLong COUNTER = new AtomicLong();
  private static final Pattern TIME = Pattern.compile("^\\w{3} +\\d+ (\\d\\d):(\\d\\d):(\\d\\d) (\\d{6}) ");
  private static final Pattern ENGINE = Pattern.compile("osm_ucast_mgr_process: (\\S+) tables configured");

  /**
   * What one OpenSM run did.
   *
   * @param exitCode OpenSM's exit status
   * @param lftDump its {@code opensm-lfts.dump}, or null when it wrote none
   * @param engineUsed the engine that configured the tables (after any fallback), or null
   * @param routingSeconds from "building routing with" to "tables configured on all switches" in
   *     its log, or NaN
   * @param log OpenSM's log file
   * @param dumpDir the directory of its dumps
   */
  public record Result(int exitCode, Path lftDump, String engineUsed, double routingSeconds,
      Path log, Path dumpDir) {}

  private final Path workDir;
  private final String sockName;
  private final Process ibsim;
  private int runs;

  private OpenSmSimulation(Path workDir, String sockName, Process ibsim) {
    this.workDir = workDir;
    this.sockName = sockName;
    this.ibsim = ibsim;
  }

  /** Whether ibsim, ibsim-run and opensm are installed. */
  public static boolean available() {
    return onPath("ibsim") && onPath("ibsim-run") && (onPath("opensm") || Files.isExecutable(Path.of("/usr/sbin/opensm")));
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH") + File.pathSeparator + "/usr/sbin" + File.pathSeparator + "/sbin";
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  /** Starts ibsim on {@code netFile} with default limits. */
  public static OpenSmSimulation start(Path netFile, Path workDir) throws IOException {
    return start(netFile, workDir, List.of());
  }

  /**
   * Starts ibsim on {@code netFile}; {@code ibsimOptions} raise its limits for large fabrics, for
   * example {@code -N 40000 -S 4096 -P 400000 -L 49152}.
   */
  public static OpenSmSimulation start(Path netFile, Path workDir, List<String> ibsimOptions)
      throws IOException {
    // opensm and ibsim run in sub-directories: every path handed to them must be absolute
    workDir = workDir.toAbsolutePath();
    Files.createDirectories(workDir);
    String sockName = "ibrouting-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet();
    List<String> command = new ArrayList<>(List.of("ibsim", "-s", "-n"));
    command.addAll(ibsimOptions);
    command.add(netFile.toAbsolutePath().toString());
    ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile())
        .redirectErrorStream(true).redirectOutput(workDir.resolve("ibsim.log").toFile());
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    Process process = pb.start();
    OpenSmSimulation sim = new OpenSmSimulation(workDir, sockName, process);
    try {
      sim.awaitSocket();
    } catch (IOException | RuntimeException e) {
      sim.close();
      throw e;
    }
    return sim;
  }

  private void awaitSocket() throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    Path unix = Path.of("/proc/net/unix");
    while (System.nanoTime() < deadline) {
      if (!ibsim.isAlive()) {
        throw new IOException("ibsim exited with status " + ibsim.exitValue() + "; see "
            + workDir.resolve("ibsim.log"));
      }
      if (Files.isReadable(unix) && Files.readString(unix).contains("@" + sockName)) {
        sleep(200);
        return;
      }
      sleep(100);
    }
    throw new IOException("ibsim did not open its socket within 120 s; see " + workDir.resolve("ibsim.log"));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** ibsim options ({@code -N -S -P}) that raise its node, switch and port limits to fit {@code fabric}. */
  public static List<String> ibsimLimits(org.ibrouting.fabric.Fabric fabric) {
    return List.of("-N", Integer.toString(fabric.numNodes() + 64), "-S",
        Integer.toString(fabric.numSwitches() + 16), "-P", Integer.toString(fabric.numPortSlots() * 2 + 64));
  }

  /**
   * The opensm options an engine needs to run as intended: lash uses its layers only with QoS
   * ({@code -Q}), torus-2QoS refuses to run without it (ERR 4E44; it also needs
   * {@code --torus_config FILE}).
   */
  public static List<String> engineOptions(String engine) {
    return engine.equals("lash") || engine.equals("torus-2QoS") ? List.of("-Q") : List.of();
  }

  /** Runs {@code opensm -o -R engines -D 0x47} once, with extra arguments such as {@code -U FILE}. */
  public Result runOpenSm(String engines, List<String> extraArgs) throws IOException {
    return runOpenSm(engines, extraArgs, 1800);
  }

  /** Like {@link #runOpenSm(String, List)} with a time limit in seconds. */
  public Result runOpenSm(String engines, List<String> extraArgs, long timeoutSeconds)
      throws IOException {
    Path runDir = workDir.resolve("opensm-" + (++runs));
    Path cache = runDir.resolve("cache");
    Path dumps = runDir.resolve("dump");
    Files.createDirectories(cache);
    Files.createDirectories(dumps);
    Path log = runDir.resolve("opensm.log");
    List<String> command = new ArrayList<>(List.of("ibsim-run", "opensm", "-o", "-R", engines,
        "-D", "0x47", "-f", log.toString(), "--dump_files_dir", dumps.toString()));
    command.addAll(extraArgs);
    ProcessBuilder pb = new ProcessBuilder(command).directory(runDir.toFile())
        .redirectErrorStream(true).redirectOutput(runDir.resolve("opensm.out").toFile());
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    pb.environment().put("OSM_CACHE_DIR", cache.toString());
    Process opensm = pb.start();
    int exit;
    try {
      if (!opensm.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        opensm.destroyForcibly();
        opensm.waitFor(10, TimeUnit.SECONDS);
        throw new IOException("opensm did not finish within " + timeoutSeconds + " s; see " + log);
      }
      exit = opensm.exitValue();
    } catch (InterruptedException e) {
      opensm.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while opensm ran", e);
    }
    Path dump = dumps.resolve("opensm-lfts.dump");
    String engineUsed = null;
    double start = Double.NaN;
    double end = Double.NaN;
    if (Files.exists(log)) {
      for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
        if (line.contains("building routing with") && Double.isNaN(start)) {
          start = seconds(line);
        } else if (line.contains("tables configured on all switches")) {
          end = seconds(line);
          Matcher m = ENGINE.matcher(line);
          if (m.find()) {
            engineUsed = m.group(1);
          }
        }
      }
    }
    double routing = end - start;
    if (routing < 0) {
      routing += 24 * 3600;
    }
    return new Result(exit, Files.exists(dump) ? dump : null, engineUsed, routing, log, dumps);
  }

  private static double seconds(String logLine) {
    Matcher m = TIME.matcher(logLine);
    if (!m.find()) {
      return Double.NaN;
    }
    LocalTime t = LocalTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
        Integer.parseInt(m.group(3)));
    return t.toSecondOfDay() + Integer.parseInt(m.group(4)) / 1e6;
  }

  /** Runs {@code ibnetdiscover} on the simulated fabric and returns its output. */
  public String ibnetdiscover() throws IOException {
    return runTool(List.of("ibnetdiscover"), 600);
  }

  /**
   * Runs {@code ibroute LID}: the LFT that the switch with that LID holds now (after an OpenSM run,
   * the tables OpenSM programmed), in ibroute's format, which {@code LftDumpReader} reads.
   */
  public String ibroute(int switchLid) throws IOException {
    return runTool(List.of("ibroute", Integer.toString(switchLid)), 120);
  }

  /**
   * Runs an infiniband-diags tool under {@code ibsim-run} against this simulation and returns its
   * standard output; fails with the tool's standard error when it exits with a non-zero status.
   */
  public String runTool(List<String> command, long timeoutSeconds) throws IOException {
    int run = ++runs;
    Path out = workDir.resolve("tool-" + run + ".out");
    Path err = workDir.resolve("tool-" + run + ".err");
    List<String> full = new ArrayList<>();
    full.add("ibsim-run");
    full.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(full).directory(workDir.toFile())
        .redirectError(err.toFile()).redirectOutput(out.toFile());
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    try {
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " did not finish within "
            + timeoutSeconds + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(String.join(" ", command) + " exited with status " + p.exitValue()
            + ": " + Files.readString(err, StandardCharsets.UTF_8).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + command.get(0) + " ran", e);
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** Stops the ibsim this object started. */
  @Override
  public void close() {
    ibsim.destroy();
    try {
      if (!ibsim.waitFor(10, TimeUnit.SECONDS)) {
        ibsim.destroyForcibly();
        ibsim.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      ibsim.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
