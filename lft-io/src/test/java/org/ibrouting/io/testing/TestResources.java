package org.ibrouting.io.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;

/** Test resources by their path on the class path, as text or as a temporary file. */
public final class TestResources {
  private TestResources() {}

  /** The text of a resource, gunzipped when its name ends in {@code .gz}. */
  public static String text(String resource) {
    try (InputStream raw = open(resource)) {
      InputStream in = resource.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A resource copied, as it is, to a temporary file (deleted when the JVM exits). */
  public static Path file(String resource) {
    try (InputStream in = open(resource)) {
      String name = resource.substring(resource.lastIndexOf('/') + 1);
      Path temp = Files.createTempFile("resource-", "-" + name);
      Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
      temp.toFile().deleteOnExit();
      return temp;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream open(String resource) throws IOException {
    InputStream in = TestResources.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IOException("no test resource " + resource);
    }
    return in;
  }
}
