package org.ibrouting.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@link AtomicFiles} names the file it was asked to write, not its temporary one. */
class AtomicFilesTest {
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
