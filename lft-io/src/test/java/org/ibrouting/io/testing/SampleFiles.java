package org.ibrouting.io.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The fabric files of lft-io's test resources that tools and sites write ({@code fabric-files/},
 * described in its README), ibsim's {@code net-examples/} and the read-backs of a deployment
 * ({@code opensm-readback/}), as text or copied to temporary files for readers, command lines and
 * ibsim. Published in the test-jar.
 */
public final class SampleFiles {
  private SampleFiles() {}

  /** ibsim's net-examples, by resource path. */
  public static List<String> netExamples() {
    return List.of(
        "net-examples/net",
        "net-examples/net.1",
        "net-examples/net.2sw2path",
        "net-examples/net.2sw2path4hca",
        "net-examples/net.2sw2path4hca2port");
  }

  /** The text of a test resource, gunzipped when its name ends in {@code .gz}. */
  public static String text(String resource) {
    try (InputStream raw = SampleFiles.class.getClassLoader().getResourceAsStream(resource)) {
      if (raw == null) {
        throw new IOException("no test resource " + resource);
      }
      InputStream in = resource.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A test resource (such as {@code fabric-files/lids/island.net}) copied to a temporary file. */
  public static Path copy(String resource) {
    try (InputStream in = SampleFiles.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("no test resource " + resource);
      }
      String name = resource.substring(resource.lastIndexOf('/') + 1);
      Path temp = Files.createTempFile("sample-", "-" + name);
      Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
      temp.toFile().deleteOnExit();
      return temp;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
