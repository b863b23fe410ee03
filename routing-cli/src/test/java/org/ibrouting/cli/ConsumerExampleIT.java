package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.interop.Processes;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/consumer}, a project that depends on the published artifacts only (BOM, engines,
 * lft-io, test kit), built with Maven as a user builds it: against a private local repository under
 * {@code target/} that holds this build's jars and POMs (never {@code ~/.m2}, which it reads as a
 * mirror for third-party artifacts and plugins). Its tests run the README's API tour, a custom
 * engine by name in a chain, and a jqwik deadlock-freedom property with the kit; the reports must
 * show that property's 40 tries, and a false property added beside it must fail (a build whose test
 * runner silently ran nothing would pass neither check).
 */
class ConsumerExampleIT {
  private static final List<String> MODULES =
      List.of("routing-core", "ibrouting-testkit", "routing-engines", "lft-io");

  private static Path property(String name) {
    String value = System.getProperty(name);
    assertTrue(value != null && !value.isEmpty(), "system property " + name + " (set by the pom)");
    return Path.of(value);
  }

  @Test
  void theConsumerExampleBuildsAgainstThePublishedArtifacts() throws Exception {
    Path root = property("ibrouting.root");
    Path target = property("ibrouting.target");
    String version = System.getProperty("ibrouting.version");
    Path work = target.resolve("consumer-example");
    deleteTree(work.resolve("consumer"));
    copyTree(root.resolve("examples/consumer"), work.resolve("consumer"));
    Files.copy(
        root.resolve("examples/ft4_3.ibnd"),
        work.resolve("ft4_3.ibnd"),
        StandardCopyOption.REPLACE_EXISTING);

    // a false property beside the example's: the build must run it and report it failed
    Files.writeString(
        work.resolve("consumer/src/test/java/org/example/routing/FalsePropertyTest.java"),
        FALSE_PROPERTY);

    Path repo = target.resolve("consumer-repo");
    Path ours = repo.resolve("org/ibrouting");
    deleteTree(ours);
    install(repo, "ibrouting-parent", version, root.resolve("pom.xml"), null);
    install(repo, "ibrouting-bom", version, root.resolve("ibrouting-bom/pom.xml"), null);
    for (String module : MODULES) {
      install(
          repo,
          module,
          version,
          root.resolve(module + "/pom.xml"),
          root.resolve(module + "/target/" + module + "-" + version + ".jar"));
    }
    Path settings = work.resolve("settings.xml");
    // ~/.m2 stands in for Maven Central (read only; it has what this build downloaded)
    String central =
        "<id>central</id><url>"
            + property("ibrouting.m2").toUri()
            + "</url>"
            + "<releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots>";
    Files.writeString(
        settings,
        "<settings><profiles><profile><id>reactor</id>"
            + "<repositories><repository>"
            + central
            + "</repository></repositories>"
            + "<pluginRepositories><pluginRepository>"
            + central
            + "</pluginRepository></pluginRepositories>"
            + "</profile></profiles><activeProfiles><activeProfile>reactor</activeProfile></activeProfiles></settings>\n");

    Path mvn = property("ibrouting.maven.home").resolve("bin/mvn");
    Path log = work.resolve("build.log");
    List<String> command =
        new ArrayList<>(
            List.of(
                mvn.toString(),
                "-B",
                "-nsu",
                "-s",
                settings.toString(),
                "-gs",
                settings.toString(),
                "-Dmaven.repo.local=" + repo,
                "-Dibrouting.version=" + version,
                "-Dmaven.test.failure.ignore=true",
                "verify"));
    Processes.Finished build =
        Processes.runToEnd(
            new ProcessBuilder(command).directory(work.resolve("consumer").toFile()),
            log,
            Duration.ofMinutes(15));
    assertEquals(0, build.exitCode(), build.output());
    assertThePropertiesRan(work.resolve("consumer/target/surefire-reports"), build.output());
  }

  /**
   * The example's property ran its 40 tries (jqwik's own report says so), its other tests passed,
   * and the false property failed with the kit's witness.
   */
  private static void assertThePropertiesRan(Path reports, String output) throws IOException {
    for (String test : List.of("TourTest", "FirstPortPropertiesTest")) {
      String report =
          Files.readString(reports.resolve("TEST-org.example.routing." + test + ".xml"));
      assertTrue(report.contains("failures=\"0\"") && !report.contains("tests=\"0\""), report);
    }
    String property =
        Files.readString(reports.resolve("TEST-org.example.routing.FirstPortPropertiesTest.xml"));
    assertTrue(
        property.contains("testcase name=\"routesEveryPairMinimallyAndDeadlockFree\""), property);
    // jqwik's own report of the property: every one of its 40 tries called it
    assertTrue(
        java.util.regex.Pattern.compile(
                "FirstPortPropertiesTest:routesEveryPairMinimallyAndDeadlockFree = *\n"
                    + " *\\|-+jqwik-+ *\ntries = 40 ")
            .matcher(output)
            .find(),
        output);
    String falseReport =
        Files.readString(reports.resolve("TEST-org.example.routing.FalsePropertyTest.xml"));
    assertTrue(falseReport.contains("failures=\"1\""), falseReport);
    assertTrue(falseReport.contains("channels on cycles; witness"), falseReport);
    assertTrue(output.contains("There are test failures"), output);
  }

  /** A property that does not hold: MINHOP is not deadlock-free on tori. */
  private static final String FALSE_PROPERTY =
      String.join(
          "\n",
          "package org.example.routing;",
          "",
          "import net.jqwik.api.Arbitrary;",
          "import net.jqwik.api.ForAll;",
          "import net.jqwik.api.Property;",
          "import net.jqwik.api.Provide;",
          "import org.ibrouting.engines.EngineConfig;",
          "import org.ibrouting.engines.Engines;",
          "import org.ibrouting.fabric.Fabric;",
          "import org.ibrouting.routing.RoutingException;",
          "import org.ibrouting.routing.RoutingOptions;",
          "import org.ibrouting.testkit.FabricArbitraries;",
          "import org.ibrouting.testkit.RoutingAssertions;",
          "",
          "class FalsePropertyTest {",
          "  @Provide",
          "  Arbitrary<Fabric> tori() {",
          "    return FabricArbitraries.tori();",
          "  }",
          "",
          "  @Property(tries = 40, seed = \"42\")",
          "  void minhopIsDeadlockFreeOnTori(@ForAll(\"tori\") Fabric fabric) throws RoutingException {",
          "    RoutingAssertions.assertDeadlockFreePerVl(",
          "        Engines.create(\"minhop\", EngineConfig.none()).route(fabric, RoutingOptions.seeded(1)));",
          "  }",
          "}",
          "");

  private static void install(Path repo, String artifact, String version, Path pom, Path jar)
      throws IOException {
    Path dir = repo.resolve("org/ibrouting").resolve(artifact).resolve(version);
    Files.createDirectories(dir);
    Files.copy(
        pom, dir.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
    if (jar != null) {
      assertTrue(Files.isRegularFile(jar), jar + " was not built");
      Files.copy(
          jar, dir.resolve(artifact + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path relative = from.relativize(file);
        if (relative.startsWith("target")) {
          continue;
        }
        Path dest = to.resolve(relative.toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(file, dest, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file :
          (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(file);
      }
    }
  }
}
