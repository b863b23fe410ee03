package org.ibrouting.interop;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.sl.PathRecordReader;

/**
 * The real OpenSM on a fabric simulated by ibsim: {@code ibsim -s -n NETFILE} with a private {@code
 * IBSIM_SOCKNAME}, then either {@code ibsim-run opensm -o -R ENGINE -D 0x47} once with a fresh
 * cache and dump directory ({@link #runOpenSm}), or an OpenSM that keeps running and answers SA
 * queries ({@link #startOpenSm}), while infiniband-diags read back what the simulated switches and
 * the SA hold: LFTs ({@link #dumpFts}, {@link #ibroute}), PathRecords ({@link #caPathRecords}) and
 * SL-to-VL tables ({@link #sl2vlTables}). The ibsim and OpenSM processes this object started are
 * stopped by {@link #close()} and {@code RunningOpenSm.close()}, by their process ids.
 *
 * <pre>{@code
 * try (OpenSmSimulation sim = OpenSmSimulation.start(netFile, workDir)) {
 *   OpenSmSimulation.Result r = sim.runOpenSm("minhop", List.of());
 *   Path dump = r.lftDump();
 *   try (OpenSmSimulation.RunningOpenSm sm = sim.startOpenSm(List.of("-R", "dfsssp", "-Q"), 300)) {
 *     SlTable theirs = sim.caPathRecords(fabric).slTable();   // OpenSM's own SLs, per CA pair
 *   }
 * }
 * }</pre>
 *
 * <p>One file over the 500-line limit: one harness for the two processes and the diagnostic tools
 * run against them, with the small parsers of what those tools print.
 */
public final class OpenSmSimulation implements AutoCloseable {
  private static final AtomicLong COUNTER = new AtomicLong();
  private static final Pattern TIME =
      Pattern.compile("^\\w{3} +\\d+ (\\d\\d):(\\d\\d):(\\d\\d) (\\d{6}) ");
  private static final Pattern ENGINE =
      Pattern.compile("osm_ucast_mgr_process: (\\S+) tables configured");
  private static final Pattern SL2VL_HEADER = Pattern.compile("^# SL2VL table: Lid (\\d+)");
  private static final Pattern SL2VL_ROW =
      Pattern.compile("^ports: in +(\\d+), out +(\\d+): *(\\|.*)$");

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
  public record Result(
      int exitCode,
      Path lftDump,
      String engineUsed,
      double routingSeconds,
      Path log,
      Path dumpDir) {}

  private final Path workDir;
  private final String sockName;
  private final Process ibsim;

  /** Where tools run: umad2sim builds a fake sysfs tree in the working directory of each one. */
  private final Path toolDir;

  private int runs;

  private OpenSmSimulation(Path workDir, String sockName, Process ibsim, Path toolDir) {
    this.workDir = workDir;
    this.sockName = sockName;
    this.ibsim = ibsim;
    this.toolDir = toolDir;
  }

  /** Whether ibsim, ibsim-run and opensm are installed. */
  public static boolean available() {
    return onPath("ibsim")
        && onPath("ibsim-run")
        && (onPath("opensm") || Files.isExecutable(Path.of("/usr/sbin/opensm")));
  }

  private static boolean onPath(String program) {
    String path =
        System.getenv("PATH") + File.pathSeparator + "/usr/sbin" + File.pathSeparator + "/sbin";
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
    return start(netFile, workDir, ibsimOptions, false);
  }

  /**
   * Starts ibsim on {@code netFile} with its console open ({@link #console}): cables can be cut and
   * restored while OpenSM runs, as {@link #unlink} and {@link #relink} do. ibsim reads the console
   * from a pipe that stays open until {@link #close()}.
   */
  public static OpenSmSimulation startWithConsole(
      Path netFile, Path workDir, List<String> ibsimOptions) throws IOException {
    return start(netFile, workDir, ibsimOptions, true);
  }

