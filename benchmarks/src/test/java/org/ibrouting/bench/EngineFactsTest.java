package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the comparisons read the VLs OpenSM's engines needed from its log. */
class EngineFactsTest {
  @TempDir Path dir;

  @Test
  void vlsFromOpenSmsLogPerEngine() throws Exception {
    Path log = dir.resolve("osm.log");
    Files.writeString(
        log,
        "Nov 23 ... lash_core: Lanes needed: 5\n"
            + "Nov 23 ... dfsssp_remove_deadlocks: Virtual Lanes needed: 3\n");
    assertEquals(5, EngineFacts.openSmVls("lash", log));
    assertEquals(3, EngineFacts.openSmVls("dfsssp", log));
    assertEquals(
        1, EngineFacts.openSmVls("minhop", log), "an engine whose log says nothing of VLs");
    assertEquals(1, EngineFacts.openSmVls("lash", dir.resolve("missing.log")));
    Path silent = Files.writeString(dir.resolve("silent.log"), "building routing with 'lash'\n");
    assertEquals(1, EngineFacts.openSmVls("lash", silent));
  }
}
