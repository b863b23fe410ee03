package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a separate JVM: killed mid-write, or short of heap. */
class SubprocessTest {
  @TempDir Path dir;

  private Process start(String heap, Path log, String... args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap,
                "-cp",
                System.getProperty("java.class.path"),
                IbRouting.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  private Path generate(String... spec) throws Exception {
    Path fabric = dir.resolve("fabric.ibnd");
    List<String> args = new ArrayList<>(List.of("generate"));
    args.addAll(List.of(spec));
    args.addAll(List.of("-o", fabric.toString(), "-q"));
    assertEquals(0, Cli.run(args.toArray(String[]::new)).status());
    return fabric;
  }

  /** Killing the CLI while it writes a large dump leaves the old file, never a partial one. */
  @Test
  void killedWhileWritingLeavesTheOldFile() throws Exception {
    Path fabric = generate("ktree", "16", "3");
    Path target = dir.resolve("lfts.dump");
    Files.writeString(target, "the old tables\n");
    Process p =
        start(
            "-Xmx2g",
            dir.resolve("log"),
            "route",
            "-R",
            "minhop",
            fabric.toString(),
            "-o",
            target.toString(),
            "-q");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    boolean writing = false;
    while (!writing && p.isAlive() && System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(dir)) {
        writing =
            files.anyMatch(
                f ->
                    f.getFileName().toString().startsWith(".lfts.dump.")
                        && f.toFile().length() > 1_000_000);
      }
      Thread.sleep(5);
    }
    assertTrue(
        writing, "the dump was not being written; see " + Files.readString(dir.resolve("log")));
    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    assertEquals("the old tables\n", Files.readString(target, StandardCharsets.UTF_8));
  }

  /**
   * A heap too small for the fabric gives a message with the -Xmx to use, not an OutOfMemoryError
   * trace.
   */
  @Test
  void outOfMemoryIsAMessage() throws Exception {
    Path fabric = generate("ktree", "16", "3");
    Path log = dir.resolve("oom.log");
    Process p =
        start(
            "-Xmx24m",
            log,
            "route",
            "-R",
            "lash",
            fabric.toString(),
            "-o",
            dir.resolve("x.dump").toString(),
            "-q");
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    String out = Files.readString(log);
    assertEquals(IbRouting.EXIT_OUT_OF_MEMORY, p.exitValue(), out);
    assertTrue(out.contains("out of memory") && out.contains("IBROUTING_JAVA_OPTS=-Xmx"), out);
    assertFalse(out.contains("\tat "), out);
    assertFalse(Files.exists(dir.resolve("x.dump")));
  }
}
