package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.ibrouting.cli.testing.PluginEngineProvider;
import org.ibrouting.engines.EngineProvider;
import org.ibrouting.interop.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive ({@code routing-cli/target/ibrouting-VERSION.tar.gz}) as a user gets it:
 * unpacked anywhere, its {@code bin/ibrouting} runs without a source tree, and builds (when asked)
 * and uses its class-data-sharing archive. Runs after {@code package} (failsafe), which builds the
 * distribution.
 */
class DistributionIT {
  @TempDir Path dir;

  private record Run(int status, String output) {}

  private Run run(Path workDir, String... command) throws IOException, InterruptedException {
    return run(workDir, Map.of(), command);
  }

  private Run run(Path workDir, Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile(dir, "run", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
    // no class archive in the home directory of whoever runs the tests, unless a test asks
    builder.environment().put("IBROUTING_CDS", "off");
    builder.environment().putAll(env);
    Processes.Finished finished = Processes.runToEnd(builder, log, Duration.ofSeconds(600));
    return new Run(finished.exitCode(), finished.output());
  }

  /** Runs the unpacked launcher in {@code home} on a command line, as {@link Cli#cli} reads it. */
  private Run ibrouting(Path home, Map<String, String> env, String line, Object... words)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin/ibrouting").toString());
    command.addAll(List.of(Cli.words(line, words)));
    return run(home, env, command.toArray(String[]::new));
  }

  /**
   * By default the launcher trains nothing: five runs in a row with a fresh IBROUTING_CDS_DIR leave
   * no training and no cache behind, and neither does IBROUTING_CDS=off.
   */
  @Test
  void launcherTrainsNothingUnlessAsked() throws Exception {
    Path home = unpack();
    Path cache = dir.resolve("cds");
    for (String mode : new String[] {"on", "off"}) {
      Map<String, String> env = cdsEnv(mode, cache);
      for (int i = 0; i < 5; i++) {
        Run version = run(home, env, home.resolve("bin/ibrouting").toString(), "--version");
        assertEquals(0, version.status(), version.output());
      }
      assertEquals(List.of(), trainings(), "IBROUTING_CDS=" + mode + " started a training");
      assertTrue(!Files.exists(cache), "IBROUTING_CDS=" + mode + " created " + cache);
    }
  }

