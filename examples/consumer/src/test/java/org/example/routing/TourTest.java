package org.example.routing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tour on the 4-ary 3-tree shipped in ibrouting's examples/. */
class TourTest {
  @TempDir
  Path dir;

  @Test
  void everyStepRunsOnTheExampleFabric() throws Exception {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      Tour.main(new String[] {Path.of("..", "ft4_3.ibnd").toString(), dir.toString()});
    } finally {
      System.setOut(old);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("routed by first-port after [dor: "), text);
    assertTrue(text.contains("all 4032 pairs routed"), text);
    assertTrue(text.contains("delivered, 6 links"), text);
    String firstPort = text.lines().filter(l -> l.startsWith("first-port ")).findFirst().orElseThrow();
    String reread = text.lines().filter(l -> l.startsWith("reread ")).findFirst().orElseThrow();
    assertTrue(firstPort.endsWith(reread.substring(reread.indexOf("  1  "))), "the dump read back measures the same: "
        + firstPort + " / " + reread);
    assertTrue(Files.size(dir.resolve("lfts.dump")) > 0);
  }
}
