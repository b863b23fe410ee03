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
 * snippet compiles against the published artifacts.
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
}
