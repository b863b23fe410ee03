package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.simulation.JobList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine options read each input file once, however often a command asks for its content. */
class EngineOptionsTest {
  @TempDir Path dir;

  @Test
  void theJobFileIsReadOnce() throws Exception {
    EngineOptions options = new EngineOptions();
    assertNull(options.jobs());
    options.jobFile = Files.writeString(dir.resolve("jobs.txt"), "node1 1\nnode2 2\n");
    JobList first = options.jobs();
    Files.delete(options.jobFile);
    assertSame(first, options.jobs(), "the file is not read again");
    assertSame(first, options.config().get(EngineInputs.JOBS));
  }
}
