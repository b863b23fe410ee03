package org.ibrouting.io.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;

/**
 * The reference fabrics of {@code shared/fabrics}, bundled as test resources: their {@code
 * ibnetdiscover} output, ibsim net file, and the LFT dumps OpenSM 3.3.23 wrote for them per engine
 * with its evaluation ({@code ENGINE.result.json}). Published in lft-io's test-jar.
 */
public final class ReferenceFabrics {
  private static final ConcurrentHashMap<String, Fabric> FABRICS = new ConcurrentHashMap<>();

  private ReferenceFabrics() {}

  /**
   * The fabric names: ft4_3, ft8_3, oversub_2to1, torus2d_4x4, hypercube5, dragonfly_a4p2h2,
   * jellyfish32.
   */
  public static List<String> names() {
    try (BufferedReader in = reader("fabrics/index.txt")) {
      return in.lines()
          .map(String::trim)
          .filter(s -> !s.isEmpty() && !s.equals("index.txt"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The fabric, parsed from its {@code fabric.ibnd} (cached). */
  public static Fabric fabric(String name) {
    return FABRICS.computeIfAbsent(
        name,
        n -> {
          try (BufferedReader in = reader("fabrics/" + n + "/fabric.ibnd")) {
            return IbnetdiscoverReader.read(in, n + "/fabric.ibnd");
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /** The routing OpenSM wrote with {@code -R engine} (file {@code engine.lfts.dump.gz}). */
  public static Routing openSmRouting(String name, String engine) {
    String file = "fabrics/" + name + "/" + engine + ".lfts.dump.gz";
    try (BufferedReader in = reader(file)) {
      return LftDumpReader.read(fabric(name), in, file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of {@code engine.result.json}. */
  public static String resultJson(String name, String engine) {
    try (BufferedReader in = reader("fabrics/" + name + "/" + engine + ".result.json")) {
      return String.join("\n", in.lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A numeric field of {@code engine.result.json} (the first occurrence), or NaN when null or
   * absent.
   */
  public static double resultNumber(String name, String engine, String field) {
    Matcher m =
        Pattern.compile("\"" + Pattern.quote(field) + "\":\\s*(-?[0-9.eE+-]+|null|true|false)")
            .matcher(resultJson(name, engine));
    if (!m.find() || m.group(1).equals("null")) {
      return Double.NaN;
    }
    String v = m.group(1);
    return v.equals("true") ? 1 : v.equals("false") ? 0 : Double.parseDouble(v);
  }

  /** A string field of {@code engine.result.json}, or null. */
  public static String resultString(String name, String engine, String field) {
    Matcher m =
        Pattern.compile("\"" + Pattern.quote(field) + "\":\\s*\"([^\"]*)\"")
            .matcher(resultJson(name, engine));
    return m.find() ? m.group(1) : null;
  }

  /**
   * The engines OpenSM was run with on the reference fabrics ({@code updn+roots}: updn with a root
   * GUID file); a fabric has the dumps of those that routed it, fallbacks included.
   */
  public static final List<String> OPENSM_RUNS =
      List.of(
          "minhop",
          "updn",
          "updn+roots",
          "dnup",
          "ftree",
          "lash",
          "dor",
          "sssp",
          "dfsssp",
          "nue",
          "torus-2QoS");

  /** The engines with a dump for this fabric ({@code minhop}, {@code updn+roots}, ...). */
  public static List<String> engines(String name) {
    return OPENSM_RUNS.stream()
        .filter(
            e ->
                ReferenceFabrics.class
                        .getClassLoader()
                        .getResource("fabrics/" + name + "/" + e + ".lfts.dump.gz")
                    != null)
        .toList();
  }

  /** A resource of a fabric copied to a temporary file (e.g. for a command line or ibsim). */
  public static Path resource(String name, String file) {
    try (InputStream in = stream("fabrics/" + name + "/" + file)) {
      Path temp = Files.createTempFile(name + "-", "-" + file);
      Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
      temp.toFile().deleteOnExit();
      return temp;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream stream(String resource) throws IOException {
    InputStream in = ReferenceFabrics.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IOException("no test resource " + resource);
    }
    return in;
  }

  private static BufferedReader reader(String resource) throws IOException {
    InputStream in = stream(resource);
    if (resource.endsWith(".gz")) {
      in = new GZIPInputStream(in, 1 << 16);
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }
}
