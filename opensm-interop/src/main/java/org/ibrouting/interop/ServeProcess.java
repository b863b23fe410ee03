package org.ibrouting.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code ibrouting serve} as a process of its own beside an {@link OpenSmSimulation}: started with
 * this JVM's class path and the simulation's {@code IBSIM_SOCKNAME}, its tools under {@code
 * ibsim-run}, its events read line by line from its {@code --log} file; {@link #close()} stops it.
 */
public final class ServeProcess implements AutoCloseable {
  private final Process process;
  private final Path events;
  private final Path output;
  private int read;

  /**
   * Starts {@code serve --opensm-dir DIR --wrapper ibsim-run --log NAME.jsonl --poll 0 ARGS} with
   * its standard output and error in {@code NAME.err}, both in {@code dir}.
   */
  public ServeProcess(
      OpenSmSimulation sim, Path dir, String name, Path deployment, List<String> args)
      throws IOException {
    this(sim, dir, name, deployment, args, 0);
  }

  /**
   * As {@link #ServeProcess(OpenSmSimulation, Path, String, Path, List)}, at scheduling priority
   * {@code nice} ({@code nice -n NICE}; 0: as this process) so that OpenSM and ibsim go first.
   */
  public ServeProcess(
      OpenSmSimulation sim, Path dir, String name, Path deployment, List<String> args, int nice)
      throws IOException {
    events = dir.resolve(name + ".jsonl");
    output = dir.resolve(name + ".err");
    List<String> command = new ArrayList<>();
    if (nice != 0) {
      command.addAll(List.of("nice", "-n", Integer.toString(nice)));
    }
    command.addAll(
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-cp",
            System.getProperty("java.class.path"),
            "org.ibrouting.cli.IbRouting",
            "serve",
            "--opensm-dir",
            deployment.toString(),
            "--wrapper",
            "ibsim-run",
            "--log",
            events.toString(),
            "--poll",
            "0"));
    command.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
    pb.environment().put("IBSIM_SOCKNAME", sim.sockName());
    process = pb.start();
  }

  /** The process. */
  public Process process() {
    return process;
  }

  /** Whether a line is the event {@code kind}: {@code {"event":"KIND",...}}. */
  public static Predicate<String> event(String kind) {
    return line -> line.startsWith("{\"event\":\"" + kind + "\"");
  }

  /**
   * The next event line that {@code matches}, waiting up to {@code seconds}.
   *
   * @throws IOException when serve ends or no such line comes, with what serve wrote
   */
  public String await(Predicate<String> matches, long seconds)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      List<String> lines =
          Files.exists(events) ? Files.readAllLines(events, StandardCharsets.UTF_8) : List.of();
      while (read < lines.size()) {
        String line = lines.get(read++);
        if (matches.test(line)) {
          return line;
        }
      }
      if (!process.isAlive()) {
        throw new IOException("serve ended with status " + process.exitValue() + ": " + log());
      }
      Thread.sleep(50);
    }
    throw new IOException(
        "no such serve event within "
            + seconds
            + " s; events: "
            + (Files.exists(events) ? Files.readString(events) : "none")
            + "\n"
            + log());
  }

  /** What serve wrote on its standard output and error. */
  public String log() throws IOException {
    return Files.exists(output) ? Files.readString(output) : "";
  }

  /** Stops serve (SIGTERM, then SIGKILL after 10 s). */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