  /**
   * IBROUTING_CDS=auto trains a missing archive behind a run, but at most one per archive and one
   * per host at a time, at idle priority: five runs in a row leave one training; a run for another
   * archive (another cache, the same host lock) starts none while it runs; a training killed with
   * SIGKILL leaves no lock behind, so the next run trains again, to an archive that later runs map.
   */
  @Test
  void autoTrainsAtMostOneArchivePerHostAtATime() throws Exception {
    Path home = unpack();
    Path cache = dir.resolve("cds");
    Path otherCache = dir.resolve("other-cds");
    String launcher = home.resolve("bin/ibrouting").toString();
    for (int i = 0; i < 5; i++) {
      assertEquals(0, run(home, cdsEnv("auto", cache), launcher, "--version").status());
    }
    ProcessHandle training = awaitOneTraining();
    assertEquals(19, niceness(training), "the training runs at idle priority");
    assertEquals(0, run(home, cdsEnv("auto", otherCache), launcher, "--version").status());
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (System.nanoTime() < until && training.isAlive()) {
      List<ProcessHandle> now = trainings();
      assertTrue(now.size() <= 1 && (now.isEmpty() || now.get(0).equals(training)), "" + now);
      Thread.sleep(100);
    }
    if (!training.isAlive()) {
      System.err.println("the training ended before the test could kill it: not killed");
    } else {
      // the training and the launcher's subshell that holds its locks die, as in a crash
      training.parent().ifPresent(ProcessHandle::destroyForcibly);
      training.destroyForcibly();
      training.onExit().get(30, TimeUnit.SECONDS);
      assertTrue(archives(cache).isEmpty(), "a killed training left " + archives(cache));
      assertEquals(0, run(home, cdsEnv("auto", cache), launcher, "--version").status());
      ProcessHandle second = awaitOneTraining();
      assertTrue(!second.equals(training), "no new training after the first was killed");
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
    while (archives(cache).isEmpty() && System.nanoTime() < deadline) {
      assertTrue(trainings().size() <= 1, "" + trainings());
      Thread.sleep(250);
    }
    assertEquals(1, archives(cache).size(), "no archive in " + cache);
    awaitNoTraining();
    assertTrue(archives(otherCache).isEmpty(), "the other archive was trained beside the first");
    assertMapsMinhop(home, cdsEnv("on", cache));
  }

  /**
   * {@code ibrouting cds} trains the archive in the foreground; later runs map their classes from
   * it (the JVM's class-load log says "shared objects file (top)") and keep the JVM's archive
   * messages quiet; {@code --status} says whether there is one, {@code --remove} removes it.
   */
  @Test
  void cdsCommandBuildsTheArchiveThatLaterRunsMap() throws Exception {
    Path home = unpack();
    Path cache = dir.resolve("cds");
    Map<String, String> env = cdsEnv("on", cache);
    String launcher = home.resolve("bin/ibrouting").toString();
    Run none = run(home, env, launcher, "cds", "--status");
    assertEquals(1, none.status(), none.output());
    assertTrue(none.output().contains("none for this jar and JDK"), none.output());
    Run built = run(home, env, launcher, "cds");
    assertEquals(0, built.status(), built.output());
    assertTrue(
        built.output().matches("(?s).*class archive .*\\.jsa \\(\\d+ MB\\) built in \\d+ s\n"),
        built.output());
    assertEquals(1, archives(cache).size(), built.output());
    Run status = run(home, env, launcher, "cds", "--status");
    assertEquals(0, status.status(), status.output());
    Run again = run(home, env, launcher, "cds");
    assertTrue(again.output().contains("is up to date"), again.output());
    assertMapsMinhop(home, env);
    Run remove = run(home, env, launcher, "cds", "--remove");
    assertEquals(0, remove.status(), remove.output());
    assertEquals(List.of(), archives(cache));
    Run bad = run(home, env, launcher, "cds", "--now");
    assertEquals(2, bad.status(), bad.output());
  }

  /** Routes the bundled fat tree with minhop and checks that its engine came from the archive. */
  private void assertMapsMinhop(Path home, Map<String, String> cdsEnv) throws Exception {
    Path classLog = dir.resolve("classes.log");
    Map<String, String> logged = new java.util.HashMap<>(cdsEnv);
    logged.put("IBROUTING_JAVA_OPTS", "-Xmx1g -Xlog:class+load:file=" + classLog);
    Run route =
        ibrouting(
            home, logged, "route -R minhop examples/ft4_3.ibnd -o {}", dir.resolve("cds.dump"));
    assertEquals(0, route.status(), route.output());
    assertEquals(
        "",
        route
            .output()
            .lines()
            .filter(l -> l.contains("[cds") || l.contains("shared archive"))
            .findFirst()
            .orElse(""),
        "the launcher keeps the JVM's archive messages quiet");
    String classes = Files.readString(classLog, StandardCharsets.UTF_8);
    assertTrue(
        classes.contains(
            "org.ibrouting.engines.minhop.MinhopEngine source: shared objects file (top)"),
        "MinhopEngine was not mapped from the archive");
  }

  /** The launcher's variables for class archives in {@code cache}, with this test's host lock. */
  private Map<String, String> cdsEnv(String mode, Path cache) {
    return Map.of(
        "IBROUTING_CDS",
        mode,
        "IBROUTING_CDS_DIR",
        cache.toString(),
        "IBROUTING_CDS_HOST_LOCK",
        dir.resolve("host.lock").toString());
  }

  /** The trainings running now that write into this test's directory. */
  private List<ProcessHandle> trainings() {
    String marker = "-XX:ArchiveClassesAtExit=" + dir;
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains(marker))
        .toList();
  }

