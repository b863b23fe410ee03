package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.ibrouting.cli.testing.PluginEngineProvider;
import org.ibrouting.engines.EngineProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive ({@code routing-cli/target/ibrouting-VERSION.tar.gz}) as a user gets it:
 * unpacked anywhere, its {@code bin/ibrouting} runs without a source tree, and builds and uses its
 * class-data-sharing archive. Runs after {@code package} (failsafe), which builds the archive.
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
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    // no class archive in the home directory of whoever runs the tests, unless a test asks
    builder.environment().put("IBROUTING_CDS", "off");
    builder.environment().putAll(env);
    Process p = builder.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
    return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
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
   * The launcher's class-data-sharing archive: the first run creates it in the background in
   * IBROUTING_CDS_DIR, the next runs map their classes from it (the JVM's class-load log says
   * "shared objects file (top)"), and IBROUTING_CDS=off neither creates nor uses one.
   */
  @Test
  void launcherCreatesAndUsesItsClassArchive() throws Exception {
    Path home = unpack();
    Path launcher = home.resolve("bin/ibrouting");
    Path cache = dir.resolve("cds");
    Run off =
        run(
            home,
            Map.of("IBROUTING_CDS", "off", "IBROUTING_CDS_DIR", cache.toString()),
            launcher.toString(),
            "--version");
    assertEquals(0, off.status(), off.output());
    assertTrue(!Files.exists(cache), "IBROUTING_CDS=off created " + cache);

    Map<String, String> env = Map.of("IBROUTING_CDS", "on", "IBROUTING_CDS_DIR", cache.toString());
    Run first = run(home, env, launcher.toString(), "--version");
    assertEquals(0, first.status(), first.output());
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    List<Path> archives = List.of();
    while (archives.isEmpty() && System.nanoTime() < until) {
      Thread.sleep(500);
      try (var list = Files.list(cache)) {
        archives = list.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList();
      }
    }
    assertEquals(1, archives.size(), "no archive in " + cache + " after the first run");

    Path classLog = dir.resolve("classes.log");
    Map<String, String> logged =
        Map.of(
            "IBROUTING_CDS",
            "on",
            "IBROUTING_CDS_DIR",
            cache.toString(),
            "IBROUTING_JAVA_OPTS",
            "-Xmx1g -Xlog:class+load:file=" + classLog);
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
    Map<String, String> env = Map.of("IBROUTING_CDS", "on", "IBROUTING_CDS_DIR", cache.toString());
    Run first = run(other, env, other.resolve("bin/ibrouting").toString(), "--version");
    assertEquals(0, first.status(), first.output());
    Path otherArchive = awaitNewArchive(cache, List.of());
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

    Run second = run(home, env, home.resolve("bin/ibrouting").toString(), "--version");
    assertEquals(0, second.status(), second.output());
    Path homeArchive =
        awaitNewArchive(
            cache,
            List.of(otherArchive, removedJar, rebuiltJar, elsewhere, oldWithout, recentWithout));
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

  /** Waits up to 180 s for an archive in {@code cache} that is not one of {@code known}. */
  private static Path awaitNewArchive(Path cache, List<Path> known) throws Exception {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < until) {
      if (Files.isDirectory(cache)) {
        try (var list = Files.list(cache)) {
          var found =
              list.filter(f -> f.getFileName().toString().endsWith(".jsa"))
                  .filter(f -> !known.contains(f))
                  .findFirst();
          if (found.isPresent()) {
            return found.get();
          }
        }
      }
      Thread.sleep(500);
    }
    throw new AssertionError("no new archive in " + cache + " within 180 s");
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