  private static OpenSmSimulation start(
      Path netFile, Path workDir, List<String> ibsimOptions, boolean console) throws IOException {
    // opensm and ibsim run in sub-directories: every path handed to them must be absolute
    workDir = workDir.toAbsolutePath();
    Files.createDirectories(workDir);
    String sockName =
        "ibrouting-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet();
    List<String> command = new ArrayList<>(List.of("ibsim", "-s"));
    if (!console) {
      command.add("-n");
    }
    command.addAll(ibsimOptions);
    command.add(netFile.toAbsolutePath().toString());
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(workDir.resolve("ibsim.log").toFile());
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    Process process = pb.start();
    OpenSmSimulation sim = new OpenSmSimulation(workDir, sockName, process, toolDir(workDir));
    try {
      sim.awaitSocket();
    } catch (IOException | RuntimeException e) {
      sim.close();
      throw e;
    }
    return sim;
  }

  /**
   * A directory on tmpfs when there is one: each tool under umad2sim creates and removes a fake
   * sysfs tree of some hundred files in its working directory, which costs 40-50 ms per run on a
   * busy ext4 disk and under 10 ms on tmpfs (per-pair PathRecord queries run thousands of tools).
   */
  private static Path toolDir(Path workDir) throws IOException {
    Path shm = Path.of("/dev/shm");
    if (Files.isDirectory(shm) && Files.isWritable(shm)) {
      try {
        return Files.createTempDirectory(shm, "ibrouting-tools-");
      } catch (IOException e) {
        // fall back to the work directory
      }
    }
    Path dir = workDir.resolve("tools");
    Files.createDirectories(dir);
    return dir;
  }

  private void awaitSocket() throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    Path unix = Path.of("/proc/net/unix");
    while (System.nanoTime() < deadline) {
      if (!ibsim.isAlive()) {
        throw new IOException(
            "ibsim exited with status "
                + ibsim.exitValue()
                + "; see "
                + workDir.resolve("ibsim.log"));
      }
      if (Files.isReadable(unix) && Files.readString(unix).contains("@" + sockName)) {
        sleep(200);
        return;
      }
      sleep(100);
    }
    throw new IOException(
        "ibsim did not open its socket within 120 s; see " + workDir.resolve("ibsim.log"));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /**
   * ibsim options ({@code -N -S -P}) that raise its node, switch and port limits to fit {@code
   * fabric}.
   */
  public static List<String> ibsimLimits(Fabric fabric) {
    return List.of(
        "-N",
        Integer.toString(fabric.numNodes() + 64),
        "-S",
        Integer.toString(fabric.numSwitches() + 16),
        "-P",
        Integer.toString(fabric.numPortSlots() * 2 + 64));
  }

  /**
   * The opensm options an engine needs to run as intended: lash uses its layers only with QoS
   * ({@code -Q}), torus-2QoS refuses to run without it (ERR 4E44; it also needs {@code
   * --torus_config FILE}).
   */
  public static List<String> engineOptions(String engine) {
    return engine.equals("lash") || engine.equals("torus-2QoS") ? List.of("-Q") : List.of();
  }

  /**
   * Runs {@code opensm -o -R engines -D 0x47} once, with extra arguments such as {@code -U FILE}.
   */
  public Result runOpenSm(String engines, List<String> extraArgs) throws IOException {
    return runOpenSm(engines, extraArgs, 1800);
  }

