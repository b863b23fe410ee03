package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java snippet of the README appears, line for line (indentation aside), in the sources of
 * {@code examples/consumer}, which the build compiles and tests (ConsumerExampleIT): so every
 * snippet compiles against the published artifacts. Its Maven snippet is that example's pom, and
 * the BOM's own build needs no plugin version the parent does not pin.
 */
class ReadmeSnippetsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static List<String> normalized(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        lines.add(line.strip());
      }
    }
    return lines;
  }

  @Test
  void everyJavaSnippetIsInTheConsumerExample() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<List<String>> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT.resolve("examples/consumer/src"))) {
      for (Path file :
          (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
        sources.add(normalized(Files.readString(file, StandardCharsets.UTF_8)));
      }
    }
    Matcher m = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme);
    int snippets = 0;
    while (m.find()) {
      snippets++;
      List<String> snippet = normalized(m.group(1));
      assertTrue(
          sources.stream()
              .anyMatch(source -> java.util.Collections.indexOfSubList(source, snippet) >= 0),
          "README snippet not found in examples/consumer/src:\n" + m.group(1));
    }
    assertTrue(snippets >= 4, "the README's Java snippets: " + snippets);
  }

  /**
   * The README's Maven snippet is the consumer example's pom, line for line in order (its comments
   * and the plugins Maven 3.8 gets right left out): what the README shows is what the build tests.
   */
  @Test
  void theMavenSnippetIsTheConsumerExamplesPom() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("```xml\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertTrue(m.find(), "no Maven snippet in the README");
    List<String> pom =
        normalized(
            Files.readString(ROOT.resolve("examples/consumer/pom.xml"), StandardCharsets.UTF_8));
    int at = 0;
    for (String line : normalized(m.group(1))) {
      int found = pom.subList(at, pom.size()).indexOf(line);
      assertTrue(found >= 0, "README line not in examples/consumer/pom.xml (in order): " + line);
      at += found + 1;
    }
    for (String needed :
        List.of("maven-compiler-plugin", "maven-surefire-plugin", "failIfNoTests", "release>17")) {
      assertTrue(m.group(1).contains(needed), "the Maven snippet lacks " + needed);
    }
  }

  /**
   * The BOM has no parent, so its own build takes Maven's built-in plugin versions unless it pins
   * them: it pins those of its lifecycles at the parent's versions, so that {@code mvn -o install}
   * needs no plugin the rest of the build did not.
   */
  @Test
  void theBomPinsItsPluginsAtTheParentsVersions() throws IOException {
    String bom = Files.readString(ROOT.resolve("ibrouting-bom/pom.xml"), StandardCharsets.UTF_8);
    String parent = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
    for (String plugin : List.of("clean", "resources", "install", "deploy", "site")) {
      String artifact = "maven-" + plugin + "-plugin";
      String version = pinned(parent, artifact);
      assertTrue(version != null, "the parent pins no " + artifact);
      assertTrue(
          version.equals(pinned(bom, artifact)),
          "the BOM pins "
              + artifact
              + " at "
              + pinned(bom, artifact)
              + ", the parent at "
              + version);
    }
  }

  private static String pinned(String pom, String artifact) {
    Matcher m =
        Pattern.compile("<artifactId>" + artifact + "</artifactId>\\s*<version>([^<]+)</version>")
            .matcher(pom);
    return m.find() ? m.group(1) : null;
  }
}