  /** Waits up to 60 s for a training to start; fails if two run at once. */
  private ProcessHandle awaitOneTraining() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < until) {
      List<ProcessHandle> now = trainings();
      assertTrue(now.size() <= 1, "trainings at once: " + now);
      if (now.size() == 1) {
        return now.get(0);
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no training started within 60 s");
  }

  private void awaitNoTraining() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!trainings().isEmpty() && System.nanoTime() < until) {
      Thread.sleep(100);
    }
    assertEquals(List.of(), trainings());
  }

  /** A process's nice value, field 19 of {@code /proc/PID/stat}. */
  private static int niceness(ProcessHandle p) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Integer.parseInt(fields[16]);
  }

  /** The finished class archives in {@code cache}. */
  private static List<Path> archives(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (var list = Files.list(cache)) {
      return list.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList();
    }
  }

  /**
   * Before it trains a new archive, the launcher removes this host's archives of jars that were
   * rebuilt or removed since their training (their .paths file names the jar, JDK and host; the
   * archive's name no longer matches the stamps), and, a day old, archives that earlier launchers
   * left without a .paths file and unfinished trainings' files. Another installation's current
   * archive, another host's archives (a shared home) and a recent archive without a .paths stay.
   */
  @Test
  void launcherRemovesTheArchivesOfChangedJars() throws Exception {
    Path home = unpack();
    Path other = unpack();
    Path cache = dir.resolve("cds");
    Map<String, String> env = cdsEnv("on", cache);
    Run first = run(other, env, other.resolve("bin/ibrouting").toString(), "cds");
    assertEquals(0, first.status(), first.output());
    Path otherArchive = archives(cache).get(0);
    Path otherPaths = sibling(otherArchive, ".paths");
    List<String> otherLines = Files.readAllLines(otherPaths);
    assertEquals(3, otherLines.size(), "jar, JDK and host: " + otherLines);
    assertEquals(
        other.resolve("lib/ibrouting.jar").toRealPath(), Path.of(otherLines.get(0)).toRealPath());
    String host = otherLines.get(2);

    Path removedJar = plant(cache, "1", dir.resolve("gone/ibrouting.jar") + "\n/j\n" + host);
    Path rebuiltJar = plant(cache, "4", home.resolve("lib/ibrouting.jar") + "\n/j\n" + host);
    Path elsewhere = plant(cache, "5", dir.resolve("gone/ibrouting.jar") + "\n/j\nelsewhere");
    Path oldWithout = dayOld(plant(cache, "2", null));
    Path recentWithout = plant(cache, "3", null);
    Path oldPartial = dayOld(cache.resolve("classes-6.jsa.999"));
    List<Path> before = archives(cache);

    Run second = run(home, env, home.resolve("bin/ibrouting").toString(), "cds");
    assertEquals(0, second.status(), second.output());
    Path homeArchive =
        archives(cache).stream().filter(a -> !before.contains(a)).findFirst().orElseThrow();
    for (Path gone : List.of(removedJar, rebuiltJar, oldWithout, oldPartial)) {
      assertTrue(!Files.exists(gone), gone + " was kept");
      assertTrue(!Files.exists(sibling(gone, ".paths")), sibling(gone, ".paths") + " was kept");
    }
    for (Path kept :
        List.of(
            otherArchive,
            otherPaths,
            elsewhere,
            sibling(elsewhere, ".paths"),
            recentWithout,
            sibling(homeArchive, ".paths"))) {
      assertTrue(Files.exists(kept), kept + " was removed");
    }
  }

  /** Sets {@code file}'s modification time two days back; returns it. */
  private static Path dayOld(Path file) throws IOException {
    if (!Files.exists(file)) {
      Files.writeString(file, "unfinished");
    }
    Files.setLastModifiedTime(
        file, FileTime.fromMillis(System.currentTimeMillis() - 2 * 86_400_000L));
    return file;
  }

  /** {@code classes-NAME.jsa} in {@code cache}, with a .paths file of {@code paths} unless null. */
  private static Path plant(Path cache, String name, String paths) throws IOException {
    Path archive = cache.resolve("classes-" + name + ".jsa");
    Files.writeString(archive, "not an archive");
    if (paths != null) {
      Files.writeString(sibling(archive, ".paths"), paths);
    }
    return archive;
  }

  /** {@code archive} with {@code suffix} instead of .jsa (after its name for a partial). */
  private static Path sibling(Path archive, String suffix) {
    String name = archive.getFileName().toString();
    String base = name.endsWith(".jsa") ? name.substring(0, name.length() - 4) : name;
    return archive.resolveSibling(base + suffix);
  }

  private Path unpack() throws Exception {
    Path archive = Path.of(System.getProperty("ibrouting.distribution"));
    assertTrue(Files.isRegularFile(archive), archive + " was not built");
    Path into = Files.createTempDirectory(dir, "unpacked");
    Run untar = run(into, "tar", "xzf", archive.toString());
    assertEquals(0, untar.status(), untar.output());
    try (var list = Files.list(into)) {
      return list.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  @Test
  void unpackedArchiveRoutesTheBundledFabric() throws Exception {
    Path archive = Path.of(System.getProperty("ibrouting.distribution"));
    assertTrue(Files.isRegularFile(archive), archive + " was not built");
    Run untar = run(dir, "tar", "xzf", archive.toString());
    assertEquals(0, untar.status(), untar.output());
    List<Path> roots = new ArrayList<>();
    try (var list = Files.list(dir)) {
      list.filter(Files::isDirectory).forEach(roots::add);
    }
    assertEquals(1, roots.size(), "one top directory: " + roots);
    Path home = roots.get(0);
    assertTrue(home.getFileName().toString().startsWith("ibrouting-"), home.toString());
    Path launcher = home.resolve("bin/ibrouting");
    assertTrue(Files.isExecutable(launcher), launcher + " is not executable");

    Run version = run(home, launcher.toString(), "--version");
    assertEquals(0, version.status(), version.output());
    String expected = home.getFileName().toString().substring("ibrouting-".length());
    assertTrue(
        version.output().startsWith("ibrouting " + expected + ", commit "), version.output());

    Run route =
        ibrouting(
            home,
            Map.of(),
            "route -R minhop examples/ft4_3.ibnd -o {}",
            dir.resolve("ft4_3.lfts.dump"));
    assertEquals(0, route.status(), route.output());
    assertTrue(route.output().contains("4032 routed of 4032"), route.output());
    Run check =
        ibrouting(
            home,
            Map.of(),
            "check examples/ft4_3.ibnd {} --deadlock",
            dir.resolve("ft4_3.lfts.dump"));
    assertEquals(0, check.status(), check.output());

    // an engine of the user's own, in a jar of its own, chosen by name
    Path plugin = dir.resolve("plugin.jar");
    String entry = PluginEngineProvider.class.getName().replace('.', '/') + ".class";
    Path classes = Path.of(PluginEngineProvider.class.getResource("/" + entry).toURI()).getParent();
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(plugin));
        var files = Files.list(classes)) {
      for (Path classFile : (Iterable<Path>) files::iterator) {
        String fileName = classFile.getFileName().toString();
        if (fileName.startsWith(PluginEngineProvider.class.getSimpleName())) {
          jar.putNextEntry(new JarEntry(entry.substring(0, entry.lastIndexOf('/') + 1) + fileName));
          jar.write(Files.readAllBytes(classFile));
        }
      }
      jar.putNextEntry(new JarEntry("META-INF/services/" + EngineProvider.class.getName()));
      jar.write((PluginEngineProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Run withPlugin =
        ibrouting(
            home,
            Map.of("IBROUTING_CLASSPATH", plugin.toString()),
            "route -R dor,plugin-minhop examples/ft4_3.ibnd -o {}",
            dir.resolve("p.dump"));
    assertEquals(0, withPlugin.status(), withPlugin.output());
    assertTrue(withPlugin.output().contains("engine       plugin-minhop"), withPlugin.output());
    Run without =
        ibrouting(
            home,
            Map.of(),
            "route -R plugin-minhop examples/ft4_3.ibnd -o {}",
            dir.resolve("q.dump"));
    assertEquals(2, without.status(), without.output());
    assertTrue(
        without.output().contains("unknown routing engine 'plugin-minhop'"), without.output());
  }
}