  /** Like {@link #runOpenSm(String, List)} with a time limit in seconds. */
  public Result runOpenSm(String engines, List<String> extraArgs, long timeoutSeconds)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("-o", "-R", engines, "-D", "0x47"));
    args.addAll(extraArgs);
    OpenSmRun run = openSm(args);
    Path log = run.log();
    Path dumps = run.dumps();
    Process opensm = run.process();
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
    LocalTime t =
        LocalTime.of(
            Integer.parseInt(m.group(1)),
            Integer.parseInt(m.group(2)),
            Integer.parseInt(m.group(3)));
    return t.toSecondOfDay() + Integer.parseInt(m.group(4)) / 1e6;
  }

  /**
   * An OpenSM that keeps running (no {@code -o}) on this simulation, started by {@link
   * #startOpenSm}; {@link #close()} stops it by its process id.
   */
  public final class RunningOpenSm implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final Path output;
    private final Path dumpDir;

    private RunningOpenSm(Process process, Path log, Path output, Path dumpDir) {
      this.process = process;
      this.log = log;
      this.output = output;
      this.dumpDir = dumpDir;
    }

    /** The process id of OpenSM. */
    public long pid() {
      return process.pid();
    }

    /** OpenSM's log file (flushed after every message). */
    public Path log() {
      return log;
    }

    /** What OpenSM printed on its standard output and error (option warnings among it). */
    public Path output() {
      return output;
    }

    /** The directory of OpenSM's dumps. */
    public Path dumpDir() {
      return dumpDir;
    }

    /** The engine that configured the tables, from the log, or null. */
    public String engineUsed() throws IOException {
      String engine = null;
      for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
        Matcher m = ENGINE.matcher(line);
        if (m.find()) {
          engine = m.group(1);
        }
      }
      return engine;
    }

    /** Stops OpenSM (SIGTERM, then SIGKILL after 10 s). */
    @Override
    public void close() {
      stop(process);
    }
  }

  /**
   * Starts OpenSM without {@code -o}, so that it keeps running and answers SA queries: {@code
   * ibsim-run opensm -d2 -f LOG --dump_files_dir DIR ARGS} with a fresh cache directory ({@code
   * -d2} flushes the log after every message), and returns once the log says {@code SUBNET UP}. For
   * a deployment, {@code args} is {@code -F DIR/opensm.conf}.
   *
   * @throws IOException when OpenSM exits, or the subnet is not up within {@code timeoutSeconds}
   */
  public RunningOpenSm startOpenSm(List<String> args, long timeoutSeconds) throws IOException {
    List<String> allArgs = new ArrayList<>(List.of("-d2"));
    allArgs.addAll(args);
    OpenSmRun run = openSm(allArgs);
    Path log = run.log();
    Process opensm = run.process();
    RunningOpenSm running = new RunningOpenSm(opensm, log, run.output(), run.dumps());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    try {
      while (true) {
        if (Files.exists(log)
            && Files.readString(log, StandardCharsets.ISO_8859_1).contains("SUBNET UP")) {
          return running;
        }
        if (!opensm.isAlive()) {
          throw new IOException(
              "opensm exited with status "
                  + opensm.exitValue()
                  + " before the subnet came up; see "
                  + log
                  + " and "
                  + run.output());
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(
              "the subnet was not up within " + timeoutSeconds + " s; see " + log);
        }
        sleep(100);
      }
    } catch (IOException | RuntimeException e) {
      running.close();
      throw e;
    }
  }

  private record OpenSmRun(Process process, Path log, Path output, Path dumps) {}

  /**
   * Starts {@code ibsim-run opensm -f LOG --dump_files_dir DIR ARGS} in a new run directory with a
   * fresh {@code OSM_CACHE_DIR}: OpenSM's guid2lid cache would otherwise override the LIDs.
   */
  private OpenSmRun openSm(List<String> args) throws IOException {
    Path runDir = workDir.resolve("opensm-" + (++runs));
    Path cache = runDir.resolve("cache");
    Path dumps = runDir.resolve("dump");
    Files.createDirectories(cache);
    Files.createDirectories(dumps);
    Path log = runDir.resolve("opensm.log");
    Path output = runDir.resolve("opensm.out");
    List<String> command =
        new ArrayList<>(
            List.of(
                "ibsim-run", "opensm", "-f", log.toString(), "--dump_files_dir", dumps.toString()));
    command.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(runDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    pb.environment().put("OSM_CACHE_DIR", cache.toString());
    return new OpenSmRun(pb.start(), log, output, dumps);
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs {@code dump_fts} (what {@code dump_lfts.sh} runs): the LFT of every switch, as the
   * switches hold them, in the format {@code LftDumpReader} reads.
   */
  public String dumpFts() throws IOException {
    String text = runTool(List.of("dump_fts"), 600);
    int top = maxLidOf(text);
    if (!org.ibrouting.io.lft.TopLidReadBack.skipped(top)) {
      return text;
    }
    // dump_fts skips a top LID that is a multiple of 64: read that entry with smpdump
    java.util.Map<String, Integer> ports = new java.util.HashMap<>();
    for (String path : org.ibrouting.io.lft.TopLidReadBack.missing(text, top)) {
      String block =
          runTool(
              List.of(
                  "smpdump",
                  "-D",
                  path,
                  org.ibrouting.io.lft.TopLidReadBack.ATTRIBUTE,
                  Integer.toString(top / org.ibrouting.io.lft.TopLidReadBack.BLOCK)),
              60);
      ports.put(path, org.ibrouting.io.lft.TopLidReadBack.firstPort(block));
    }
    return org.ibrouting.io.lft.TopLidReadBack.withEntries(text, top, ports);
  }

  /** The largest top LID the sections of a {@code dump_fts} output name. */
  private static int maxLidOf(String text) {
    Matcher m =
        Pattern.compile("(?m)^Unicast lids \\[0x[0-9a-fA-F]+-0x([0-9a-fA-F]+)\\]").matcher(text);
    int top = 0;
    while (m.find()) {
      top = Math.max(top, Integer.parseInt(m.group(1), 16));
    }
    return top;
  }

  /**
   * Asks the running subnet manager's SA for the PathRecord of each pair ({@code srcLids[i]},
   * {@code dstLids[i]}), one {@code saquery -p --src-to-dst S:D} per pair in a single shell, and
   * returns the records as saquery prints them ({@code PathRecordReader} reads them); a pair the SA
   * does not answer leaves a {@code # no PathRecord for S:D} line.
   *
   * <p>One query per pair, because ibsim's umad2sim has no RMPP: a plain {@code saquery -p} (all
   * records in one SA answer, the cheapest way on a real fabric) comes back cut to its first MAD,
   * three records, under ibsim.
   */
  public String pathRecords(int[] srcLids, int[] dstLids) throws IOException {
    Path pairs = workDir.resolve("pairs-" + (++runs) + ".txt");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < srcLids.length; i++) {
      text.append(srcLids[i]).append(' ').append(dstLids[i]).append('\n');
    }
    Files.writeString(pairs, text, StandardCharsets.US_ASCII);
    String script =
        "while read s d; do saquery -p --src-to-dst \"$s:$d\""
            + " || echo \"# no PathRecord for $s:$d\"; done < '"
            + pairs
            + "'";
    return runTool(List.of("sh", "-c", script), 120 + srcLids.length / 10);
  }

  /**
   * The SL table the running subnet manager's SA hands out for every ordered pair of distinct CA
   * (and router) ports, base LIDs, read with {@code PathRecordReader}: compare it with a routing's
   * own {@code SlTable}.
   */
  public PathRecordReader.Listing caPathRecords(Fabric fabric) throws IOException {
    return PathRecordReader.read(fabric, caPathRecordFile(fabric));
  }

  /**
   * Like {@link #caPathRecords}, but returns the file the records were saved to (in this
   * simulation's directory), as {@code check --sl-saquery} reads it.
   */
  public Path caPathRecordFile(Fabric fabric) throws IOException {
    IntArrayList src = new IntArrayList();
    IntArrayList dst = new IntArrayList();
    int[] lids = terminalBaseLids(fabric);
    for (int s : lids) {
      for (int d : lids) {
        if (s != d) {
          src.add(s);
          dst.add(d);
        }
      }
    }
    String text = pathRecords(src.toIntArray(), dst.toIntArray());
    Path file = workDir.resolve("path-records-" + (++runs) + ".txt");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private static int[] terminalBaseLids(Fabric fabric) {
    IntArrayList lids = new IntArrayList();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0 && fabric.baseLid(port) == lid && !fabric.isSwitch(fabric.nodeOfPort(port))) {
        lids.add(lid);
      }
    }
    return lids.toIntArray();
  }

  /**
   * One row of an SL-to-VL table as {@code smpquery sl2vl} prints it.
   *
   * @param lid the LID of the node
   * @param inPort the input port
   * @param outPort the output port
   * @param vlOfSl the VL of SL 0..15
   */
  public record Sl2VlRow(int lid, int inPort, int outPort, byte[] vlOfSl) {}

  /**
   * The SL-to-VL tables the nodes hold: {@code smpquery sl2vl LID PORT} for every connected port of
   * every switch (all input ports each) and {@code smpquery sl2vl LID} for every CA port.
   */
  public List<Sl2VlRow> sl2vlTables(Fabric fabric) throws IOException {
    StringBuilder script = new StringBuilder();
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      int lid = fabric.baseLid(fabric.port(sw, 0));
      for (int p = 1; p <= fabric.numPorts(sw); p++) {
        if (fabric.peerPort(fabric.port(sw, p)) >= 0) {
          script.append("smpquery sl2vl ").append(lid).append(' ').append(p).append('\n');
        }
      }
    }
    for (int lid : terminalBaseLids(fabric)) {
      script.append("smpquery sl2vl ").append(lid).append('\n');
    }
    return parseSl2Vl(runTool(List.of("sh", "-c", script.toString()), 600));
  }

  /** Parses {@code smpquery sl2vl} output (one or more tables). */
  public static List<Sl2VlRow> parseSl2Vl(String text) {
    List<Sl2VlRow> rows = new ArrayList<>();
    int lid = -1;
    for (String line : text.split("\n")) {
      Matcher header = SL2VL_HEADER.matcher(line);
      if (header.find()) {
        lid = Integer.parseInt(header.group(1));
        continue;
      }
      Matcher row = SL2VL_ROW.matcher(line);
      if (row.find()) {
        String[] cells = row.group(3).split("\\|");
        byte[] vls = new byte[16];
        int n = 0;
        for (String cell : cells) {
          if (!cell.isBlank() && n < 16) {
            vls[n++] = (byte) Integer.parseInt(cell.strip());
          }
        }
        if (n != 16 || lid < 0) {
          throw new IllegalArgumentException("not an SL2VL row of 16 VLs: " + line);
        }
        rows.add(
            new Sl2VlRow(lid, Integer.parseInt(row.group(1)), Integer.parseInt(row.group(2)), vls));
      }
    }
    return rows;
  }

  /** The {@code IBSIM_SOCKNAME} of this simulation, which every tool run against it needs. */
  public String sockName() {
    return sockName;
  }

  /**
   * Sends one command to ibsim's console (a simulation started by {@link #startWithConsole}) and
   * waits a moment for ibsim to act on it.
   */
  public void console(String command) throws IOException {
    java.io.OutputStream in = ibsim.getOutputStream();
    in.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
    in.flush();
    sleep(50);
  }

  /**
   * ibsim's name of a node of a fabric this project wrote: {@code S-<GUID>} or {@code H-<GUID>}.
   */
  public static String nodeId(Fabric fabric, int node) {
    return String.format("%s-%016x", fabric.isSwitch(node) ? "S" : "H", fabric.nodeGuid(node));
  }

  /** Cuts the cable at {@code port} of {@code node} (both ends send trap 128). */
  public void unlink(Fabric fabric, int node, int port) throws IOException {
    console("Unlink \"" + nodeId(fabric, node) + "\"[" + port + "]");
  }

  /** Cuts every cable of {@code node}: the switch (or CA) fails. */
  public void unlinkNode(Fabric fabric, int node) throws IOException {
    console("Unlink \"" + nodeId(fabric, node) + "\"");
  }

  /** Restores the cable at {@code port} of {@code node} that {@link #unlink} cut. */
  public void relink(Fabric fabric, int node, int port) throws IOException {
    console("ReLink \"" + nodeId(fabric, node) + "\"[" + port + "]");
  }

  /** Restores every cable of {@code node} that {@link #unlinkNode} cut. */
  public void relinkNode(Fabric fabric, int node) throws IOException {
    console("ReLink \"" + nodeId(fabric, node) + "\"");
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
    ProcessBuilder pb =
        new ProcessBuilder(full)
            .directory(toolDir.toFile())
            .redirectError(err.toFile())
            .redirectOutput(out.toFile());
    pb.environment().put("IBSIM_SOCKNAME", sockName);
    try {
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(
            String.join(" ", command) + " did not finish within " + timeoutSeconds + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(
            String.join(" ", command)
                + " exited with status "
                + p.exitValue()
                + ": "
                + Files.readString(err, StandardCharsets.UTF_8).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + command.get(0) + " ran", e);
    }
    // a long benchmark runs thousands of tools, each output megabytes: keep only failures' files
    String output = Files.readString(out, StandardCharsets.UTF_8);
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    return output;
  }

  /** Stops the ibsim this object started and removes the tools' directory. */
  @Override
  public void close() {
    stop(ibsim);
    try (Stream<Path> tree = Files.walk(toolDir)) {
      for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // a leftover directory of a tool killed midway; nothing else depends on it
    }
  }
}
