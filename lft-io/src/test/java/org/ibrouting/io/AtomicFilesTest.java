package org.ibrouting.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AtomicFiles} names the file it was asked to write, not its temporary one. */
class AtomicFilesTest {
  /**
   * A write that fails half-way (a full disk) names the target, leaves no temporary file and keeps
   * the file that was there.
   */
  @Test
  void aFailedWriteNamesTheTargetAndKeepsTheOldFile(@TempDir Path dir) throws IOException {
    Path target = dir.resolve("lfts.dump");
    Files.writeString(target, "old");
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                AtomicFiles.write(
                    target,
                    out -> {
                      out.write(new byte[100_000]);
                      throw new IOException("No space left on device");
                    }));
    assertEquals(target.toAbsolutePath() + ": No space left on device", e.getMessage());
    assertEquals("old", Files.readString(target));
    try (var files = Files.list(dir)) {
      assertEquals(1, files.count());
    }
  }

  /**
   * A directory where no one may create a file, root included (sysfs refuses it on Linux): the
   * exception names the target and says why.
   */
  @Test
  void aDirectoryThatRefusesFilesNamesTheTarget() {
    Path dir = Path.of("/sys/kernel");
    assumeTrue(Files.isDirectory(dir), "needs Linux's sysfs");
    Path target = dir.resolve("ibrouting-test.dump");
    AccessDeniedException e =
        assertThrows(AccessDeniedException.class, () -> AtomicFiles.writeString(target, "x"));
    assertEquals(target.toString(), e.getFile());
    assertEquals("cannot create a file in " + dir, e.getReason());
  }
}
