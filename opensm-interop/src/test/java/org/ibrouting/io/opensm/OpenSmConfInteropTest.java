package org.ibrouting.io.opensm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.ibrouting.interop.OpenSmInteropTest;
import org.ibrouting.interop.Processes;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.Routing;
import org.junit.jupiter.api.Test;

/**
 * OpenSM itself reads the opensm.conf of a deployment: {@code opensm -F ours -c dump} writes back
 * every value. In this package for {@link OpenSmConfWriterTest}'s helpers.
 */
class OpenSmConfInteropTest extends OpenSmInteropTest {
  @Test
  void openSmAcceptsEveryKeyWithItsValue() throws Exception {
    Routing routing = OpenSmConfWriterTest.sparseRouting(ReferenceFabrics.fabric("ft4_3"));
    Path conf = dir.resolve("opensm.conf");
    OpenSmConfWriter.write(conf, routing, dir.resolve("lfts"), dir.resolve("qos"), 0b1011);
    Path back = dir.resolve("back.conf");
    Path out = dir.resolve("opensm.out");
    String opensm = Files.isExecutable(Path.of("/usr/sbin/opensm")) ? "/usr/sbin/opensm" : "opensm";
    Processes.Finished run =
        Processes.runToEnd(
            new ProcessBuilder(opensm, "-F", conf.toString(), "-c", back.toString()),
            out,
            Duration.ofSeconds(60));
    assertEquals(0, run.exitCode(), run.output());
    assertFalse(run.output().contains("Unrecognized"), run.output());
    Map<String, String> ours = OpenSmConfWriterTest.options(Files.readString(conf));
    Map<String, String> theirs =
        OpenSmConfWriterTest.options(Files.readString(back, StandardCharsets.ISO_8859_1));
    for (Map.Entry<String, String> option : ours.entrySet()) {
      assertEquals(option.getValue(), theirs.get(option.getKey()), option.getKey());
    }
  }
}
