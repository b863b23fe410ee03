package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.ibrouting.interop.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class archive's training refuses a JVM that compiles: such an archive could leave a method
 * interpreted in every run that maps it (JDK-8306460). The launcher's own training, with {@code
 * -Xint}, is exercised by {@code DistributionIT}.
 */
class CdsTrainingTest {
  @Test
  void knowsAnInterpretingJvmByItsVmInfo() {
    assertTrue(CdsTraining.interpretedOnly("interpreted mode, sharing"));
    assertTrue(CdsTraining.interpretedOnly("interpreted mode"));
    assertFalse(CdsTraining.interpretedOnly("mixed mode, sharing"));
    assertFalse(CdsTraining.interpretedOnly("compiled mode"));
    assertFalse(CdsTraining.interpretedOnly(""));
  }

  @Test
  void refusesToTrainInAJvmThatCompiles(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("training.log");
    Processes.Finished training =
        Processes.runToEnd(
            new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                CdsTraining.class.getName()),
            log,
            Duration.ofSeconds(60));
    assertEquals(2, training.exitCode(), training.output());
    assertTrue(training.output().contains("must run with -Xint"), training.output());
  }
}
