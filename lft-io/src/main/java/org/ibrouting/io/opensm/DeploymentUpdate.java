package org.ibrouting.io.opensm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;

/**
 * Changes a deployment directory ({@link OpenSmDeployment}) that a running OpenSM reads, in place
 * and file by file, and reads back what it holds.
 *
 * <p>OpenSM reads the configuration at the start of a heavy sweep, the LFT dump when it routes and
 * the QoS policy after that, each whenever a sweep runs (a trap, the sweep interval, or SIGHUP). An
 * update therefore replaces each file by an atomic rename and in this order: the configuration
 * (whose SL-to-VL map only grows, see {@link DeploymentState}), the LFT dump when the tables change
 * (first, as the next sweep needs it soonest), the SL file and then the QoS policy when the SLs
 * change, the fabric, and last the state, which commits the update. A sweep may read the new dump
 * with the old policy; callers that change both at once must know that every mix of the two
 * routings is safe (an update check that says so), and change only one of them per step otherwise.
 *
 * <p>A crash between two renames leaves every file whole; the state still names the previous
 * generation. The LFT dump and the SL file are the routing; the policy and the configuration are
 * derived from them, so {@link #apply} with the routing {@link #readRouting} returns puts a
 * directory back in order.
 */
public final class DeploymentUpdate {
  /** What an update writes. */
  public enum Part {
    /** The LFT dump. */
    LFTS,
    /** The SL file and the QoS policy. */
    SLS,
    /** The fabric the routing was made for. */
    FABRIC
  }

  private DeploymentUpdate() {}

  /**
   * Writes the parts of {@code routing} into the deployment {@code dir}, with the configuration
   * kept in step, and records {@code phase} ({@link DeploymentState#COMPLETE} or a plan step).
   * While the files are replaced the state says so ({@link DeploymentState#writing}): a writer
   * stopped midway leaves a directory that is not complete, whatever files it got to.
   *
   * @return what was written; its {@code policy} is null when the SLs were not written
   * @throws IllegalArgumentException when {@code dir} holds no deployment, or the routing's SLs
   *     cannot be deployed
   */
  public static OpenSmDeployment.Result apply(
      Routing routing, Path dir, Set<Part> parts, String phase, int threads) throws IOException {
    OpenSmDeployment.requireDeployableSls(routing);
    Path target = dir.toAbsolutePath().normalize();
    DeploymentState state = requireState(target);
    QosPolicyWriter.Stats policy = null;
    byte[] policyBytes = null;
    if (parts.contains(Part.SLS)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
      policy = QosPolicyWriter.write(routing, out);
      policyBytes = out.toByteArray();
    }
    DeploymentState next =
        state.next(routing.engineName(), policy == null ? 0 : policy.usedSls(), phase);
    // the files are replaced one by one: until the last, the directory says it is being written
    AtomicFiles.writeString(target.resolve(OpenSmDeployment.STATE), next.writing().text());
    Path conf = target.resolve(OpenSmDeployment.CONF);
    String confText =
        OpenSmConfWriter.text(
            routing,
            target.resolve(OpenSmDeployment.LFT_DUMP),
            target.resolve(OpenSmDeployment.QOS_POLICY),
            next.stickySls());
    if (!Files.isRegularFile(conf)
        || !Files.readString(conf, StandardCharsets.UTF_8).equals(confText)) {
      AtomicFiles.writeString(conf, confText);
    }
    if (parts.contains(Part.LFTS)) {
      LftDumpWriter.write(
          routing, target.resolve(OpenSmDeployment.LFT_DUMP), state.format(), threads);
    }
    boolean slFile = Files.isRegularFile(target.resolve(OpenSmDeployment.SL_FILE));
    if (policyBytes != null) {
      slFile = !routing.slTable().isNone();
      if (slFile) {
        SlFileWriter.write(routing, target.resolve(OpenSmDeployment.SL_FILE));
      } else {
        Files.deleteIfExists(target.resolve(OpenSmDeployment.SL_FILE));
      }
      byte[] bytes = policyBytes;
      Path file = target.resolve(OpenSmDeployment.QOS_POLICY);
      if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), bytes)) {
        AtomicFiles.write(file, out -> out.write(bytes));
      }
    }
    if (parts.contains(Part.FABRIC)) {
      IbnetdiscoverWriter.write(routing.fabric(), target.resolve(OpenSmDeployment.FABRIC));
    }
    AtomicFiles.writeString(target.resolve(OpenSmDeployment.STATE), next.text());
    return OpenSmDeployment.result(routing, target, policy, slFile, next);
  }

  /**
   * The routing {@code dir} holds, read against {@code fabric} (the fabric as it is now, which may
   * have lost switches, links or LIDs since the deployment): its LFT dump and, when there is one,
   * its SL file, both read as earlier states of the fabric.
   */
  public static Routing readRouting(Path dir, Fabric fabric) throws IOException {
    return read(dir, fabric, OpenSmDeployment.LFT_DUMP, OpenSmDeployment.SL_FILE);
  }

  /** The routing a switch-over plan in {@code dir} leads to, or null when none is recorded. */
  public static Routing readTarget(Path dir, Fabric fabric) throws IOException {
    if (!Files.isRegularFile(dir.resolve(OpenSmDeployment.TARGET_LFT_DUMP))) {
      return null;
    }
    return read(dir, fabric, OpenSmDeployment.TARGET_LFT_DUMP, OpenSmDeployment.TARGET_SL_FILE);
  }

  /** Records the routing a switch-over plan leads to (read back by {@link #readTarget}). */
  public static void writeTarget(Routing target, Path dir, int threads) throws IOException {
    DeploymentState state = requireState(dir);
    Path slFile = dir.resolve(OpenSmDeployment.TARGET_SL_FILE);
    if (target.slTable().isNone()) {
      Files.deleteIfExists(slFile);
    } else {
      SlFileWriter.write(target, slFile);
    }
    LftDumpWriter.write(
        target, dir.resolve(OpenSmDeployment.TARGET_LFT_DUMP), state.format(), threads);
  }

  /** Removes the record of a switch-over plan's target. */
  public static void deleteTarget(Path dir) throws IOException {
    Files.deleteIfExists(dir.resolve(OpenSmDeployment.TARGET_LFT_DUMP));
    Files.deleteIfExists(dir.resolve(OpenSmDeployment.TARGET_SL_FILE));
  }

  /** The fabric the deployment in {@code dir} was made for, or null when it names none. */
  public static Path fabricFile(Path dir) {
    Path file = dir.resolve(OpenSmDeployment.FABRIC);
    return Files.isRegularFile(file) ? file : null;
  }

  private static Routing read(Path dir, Fabric fabric, String dump, String sls) throws IOException {
    Routing routing = LftDumpReader.readEarlier(fabric, dir.resolve(dump));
    Path slFile = dir.resolve(sls);
    if (Files.isRegularFile(slFile)) {
      routing = routing.withSlTable(routing.engineName(), SlFileReader.readEarlier(fabric, slFile));
    }
    return routing;
  }

  /** The state of the deployment in {@code dir}; refuses a directory that records none. */
  public static DeploymentState requireState(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          dir
              + " is no deployment directory; write one with route, reroute or deploy --opensm-dir");
    }
    DeploymentState state = OpenSmDeployment.stateOf(dir);
    if (state == null) {
      throw new IllegalArgumentException(
          dir
              + " holds no "
              + OpenSmDeployment.STATE
              + " (a deployment of an earlier ibrouting version?); write it again with route,"
              + " reroute or deploy --opensm-dir");
    }
    return state;
  }
}
