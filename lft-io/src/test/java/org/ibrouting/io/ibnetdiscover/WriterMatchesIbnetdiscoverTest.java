package org.ibrouting.io.ibnetdiscover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our writer prints every node block exactly as the real {@code ibnetdiscover} printed it for the
 * reference fabrics, byte for byte; only the header (date) and the order of blocks within a node
 * type (ibnetdiscover's discovery order) differ.
 */
class WriterMatchesIbnetdiscoverTest {
  static Stream<String> names() {
    return ReferenceFabrics.names().stream();
  }

  private static Set<String> blocks(String text) {
    Set<String> blocks = new TreeSet<>();
    String[] parts = text.split("\n\n");
    for (int i = 1; i < parts.length; i++) {
      blocks.add(parts[i].endsWith("\n") ? parts[i] : parts[i] + "\n");
    }
    return blocks;
  }

  @ParameterizedTest
  @MethodSource("names")
  void nodeBlocksAreByteIdentical(String name) throws IOException {
    Path real = ReferenceFabrics.resource(name, "fabric.ibnd");
    String theirs = Files.readString(real, StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbnetdiscoverWriter.write(ReferenceFabrics.fabric(name), out);
    String ours = out.toString(StandardCharsets.UTF_8);
    Set<String> expected = blocks(theirs);
    Set<String> actual = blocks(ours);
    for (String block : expected) {
      if (!actual.contains(block)) {
        String head = block.substring(0, block.indexOf('\n', block.indexOf("guid=")));
        String mine = actual.stream().filter(b -> b.startsWith(head)).findFirst().orElse("(none)");
        fail(name + ": ibnetdiscover printed\n" + block + "\nwe print\n" + mine);
      }
    }
    assertEquals(
        ReferenceFabrics.fabric(name).numNodes(), expected.size(), "blocks in fabric.ibnd");
    assertEquals(expected.size(), actual.size(), "node blocks");
    assertEquals(
        theirs.substring(0, theirs.indexOf("\n# Initiated")).lines().count(),
        ours.substring(0, ours.indexOf("\n# Initiated")).lines().count(),
        "header lines");
  }
}
