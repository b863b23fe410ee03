package org.ibrouting.io.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The fabric files of lft-io's test resources that tools and sites write ({@code fabric-files/},
 * described in its README) and ibsim's {@code net-examples/}, copied to temporary files for
 * readers, command lines and ibsim. Published in the test-jar.
 */
public final class SampleFiles {
  private SampleFiles() {}

  /** ibsim's net-examples, by resource path. */
  public static List<String> netExamples() {
    return List.of("net-examples/net", "net-examples/net.1", "net-examples/net.2sw2path",
        "net-examples/net.2sw2path4hca", "net-examples/net.2sw2path4hca2port");
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
