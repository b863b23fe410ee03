package org.ibrouting.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes output files so that the target is either the old file or the complete new one, never a
 * partial file: the content goes to a temporary file in the same directory, which is then renamed
 * over the target.
 */
public final class AtomicFiles {
  /** Writes content to an output stream. */
  @FunctionalInterface
  public interface Content {
    /** Writes everything; the stream is buffered and closed by the caller. */
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  /** Writes {@code target} atomically with the given content. */
  public static void write(Path target, Content content) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path dir = absolute.getParent();
    Files.createDirectories(dir);
    Path temp;
    try {
      temp = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
    } catch (AccessDeniedException e) {
      // the temporary file's name would only confuse: say which file could not be written
      throw new AccessDeniedException(absolute.toString(), null, "cannot create a file in " + dir);
    }
    boolean done = false;
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16)) {
        content.writeTo(out);
      } catch (IOException e) {
        throw naming(absolute, e);
      }
      // a temporary file is private (0600); give the result the permissions of a normal new file
      if (Files.getFileStore(temp).supportsFileAttributeView("posix")) {
        Files.setPosixFilePermissions(
            temp,
            Files.exists(absolute)
                ? Files.getPosixFilePermissions(absolute)
                : PosixFilePermissions.fromString("rw-r--r--"));
      }
      try {
        Files.move(
            temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
      done = true;
    } finally {
      if (!done) {
        Files.deleteIfExists(temp);
      }
    }
  }

  /**
   * A plain I/O error of the stream (a full disk: "No space left on device") with the target's name
   * in front; other exceptions name their file or are the content's own.
   */
  private static IOException naming(Path target, IOException e) {
    if (e.getClass() != IOException.class
        || String.valueOf(e.getMessage()).contains(target.toString())) {
      return e;
    }
    return new IOException(target + ": " + e.getMessage(), e);
  }

  /** Writes {@code text} to {@code target} atomically, in UTF-8. */
  public static void writeString(Path target, String text) throws IOException {
    write(target, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }
}
